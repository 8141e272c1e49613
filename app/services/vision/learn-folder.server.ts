/**
 * Teaches the recogniser a folder of labelled photos: labels.csv (`file,fine_class,coarse_class`) names each
 * photo's ingredient (its fine class when the catalogue knows it, else its coarse class); each photo's
 * embeddings (as it is and mirrored) are stored as examples of it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Catalogue, CatalogueIngredient } from "~/domain/catalogue";
import { ingredientOfPhoto, LABELS_HEADER, parseLabelsCsv, type LabelledPhoto } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
import { decodableImage, UploadRejectedError } from "~/services/images.server";
import { rememberExample } from "./memory.server";
import { LEARNING_PLAN, loadClassifier, type Classifier } from "./model.server";

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

/** A labelled photo of the folder, read: its ingredient and its embeddings (as it is, and mirrored). */
export interface LabelledPhotoEmbeddings {
  photo: LabelledPhoto;
  ingredient: CatalogueIngredient;
  embeddings: Float32Array[];
}

/**
 * Reads every photo of a labelled folder whose class names a catalogue ingredient (the most specific one,
 * ingredientOfPhoto), through the classifier; what could not be used goes to `result`.
 */
export async function* readLabelledFolder(
  folder: string,
  classifier: Classifier,
  catalogue: Catalogue,
  result: Pick<FolderLearning, "unknownClasses" | "failed">,
  onProgress?: (done: number, total: number) => void
): AsyncGenerator<LabelledPhotoEmbeddings> {
  const root = path.resolve(folder);
  const { photos, badLines } = await labelledPhotos(root);
  result.failed.push(
    ...badLines.map((line) => ({ file: `labels.csv line ${line}`, reason: "needs a file and a coarse class" }))
  );
  for (const [index, photo] of photos.entries()) {
    onProgress?.(index, photos.length);
    const ingredient = ingredientOfPhoto(catalogue, photo);
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
      const { crops } = await classifier.analyze(await decodableImage(await readFile(file)), LEARNING_PLAN);
      yield { photo, ingredient, embeddings: crops.map((crop) => crop.embedding) };
    } catch (error) {
      if (!(error instanceof UploadRejectedError) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      result.failed.push({
        file: photo.file,
        reason: error instanceof UploadRejectedError ? error.message : "file not found",
      });
    }
  }
  onProgress?.(photos.length, photos.length);
}

export async function learnFolder(
  folder: string,
  modelDirectory: string,
  onProgress?: (done: number, total: number) => void
): Promise<FolderLearning> {
  const [classifier, catalogue] = await Promise.all([loadClassifier(modelDirectory), loadCatalogue()]);
  const result: FolderLearning = { learned: new Map(), known: 0, unknownClasses: new Map(), failed: [] };
  for await (const { ingredient, embeddings } of readLabelledFolder(
    folder,
    classifier,
    catalogue,
    result,
    onProgress
  )) {
    let added = false;
    for (const embedding of embeddings) {
      if (
        await rememberExample({
          ingredient,
          embedding,
          model: classifier.fingerprint,
          source: "folder",
          negative: false,
        })
      )
        added = true;
    }
    if (added) result.learned.set(ingredient.name, (result.learned.get(ingredient.name) ?? 0) + 1);
    else result.known++;
  }
  return result;
}
