import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { SHIPPED_MODEL_DIRECTORY } from "~/domain/vision";
import { SHARED_DIR, skipWithoutShared } from "./shared-data";

/** The model committed with the app (what a fresh install runs). */
export const MODEL_DIR = path.resolve(SHIPPED_MODEL_DIRECTORY);
/** darknet-tiny as it came: its 1,000 ImageNet classes read its own features (the shipped model's are fine-tuned). */
export const IMAGENET_MODEL_DIR = path.resolve("models/darknet-tiny");
/** The shared photos (../shared, or SHARED_DIR): read, never copied. Tests that need them skip without them (not in CI). */
export const GROCERY_DIR = path.join(SHARED_DIR, "data/images/grocery-dev");

export const hasGroceryPhotos = existsSync(path.join(GROCERY_DIR, "labels.csv"));

/** Whether a suite that needs ../shared skips: with a warning locally, never in CI (it fails there instead). */
export const explainSkip = skipWithoutShared;

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

/** Four photos (of `directory`) tiled 2 × 2 with no gap, as a fridge shelf or a counter seen from above. */
export async function tiled(files: string[], side = 300, directory = GROCERY_DIR): Promise<Buffer> {
  const tiles = await Promise.all(
    files.map((file) =>
      sharp(readFileSync(path.join(directory, file)))
        .resize(side, side)
        .toBuffer()
    )
  );
  return sharp({ create: { width: 2 * side, height: 2 * side, channels: 3, background: "#ffffff" } })
    .composite(tiles.map((input, index) => ({ input, left: (index % 2) * side, top: Math.floor(index / 2) * side })))
    .jpeg()
    .toBuffer();
}

export function dataUrl(bytes: Uint8Array, type = "image/jpeg"): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}
