/**
 * The head's features of every photo of a labelled folder, for training and measuring (vision:train,
 * bench:vision): each photo read through the backbone once per view (as it is, mirrored, random crops with their
 * colours moved), cached on disk under .cache/vision-features (gitignored) by the model's fingerprint, so that a
 * second run, or another setting, costs no model pass.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { Catalogue } from "~/domain/catalogue";
import {
  centredView,
  PLAIN_VIEW,
  randomView,
  seededRandom,
  viewRegion,
  type AugmentedView,
  type TestView,
} from "~/domain/vision-head";
import { ingredientOfPhoto, parseLabelsCsv, type LabelledPhoto } from "~/domain/vision-labels";
import { MODEL_INPUT_SIZE } from "~/domain/vision";
import type { Classifier, CropRequest } from "./model.server";

/** Where the features are cached (VISION_FEATURE_CACHE moves it, e.g. out of the worktree). */
/** The view number of the centre crop (CENTRE_VIEW + 1: mirrored). */
export const CENTRE_VIEW = 100;
/**
 * The squares in the middle of the photo read at test time, as shares of its shorter side: view CENTRE_VIEW + 2k
 * reads the k-th, CENTRE_VIEW + 2k + 1 its mirror image (the first, 0.8, is CENTRE_CROP).
 */
export const CENTRED_SIZES = [0.8, 0.6] as const;

/** The view number of a test view: 0 and 1 for the whole photo and its mirror, CENTRE_VIEW + ... for a square. */
export function viewNumber({ size, mirrored }: TestView): number {
  const mirror = mirrored ? 1 : 0;
  if (size === 1) return mirror;
  const index = CENTRED_SIZES.indexOf(size as (typeof CENTRED_SIZES)[number]);
  if (index < 0) throw new Error(`No view number for a centred square of ${size}`);
  return CENTRE_VIEW + 2 * index + mirror;
}

export const FEATURE_CACHE = process.env.VISION_FEATURE_CACHE ?? ".cache/vision-features";

/** A photo of the folder whose class names a catalogue ingredient. */
export interface TrainingPhoto extends LabelledPhoto {
  ingredient: string;
  /** the ingredient's type in the catalogue (Fruit, Vegetables, ...) */
  type: string;
}

export async function labelledFolder(folder: string, catalogue: Catalogue): Promise<TrainingPhoto[]> {
  const { photos } = parseLabelsCsv(await readFile(path.join(folder, "labels.csv"), "utf8"));
  return photos.flatMap((photo) => {
    const ingredient = ingredientOfPhoto(catalogue, photo);
    return ingredient ? [{ ...photo, ingredient: ingredient.name, type: ingredient.type }] : [];
  });
}

/**
 * View 0 is the photo as it is, view 1 its mirror image, later ones random crops seeded by the photo and view;
 * CENTRE_VIEW on are the squares in the middle of the photo read at test time (CENTRED_SIZES).
 */
export function viewOf(file: string, view: number): AugmentedView {
  if (view === 0) return PLAIN_VIEW;
  if (view === 1) return { ...PLAIN_VIEW, mirrored: true };
  const square = view - CENTRE_VIEW;
  if (square >= 0 && square < 2 * CENTRED_SIZES.length)
    return centredView({ size: CENTRED_SIZES[Math.floor(square / 2)], mirrored: square % 2 === 1 });
  let seed = view * 7919;
  for (const character of file) seed = (Math.imul(seed, 31) + character.charCodeAt(0)) >>> 0;
  return randomView(seededRandom(seed));
}

/** The head's features of one photo in one view. */
export async function viewFeatures(classifier: Classifier, bytes: Buffer, view: AugmentedView): Promise<Float32Array> {
  const plainColours = view.brightness === 1 && view.saturation === 1 && view.hue === 0;
  const image = plainColours
    ? sharp(bytes)
    : sharp(bytes).modulate({ brightness: view.brightness, saturation: view.saturation, hue: view.hue });
  const photo = await classifier.decode(image);
  const crop: CropRequest = {
    region: viewRegion(photo.width, photo.height, view),
    side: MODEL_INPUT_SIZE,
    mirrored: view.mirrored,
  };
  const [analysis] = await classifier.read(photo, [crop], { classes: false });
  return analysis.features;
}

function cacheFiles(fingerprint: string, folder: string, view: number) {
  const directory = path.join(FEATURE_CACHE, fingerprint);
  const file = path.join(directory, `${path.basename(path.resolve(folder))}-view${view}.bin`);
  return { directory, file, index: `${file}.json` };
}

/** The cached features of every photo of `folder` in one view (rows in the order of `photos`), or null. */
export function cachedFolderFeatures(
  fingerprint: string,
  folder: string,
  photos: readonly TrainingPhoto[],
  view: number
): Float32Array[] | null {
  const { file, index } = cacheFiles(fingerprint, folder, view);
  if (!existsSync(file) || !existsSync(index)) return null;
  const names = photos.map(({ file: name }) => name);
  const cached = JSON.parse(readFileSync(index, "utf8")) as { files: string[]; length: number };
  if (cached.files.join("\n") !== names.join("\n")) return null;
  const bytes = readFileSync(file);
  const all = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return names.map((_, row) => all.slice(row * cached.length, (row + 1) * cached.length));
}

/**
 * The features of every photo of `folder` in one view, rows in the order of `photos`: read from the cache, or
 * computed (and cached) when missing.
 */
export async function folderFeatures(
  classifier: Classifier,
  folder: string,
  photos: readonly TrainingPhoto[],
  view: number,
  onProgress?: (done: number, total: number) => void
): Promise<Float32Array[]> {
  const cached = cachedFolderFeatures(classifier.fingerprint, folder, photos, view);
  if (cached) return cached;
  const { directory, file, index } = cacheFiles(classifier.fingerprint, folder, view);
  const names = photos.map(({ file: name }) => name);
  const rows: Float32Array[] = [];
  for (const [at, photo] of photos.entries()) {
    onProgress?.(at, photos.length);
    rows.push(await viewFeatures(classifier, await readFile(path.join(folder, photo.file)), viewOf(photo.file, view)));
  }
  mkdirSync(directory, { recursive: true });
  const joined = new Float32Array(rows.length * rows[0].length);
  rows.forEach((row, at) => joined.set(row, at * row.length));
  writeFileSync(file, Buffer.from(joined.buffer));
  writeFileSync(index, JSON.stringify({ files: names, length: rows[0].length }));
  return rows;
}

/** GroceryStoreDataset's packaged classes (cartons of milk, yogurt, juice); the rest is fruit and vegetables. */
const PACKAGED_CLASSES: ReadonlySet<string> = new Set([
  "Milk",
  "Oat-Milk",
  "Oatghurt",
  "Sour-Cream",
  "Sour-Milk",
  "Soy-Milk",
  "Soyghurt",
  "Yoghurt",
  "Juice",
]);

export const isProduce = (photo: Pick<LabelledPhoto, "coarseClass">) => !PACKAGED_CLASSES.has(photo.coarseClass);
