import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** The shared model and photos (../shared): read, never copied. Tests that need them skip without them. */
export const SHARED_MODEL_DIR = path.resolve("../shared/models/darknet-tiny");
export const GROCERY_DIR = path.resolve("../shared/data/images/grocery-dev");

export const hasSharedModel = existsSync(path.join(SHARED_MODEL_DIR, "model.json"));
export const hasGroceryPhotos = existsSync(path.join(GROCERY_DIR, "labels.csv"));

/** Says why a suite is skipped (vitest itself only reports "skipped"). */
export function explainSkip(suite: string, available: boolean, missing: string): boolean {
  if (!available) console.warn(`Skipping ${suite}: ${missing} is absent (it comes from ../shared).`);
  return !available;
}

export function groceryPhoto(file: string): Buffer {
  return readFileSync(path.join(GROCERY_DIR, file));
}

/**
 * A few photos on one square canvas, along its diagonal, as if the items lay apart on a table (white between).
 */
export async function onTable(files: string[], side = 348): Promise<Buffer> {
  const canvas = side * files.length;
  const tiles = await Promise.all(files.map((file) => sharp(groceryPhoto(file)).resize(side, side).toBuffer()));
  return sharp({ create: { width: canvas, height: canvas, channels: 3, background: "#ffffff" } })
    .composite(tiles.map((input, index) => ({ input, left: index * side, top: index * side })))
    .jpeg()
    .toBuffer();
}

export function dataUrl(bytes: Uint8Array, type = "image/jpeg"): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}
