/**
 * The default recogniser: the embedded ImageNet classifier (its food classes mapped to catalogue
 * ingredients) together with the learned examples (nearest neighbours of the photo's embedding), over the
 * whole photo and a grid of windows. Each recognised photo is kept for a while so that corrections teach.
 */
import type { Sharp } from "sharp";
import type { Catalogue } from "~/domain/catalogue";
import {
  classifierVotes,
  confidentIngredients,
  cropScores,
  neighbourVotes,
  NEIGHBOURS,
  type ExampleMemory,
} from "~/domain/vision";
import { IMAGENET_INGREDIENTS } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
import { loadExampleMemory, saveCapture, starterExamples } from "./memory.server";
import { loadClassifier, type ImageAnalysis } from "./model.server";
import type { VisionProvider } from "./provider.server";

/** Per class of the model, the catalogue ingredient it shows, or null. */
export function classIngredients(labels: readonly string[], catalogue: Catalogue): (string | null)[] {
  return labels.map((label) => {
    const name = IMAGENET_INGREDIENTS[label];
    return name && catalogue.byName(name) ? name : null;
  });
}

/**
 * Each crop's score per ingredient, from the examples and the ImageNet classes. The classes speak only when the
 * memory is empty (an install without its starter memory): beside the examples they add more wrong items than
 * right ones (a lime as "lemon", a melon as "squash"; held out on grocery-dev, whole photo: 69.5 % right first
 * and 0.44 wrong items per produce photo with them, 71.0 % and 0.21 without).
 */
export function scoreAnalysis(
  analysis: ImageAnalysis,
  ingredientOfClass: readonly (string | null)[],
  memory: ExampleMemory,
  {
    classifier = memory.size === 0,
    embedding = "embedding",
  }: { classifier?: boolean; embedding?: "embedding" | "penultimate" } = {}
): Map<string, number>[] {
  return analysis.crops.map((crop) =>
    cropScores(
      classifier ? classifierVotes(crop.probabilities, ingredientOfClass) : new Map(),
      neighbourVotes(memory.nearest(crop[embedding], NEIGHBOURS))
    )
  );
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
      const analysis = await classifier.analyze(image);
      const starterMemory = starter ? starterExamples(classifier.fingerprint) : [];
      const [catalogue, memory] = await Promise.all([loadCatalogue(), loadExampleMemory(starterMemory)]);
      const crops = scoreAnalysis(analysis, classIngredients(classifier.labels, catalogue), memory);
      const ingredients = confidentIngredients(crops).map(({ name }) => ({ name, type: catalogue.byName(name)!.type }));
      const captureId =
        ingredients.length > 0
          ? await saveCapture(
              analysis.crops[0].embedding,
              ingredients.map(({ name }) => name)
            )
          : null;
      return { ingredients, captureId };
    },
  };
}
