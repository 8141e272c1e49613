import * as z from "zod";

/** Largest picture accepted from a phone or camera. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** What the file picker offers; the server decides from the bytes, never from the name or declared type. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

export const IMAGE_TOO_LARGE = "The image must be 8 MB or smaller";
export const NOT_AN_IMAGE = "Choose a JPEG, PNG, WebP or GIF image";

/** An optional picture field of a form (an empty file input counts as no picture). */
export const optionalImageFile = z
  .instanceof(File, { error: NOT_AN_IMAGE })
  .refine((file) => file.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE)
  .optional();
