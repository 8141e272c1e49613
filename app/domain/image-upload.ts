/** Largest picture accepted from a phone or camera. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** What the file picker offers; the server decides from the bytes, never from the name or declared type. */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

export const IMAGE_TOO_LARGE = "The image must be 8 MB or smaller";
export const NOT_AN_IMAGE = "Choose a JPEG, PNG, WebP or GIF image";
