/**
 * npm run vision:starter -- <folder> [model dir]
 * Writes the starter recognition memory a fresh install begins with (models/grocery-starter-memory/memory.json):
 * the embeddings of every labelled photo in <folder> (labels.csv as for vision:learn), as they are and
 * mirrored, labelled with the most specific catalogue ingredient. Made from ../shared/data/images/grocery-dev
 * (GroceryStoreDataset, MIT); the photos themselves are not copied. Needs no database.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { readLabelledFolder, UnusableFolderError, type FolderLearning } from "~/services/vision/learn-folder.server";
import { encodeStarterVectors, STARTER_MEMORY_FILE, type StarterMemoryFile } from "~/services/vision/memory.server";
import {
  configuredModelDirectory,
  isShippedModel,
  loadClassifier,
  ModelNotInstalledError,
} from "~/services/vision/model.server";
import { SHIPPED_MODEL_DIRECTORY } from "~/domain/vision";

async function main([folder, modelDirectory = configuredModelDirectory()]: string[]) {
  if (!folder) {
    console.error("Usage: npm run vision:starter -- <folder with labels.csv> [model directory]");
    return 2;
  }
  if (!isShippedModel(modelDirectory)) {
    console.error(`Nothing written: ${STARTER_MEMORY_FILE} is made over ${SHIPPED_MODEL_DIRECTORY} only.`);
    return 2;
  }
  const classifier = await loadClassifier(path.resolve(modelDirectory));
  const result: Pick<FolderLearning, "unknownClasses" | "failed"> = { unknownClasses: new Map(), failed: [] };
  const ingredients: string[] = [];
  const embeddings: Float32Array[] = [];
  for await (const photo of readLabelledFolder(folder, classifier, getCatalogue(), result)) {
    for (const embedding of photo.embeddings) {
      ingredients.push(photo.ingredient.name);
      embeddings.push(embedding);
    }
  }
  if (result.failed.length > 0 || embeddings.length === 0) {
    for (const { file, reason } of result.failed) console.error(`  ! ${file}: ${reason}`);
    console.error("Nothing written: every photo must be usable.");
    return 1;
  }
  const file: StarterMemoryFile = {
    source: "GroceryStoreDataset dev photos (MIT, (c) 2019 Marcus Klasson), ../shared/data/images/grocery-dev",
    model: classifier.fingerprint,
    dimensions: embeddings[0].length,
    ingredients,
    vectors: encodeStarterVectors(embeddings),
  };
  mkdirSync(path.dirname(STARTER_MEMORY_FILE), { recursive: true });
  writeFileSync(STARTER_MEMORY_FILE, `${JSON.stringify(file)}\n`);
  const counts = new Map<string, number>();
  for (const name of ingredients) counts.set(name, (counts.get(name) ?? 0) + 1);
  console.log(`Wrote ${embeddings.length} examples of ${counts.size} ingredients to ${STARTER_MEMORY_FILE}`);
  for (const [name, count] of result.unknownClasses)
    console.log(`  - ${name}: ${count} photos without a catalogue ingredient`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ModelNotInstalledError || error instanceof UnusableFolderError)) throw error;
  console.error(error instanceof ModelNotInstalledError ? error.instructions : error.message);
  process.exitCode = 1;
}
