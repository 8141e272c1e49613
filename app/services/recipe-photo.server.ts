/**
 * A recipe's own picture as a cook or a file gives it. Browsers are only ever sent to the app's own upload store
 * for it: a photo at another address is fetched once by the server (public addresses only, 10 s, the upload size
 * limit) and stored like an uploaded dish photo (checked, re-encoded, kept with its narrower copies). An address
 * of any other page of the app (e.g. /menu-detail/5, which every viewer's browser would then request) is never
 * kept.
 */
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { storedDishPhotoOf } from "./dish-photo-use.server";
import { fetchOk, readBody } from "./import-fetch.server";
import { imageUrl, readStoredImage, storeImage } from "./images.server";

/** The photo at `address` (http or https), stored; null when it cannot be had. */
export async function fetchedPhoto(address: unknown, allowPrivateHosts: boolean): Promise<string | null> {
  if (typeof address !== "string" || !/^https?:\/\//i.test(address)) return null;
  try {
    const { response } = await fetchOk(address, allowPrivateHosts);
    const bytes = await readBody(response, MAX_IMAGE_BYTES, "photo");
    return imageUrl(await storeImage("dishes", new Blob([new Uint8Array(bytes)])));
  } catch {
    return null;
  }
}

/**
 * The picture a cook set through the JSON calls, as it is kept: a dish photo of the upload store that exists
 * stays as it is; an https address is fetched and stored. Null when it is neither (the caller answers why).
 */
export async function keptRecipePhoto(image: string, allowPrivateHosts: boolean): Promise<string | null> {
  const stored = storedDishPhotoOf(image);
  if (stored) return (await readStoredImage(stored)) ? image : null;
  return /^https:\/\//i.test(image) ? fetchedPhoto(image, allowPrivateHosts) : null;
}
