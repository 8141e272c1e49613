import { randomBytes } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from "~/domain/image-upload";
import { BODY_TOO_LARGE, BodyRefusedError, readBoundedForm } from "~/services/body.server";
import { type StoredFile, uploadStorage } from "~/services/upload-storage.server";

/**
 * Uploaded pictures (avatars, dish photos). Nothing a user sends is stored or served as sent: the bytes must
 * be a JPEG, PNG, WebP or GIF by their signature and to the decoder, markup hidden in them is refused, and
 * the picture is decoded and re-encoded (turned upright by its EXIF orientation, then every metadata block,
 * GPS included, dropped) under a random name. The stored value is its key in the upload storage (UPLOADS_DIR
 * or a bucket: upload-storage.server.ts), e.g. "avatars/3f9c...e1.webp"; /uploads/<stored> serves it.
 */

export type UploadKind = "avatars" | "dishes";

type Output = { extension: "webp" | "jpg"; contentType: "image/webp" | "image/jpeg" };

const OUTPUTS: Record<UploadKind, Output> = {
  avatars: { extension: "webp", contentType: "image/webp" },
  // Dish photos are shared and saved by people: JPEG opens everywhere.
  dishes: { extension: "jpg", contentType: "image/jpeg" },
};

const AVATAR_SIDE = 256;
const DISH_MAX_SIDE = 1600;
/**
 * Narrower copies kept beside each dish photo ("dishes/<name>-640w.jpg"), offered through srcset so a phone
 * fetches the one its screen needs. Every width is written, a photo narrower than one being copied as it is.
 */
const DISH_VARIANT_WIDTHS = [320, 640, 1024] as const;
/** Refuses decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;
export const UNREADABLE = "The image could not be read. Please choose another one.";

/** An upload refused (not an image, too large, unreadable); the message is for the user. */
export class UploadRejectedError extends Error {
  constructor(message: string, readonly status: 400 | 413 = 400) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

type SniffedFormat = "jpeg" | "png" | "gif" | "webp";

function startsWith(bytes: Buffer, signature: number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The format its leading bytes (magic number) say the file is. */
function sniffFormat(bytes: Buffer): SniffedFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (
    bytes
      .subarray(0, 6)
      .toString("latin1")
      .match(/^GIF8[79]a$/)
  )
    return "gif";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  return null;
}

/**
 * Markup a browser or an interpreter would act on, anywhere in the file but its compressed pixels: an image that
 * is also an HTML page, SVG or script (a polyglot) is refused even though re-encoding would drop it.
 */
const HIDDEN_MARKUP = /<(?:script|html|body|svg|iframe|object|embed|!doctype|\?php)\b/i;

/**
 * The file less its compressed pixel data, which is noise to a text pattern: one real photo in about three hundred
 * holds "<sVg" by chance there (grocery-val's Kiwi_001.jpg). A JPEG's scans (first SOS to last EOI) and a PNG's
 * IDAT chunks are left out; headers, metadata, comments and whatever follows the image are all kept.
 */
function outsidePixelData(bytes: Buffer, format: SniffedFormat): string {
  if (format === "jpeg") {
    const scans = bytes.indexOf(Buffer.from([0xff, 0xda]));
    const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
    if (scans > 0 && end > scans) return bytes.toString("latin1", 0, scans) + bytes.toString("latin1", end);
  }
  if (format === "png") {
    const kept: string[] = [bytes.toString("latin1", 0, 8)];
    let offset = 8;
    while (offset + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString("latin1", offset + 4, offset + 8);
      const next = offset + 12 + length;
      if (next > bytes.length) break;
      if (type !== "IDAT") kept.push(bytes.toString("latin1", offset, next));
      offset = next;
    }
    return kept.join("") + bytes.toString("latin1", offset);
  }
  return bytes.toString("latin1");
}

/** The bytes as an image to decode further, if they are one (UploadRejectedError otherwise). */
export async function decodableImage(bytes: Buffer): Promise<Sharp> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new UploadRejectedError(IMAGE_TOO_LARGE, 413);
  const sniffed = sniffFormat(bytes);
  if (!sniffed || HIDDEN_MARKUP.test(outsidePixelData(bytes, sniffed))) throw new UploadRejectedError(NOT_AN_IMAGE);
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  try {
    const metadata = await image.metadata();
    if (metadata.format !== sniffed) throw new UploadRejectedError(NOT_AN_IMAGE);
  } catch (error) {
    if (error instanceof UploadRejectedError) throw error;
    throw new UploadRejectedError(UNREADABLE);
  }
  return image;
}

/** The picture re-encoded for its kind: upright, without metadata; avatars cut to a square. */
async function reencode(kind: UploadKind, bytes: Buffer): Promise<Buffer> {
  const upright = (await decodableImage(bytes)).rotate();
  try {
    if (kind === "avatars") {
      return await upright
        .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: "cover", position: sharp.strategy.attention })
        .webp({ quality: 82 })
        .toBuffer();
    }
    return await upright
      .resize(DISH_MAX_SIDE, DISH_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new UploadRejectedError(UNREADABLE);
  }
}

/** Stored names are only ever ones this module generated, so a name can never climb out of its folder. */
const STORED_PATH = new RegExp(
  `^(avatars|dishes)/[0-9a-f]{32}(?:-(?:${DISH_VARIANT_WIDTHS.join("|")})w)?\\.(webp|jpg)$`
);

const variantPath = (stored: string, width: number) => stored.replace(/\.jpg$/, `-${width}w.jpg`);
const isDishPhoto = (stored: string) => /^dishes\/[0-9a-f]{32}\.jpg$/.test(stored);

const contentTypeOf = (stored: string) => OUTPUTS[stored.split("/")[0] as UploadKind].contentType;

const writeNew = (stored: string, bytes: Buffer) => uploadStorage().put(stored, bytes, contentTypeOf(stored));

async function dishVariants(photo: Buffer): Promise<{ width: number; bytes: Buffer }[]> {
  return Promise.all(
    DISH_VARIANT_WIDTHS.map(async (width) => ({
      width,
      bytes: await sharp(photo)
        .resize({ width, withoutEnlargement: true })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer(),
    }))
  );
}

/**
 * Checks, re-encodes and stores a picture; returns its stored path ("avatars/<random>.webp").
 * Throws UploadRejectedError with a message for the user when the file is refused.
 */
export async function storeImage(kind: UploadKind, file: Blob): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadRejectedError(IMAGE_TOO_LARGE, 413);
  const encoded = await reencode(kind, Buffer.from(await file.arrayBuffer()));
  const stored = `${kind}/${randomBytes(16).toString("hex")}.${OUTPUTS[kind].extension}`;
  const variants = kind === "dishes" ? await dishVariants(encoded) : [];
  await writeNew(stored, encoded);
  await Promise.all(variants.map(({ width, bytes }) => writeNew(variantPath(stored, width), bytes)));
  return stored;
}

/** Removes a stored picture (a dish photo with its narrower copies); anything that is not a stored path (a URL, a bundled image) is left alone. */
export async function deleteImage(stored: string | null | undefined): Promise<void> {
  if (!stored || !STORED_PATH.test(stored)) return;
  const copies = isDishPhoto(stored) ? DISH_VARIANT_WIDTHS.map((width) => variantPath(stored, width)) : [];
  await Promise.all([stored, ...copies].map((file) => uploadStorage().remove(file)));
}

/** The stored dish photos (not their narrower copies), each with when it was written. */
export async function storedDishPhotos(): Promise<{ stored: string; writtenAt: Date }[]> {
  const files = await uploadStorage().list("dishes");
  return files.filter(({ key }) => isDishPhoto(key)).map(({ key, writtenAt }) => ({ stored: key, writtenAt }));
}

/** The picture's address; `version` (e.g. the profile's update time) makes browsers fetch a replaced one. */
export function imageUrl(stored: string, version?: Date): string {
  return `/uploads/${stored}${version ? `?t=${version.getTime()}` : ""}`;
}

/** The stored path of a dish photo's narrower copy (320, 640 or 1024 px wide). */
export function dishImageVariant(stored: string, width: (typeof DISH_VARIANT_WIDTHS)[number]): string {
  return variantPath(stored, width);
}

/** A srcset for a stored dish photo: its narrower copies and itself (at most DISH_MAX_SIDE wide). */
export function dishImageSrcSet(stored: string): string {
  const copies = DISH_VARIANT_WIDTHS.map((width) => `${imageUrl(variantPath(stored, width))} ${width}w`);
  return [...copies, `${imageUrl(stored)} ${DISH_MAX_SIDE}w`].join(", ");
}

/** A stored picture as a stream with its content type, or null for any other path (traversal included). */
export async function openStoredImage(stored: string): Promise<(StoredFile & { contentType: string }) | null> {
  if (!STORED_PATH.test(stored)) return null;
  const file = await uploadStorage().get(stored);
  return file && { ...file, contentType: contentTypeOf(stored) };
}

/** The bytes and content type of a stored picture, or null for any other path (traversal included). */
export async function readStoredImage(stored: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const file = await openStoredImage(stored);
  if (!file) return null;
  return { bytes: Buffer.from(await new Response(file.body).arrayBuffer()), contentType: file.contentType };
}

const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;

export type ImageFormRead = { ok: true; formData: FormData } | { ok: false; status: 400 | 413; message: string };

/** readImageForm for an action that answers the refusal itself: the refusal comes back as a value. */
export async function readImageFormOrRefusal(request: Request): Promise<ImageFormRead> {
  try {
    return { ok: true, formData: await readImageForm(request) };
  } catch (error) {
    if (!(error instanceof UploadRejectedError)) throw error;
    return { ok: false, status: error.status, message: error.message };
  }
}

/**
 * Reads a form that may carry a picture (multipart) or only fields (urlencoded), through the bounded reader:
 * each file up to MAX_IMAGE_BYTES and the whole body to MAX_FORM_BYTES, beyond that UploadRejectedError (413);
 * a form the reader refuses otherwise (too many fields, unreadable) with the reader's message.
 */
export async function readImageForm(request: Request): Promise<FormData> {
  try {
    return await readBoundedForm(request, { maxBytes: MAX_FORM_BYTES, maxFileBytes: MAX_IMAGE_BYTES });
  } catch (error) {
    if (!(error instanceof BodyRefusedError)) throw error;
    throw new UploadRejectedError(error.message === BODY_TOO_LARGE ? IMAGE_TOO_LARGE : error.message, error.status);
  }
}
