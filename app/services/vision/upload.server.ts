/**
 * A photo sent to be recognised — as a data URL in JSON (POST /api/upload) or as a file in a form (the
 * camera screens without JavaScript) — checked by its bytes, recognised, and what was found added to the
 * sender's ingredient list as camera items.
 */
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { decodableImage, readImageForm, UploadRejectedError } from "~/services/images.server";
import { getCook } from "~/services/cook.server";
import { addToPantry } from "~/services/pantry-store.server";
import { clientAddress, RateLimiter } from "~/services/rate-limit.server";
import { isJsonRequest, readJsonObject } from "~/services/request.server";
import { oneAtATimePerSession } from "~/services/session.server";
import { ModelNotInstalledError } from "./model.server";
import { VisionUnavailableError, type FoundIngredient } from "./provider.server";
import { configuredProvider } from "./recognize.server";

/** Photos one client may send per minute: recognition is the app's most expensive call. */
export const PHOTOS_PER_MINUTE = 12;
export const TOO_MANY_PHOTOS = "Too many photos in a short time. Please wait a minute and try again.";
export const NO_PHOTO = "Take a photo or choose an image file first.";
export const NOT_A_DATA_URL = "image must be a data URL of the photo (data:image/jpeg;base64,...)";

/** The JSON body: an image of MAX_IMAGE_BYTES in base64 (4 characters per 3 bytes), and room for the rest. */
const MAX_PHOTO_JSON_BYTES = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64 * 1024;
/** Any declared type is accepted here: the bytes decide what the file is. */
const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

const photoLimiter = new RateLimiter(PHOTOS_PER_MINUTE, 60_000);

async function photoFromJson(request: Request): Promise<Buffer> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_PHOTO_JSON_BYTES) {
    throw new UploadRejectedError(IMAGE_TOO_LARGE, 413);
  }
  const { image } = await readJsonObject(request, MAX_PHOTO_JSON_BYTES);
  if (typeof image !== "string" || image.length === 0) throw new UploadRejectedError(NOT_A_DATA_URL);
  const base64 = DATA_URL.exec(image)?.[1];
  if (base64 === undefined) throw new UploadRejectedError(NOT_A_DATA_URL);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw new UploadRejectedError(NO_PHOTO);
  return bytes;
}

async function photoFromForm(request: Request): Promise<Buffer> {
  const file = (await readImageForm(request)).get("image");
  if (!(file instanceof File) || file.size === 0) throw new UploadRejectedError(NO_PHOTO);
  return Buffer.from(await file.arrayBuffer());
}

export type PhotoOutcome =
  | { ok: true; ingredients: FoundIngredient[]; headers: Headers }
  | { ok: false; status: number; message: string };

/**
 * Recognises the photo in the request and adds what it shows to the ingredient list (as camera items from
 * this photo, so corrections on ingredient preview can teach the recogniser). Nothing found is a success
 * with no ingredients. Malformed JSON bodies are answered by a thrown 400/413 Response.
 */
export async function identifyPhoto(request: Request): Promise<PhotoOutcome> {
  if (!photoLimiter.tryHit(clientAddress(request))) return { ok: false, status: 429, message: TOO_MANY_PHOTOS };
  try {
    const bytes = isJsonRequest(request) ? await photoFromJson(request) : await photoFromForm(request);
    const { ingredients, captureId } = await configuredProvider().recognize(await decodableImage(bytes));
    if (ingredients.length === 0) return { ok: true, ingredients, headers: new Headers() };
    // the cook (a guest's session) read once the earlier changes of this session are written
    const listed = await oneAtATimePerSession(request, async () =>
      addToPantry(
        await getCook(request),
        ingredients.map(({ name }) => ({ name, source: "camera" as const, captureId }))
      )
    );
    if (!listed.ok) return { ok: false, status: 409, message: listed.message };
    return { ok: true, ingredients, headers: listed.headers };
  } catch (error) {
    if (error instanceof UploadRejectedError) return { ok: false, status: error.status, message: error.message };
    if (error instanceof ModelNotInstalledError) console.warn(error.instructions);
    if (error instanceof VisionUnavailableError) return { ok: false, status: 503, message: error.message };
    throw error;
  }
}
