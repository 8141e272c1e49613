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
import { loadExampleMemory, saveCapture } from "./memory.server";
import { loadClassifier, type ImageAnalysis } from "./model.server";
import type { VisionProvider } from "./provider.server";

/** Per class of the model, the catalogue ingredient it shows, or null. */
export function classIngredients(labels: readonly string[], catalogue: Catalogue): (string | null)[] {
  return labels.map((label) => {
    const name = IMAGENET_INGREDIENTS[label];
    return name && catalogue.byName(name) ? name : null;
  });
}

/** Each crop's score per ingredient, from the classifier and the learned examples. */
export function scoreAnalysis(
  analysis: ImageAnalysis,
  ingredientOfClass: readonly (string | null)[],
  memory: ExampleMemory,
): Map<string, number>[] {
  return analysis.probabilities.map((probabilities, crop) =>
    cropScores(
      classifierVotes(probabilities, ingredientOfClass),
      neighbourVotes(memory.nearest(analysis.embeddings[crop], NEIGHBOURS)),
    ),
  );
}

export function createEmbeddedProvider(modelDirectory: string): VisionProvider {
  return {
    async recognize(image: Sharp) {
      const classifier = await loadClassifier(modelDirectory);
      const analysis = await classifier.analyze(image);
      const [catalogue, memory] = await Promise.all([loadCatalogue(), loadExampleMemory()]);
      const crops = scoreAnalysis(analysis, classIngredients(classifier.labels, catalogue), memory);
      const ingredients = confidentIngredients(crops).map(({ name }) => ({ name, type: catalogue.byName(name)!.type }));
      const captureId =
        ingredients.length > 0
          ? await saveCapture(
              analysis.embeddings[0],
              ingredients.map(({ name }) => name),
            )
          : null;
      return { ingredients, captureId };
    },
  };
}
