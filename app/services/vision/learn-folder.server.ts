/**
 * Teaches the recogniser a folder of labelled photos: labels.csv (`file,fine_class,coarse_class`) names each
 * photo's ingredient in its coarse class; each photo's embedding is stored as an example of it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ingredientOfClassName, LABELS_HEADER, parseLabelsCsv } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
import { decodableImage, UploadRejectedError } from "~/services/images.server";
import { rememberExample } from "./memory.server";
import { loadClassifier } from "./model.server";

export interface FolderLearning {
  /** photos stored as new examples, per ingredient */
  learned: Map<string, number>;
  /** photos that were examples already */
  known: number;
  /** classes the catalogue has no ingredient for, with their photo counts */
  unknownClasses: Map<string, number>;
  /** photos that could not be used, with the reason */
  failed: { file: string; reason: string }[];
}

/** The folder cannot be learned from at all (no labels.csv, a wrong header); the message says why. */
export class UnusableFolderError extends Error {}

async function labelledPhotos(root: string) {
  let text: string;
  try {
    text = await readFile(path.join(root, "labels.csv"), "utf8");
  } catch {
    throw new UnusableFolderError(`${root} has no readable labels.csv (${LABELS_HEADER})`);
  }
  try {
    return parseLabelsCsv(text);
  } catch (error) {
    throw new UnusableFolderError((error as Error).message);
  }
}

export async function learnFolder(
  folder: string,
  modelDirectory: string,
  onProgress?: (done: number, total: number) => void,
): Promise<FolderLearning> {
  const root = path.resolve(folder);
  const { photos, badLines } = await labelledPhotos(root);
  const [classifier, catalogue] = await Promise.all([loadClassifier(modelDirectory), loadCatalogue()]);
  const result: FolderLearning = {
    learned: new Map(),
    known: 0,
    unknownClasses: new Map(),
    failed: badLines.map((line) => ({ file: `labels.csv line ${line}`, reason: "needs a file and a coarse class" })),
  };
  for (const [index, photo] of photos.entries()) {
    onProgress?.(index, photos.length);
    const ingredient = ingredientOfClassName(catalogue, photo.coarseClass);
    if (!ingredient) {
      result.unknownClasses.set(photo.coarseClass, (result.unknownClasses.get(photo.coarseClass) ?? 0) + 1);
      continue;
    }
    const file = path.resolve(root, photo.file);
    if (!file.startsWith(`${root}${path.sep}`)) {
      result.failed.push({ file: photo.file, reason: "is outside the folder" });
      continue;
    }
    try {
      const { embeddings } = await classifier.analyze(await decodableImage(await readFile(file)));
      if (await rememberExample({ ingredient, embedding: embeddings[0], source: "folder", negative: false })) {
        result.learned.set(ingredient.name, (result.learned.get(ingredient.name) ?? 0) + 1);
      } else {
        result.known++;
      }
    } catch (error) {
      if (!(error instanceof UploadRejectedError) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      result.failed.push({ file: photo.file, reason: error instanceof UploadRejectedError ? error.message : "file not found" });
    }
  }
  onProgress?.(photos.length, photos.length);
  return result;
}
