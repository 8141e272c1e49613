/**
 * The default recogniser: the embedded ImageNet classifier (its food classes mapped to catalogue
 * ingredients) together with the learned examples (nearest neighbours of the photo's embedding), over the
 * whole photo and, when it is not sure of one item, its four quarters. Each recognised photo is kept for a while so that corrections teach.
 */
import type { Sharp } from "sharp";
import type { Catalogue } from "~/domain/catalogue";
import {
  classifierVotes,
  cropScores,
  neighbourVotes,
  NEIGHBOURS,
  photoIngredients,
  quartersMayChangeAnswer,
  quarterReadingOrder,
  quartersSettleAnswer,
  wholePhotoIsSure,
  WINDOW_GRID,
  type ExampleMemory,
  type ScoredIngredient,
  type WindowReading,
} from "~/domain/vision";
import { IMAGENET_INGREDIENTS } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
import { loadExampleMemory, saveCapture, starterExamples } from "./memory.server";
import {
  loadClassifier,
  planCrops,
  RECOGNITION_PLAN,
  windowCrops,
  type Classifier,
  type CropAnalysis,
} from "./model.server";
import type { VisionProvider } from "./provider.server";

/** Per class of the model, the catalogue ingredient it shows, or null. */
export function classIngredients(labels: readonly string[], catalogue: Catalogue): (string | null)[] {
  return labels.map((label) => {
    const name = IMAGENET_INGREDIENTS[label];
    return name && catalogue.byName(name) ? name : null;
  });
}

/**
 * A crop's score per ingredient, from the examples and the ImageNet classes. The classes speak only when the
 * memory is empty (an install without its starter memory): beside the examples they add more wrong items than
 * right ones (a lime as "lemon", a melon as "squash"; held out on grocery-dev, whole photo: 69.5 % right first
 * and 0.44 wrong items per produce photo with them, 71.0 % and 0.21 without).
 */
export function scoreCrop(
  crop: CropAnalysis,
  ingredientOfClass: readonly (string | null)[],
  memory: ExampleMemory,
  {
    classifier = memory.size === 0,
    embedding = "embedding",
  }: { classifier?: boolean; embedding?: "embedding" | "penultimate" } = {}
): Map<string, number> {
  return cropScores(
    classifier ? classifierVotes(crop.probabilities, ingredientOfClass) : new Map(),
    neighbourVotes(memory.nearest(crop[embedding], NEIGHBOURS))
  );
}

export interface Recognition {
  ingredients: ScoredIngredient[];
  /** what the classifier saw in the whole photo (kept so that corrections teach) */
  whole: CropAnalysis;
  /** the quarters were read: the whole photo was not sure of one item, and they could change the answer */
  windowsRead: boolean;
}

/**
 * Recognises a photo: the whole photo first, with a glance at its quarters pooled from the same pass; only when
 * the whole photo is not sure of one item and the glance says the quarters may change the answer (a few items
 * on a shelf) are the quarters read in passes of their own, from the same decoded pixels, one at a time (those
 * whose glance names the whole photo's best first) until they settle the answer (decision 068). Without
 * `glance` (decision 066, kept for bench:vision) all four are read whenever the whole photo is not sure;
 * without `settle` (068 as first shipped) all four are read whenever the glance says they may change it.
 */
export async function recognisePhoto(
  classifier: Classifier,
  image: Sharp,
  memory: ExampleMemory,
  ingredientOfClass: readonly (string | null)[],
  { glance = true, settle = true }: { glance?: boolean; settle?: boolean } = {}
): Promise<Recognition> {
  const photo = await classifier.decode(image);
  const [whole] = await classifier.read(photo, planCrops(photo, { ...RECOGNITION_PLAN, quarters: glance }));
  const wholeScores = scoreCrop(whole, ingredientOfClass, memory);
  const reading = (crop: CropAnalysis) => ({
    scores: scoreCrop(crop, ingredientOfClass, memory),
    embedding: crop.embedding,
  });
  if (wholePhotoIsSure(wholeScores))
    return { ingredients: photoIngredients(wholeScores, null), whole, windowsRead: false };
  const glanced = glance ? (whole.quarters ?? []).map(reading) : [];
  if (glance && !quartersMayChangeAnswer(wholeScores, glanced)) {
    return { ingredients: photoIngredients(wholeScores, null), whole, windowsRead: false };
  }
  const quarters = windowCrops(photo, WINDOW_GRID);
  if (!glance || !settle) {
    const windows = (await classifier.read(photo, quarters)).map(reading);
    return { ingredients: photoIngredients(wholeScores, windows), whole, windowsRead: true };
  }
  const windows: WindowReading[] = [];
  for (const index of quarterReadingOrder(wholeScores, glanced)) {
    const [crop] = await classifier.read(photo, [quarters[index]]);
    windows[index] = reading(crop);
    if (quartersSettleAnswer(wholeScores, windows, glanced)) {
      return { ingredients: photoIngredients(wholeScores, null), whole, windowsRead: true };
    }
  }
  return { ingredients: photoIngredients(wholeScores, windows), whole, windowsRead: true };
}

export interface EmbeddedOptions {
  /** start from the committed starter memory (tests of learning turn it off to start empty) */
  starter?: boolean;
}

export function createEmbeddedProvider(
  modelDirectory: string,
  { starter = true }: EmbeddedOptions = {}
): VisionProvider {
  return {
    async recognize(image: Sharp) {
      const classifier = await loadClassifier(modelDirectory);
      const starterMemory = starter ? starterExamples(classifier.fingerprint) : [];
      const [catalogue, memory] = await Promise.all([loadCatalogue(), loadExampleMemory(starterMemory)]);
      const recognition = await recognisePhoto(
        classifier,
        image,
        memory,
        classIngredients(classifier.labels, catalogue)
      );
      const ingredients = recognition.ingredients.map(({ name }) => ({ name, type: catalogue.byName(name)!.type }));
      const captureId =
        ingredients.length > 0
          ? await saveCapture(
              recognition.whole.embedding,
              ingredients.map(({ name }) => name)
            )
          : null;
      return { ingredients, captureId };
    },
  };
}
