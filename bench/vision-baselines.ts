/**
 * The recogniser bench:vision compares the shipped one with: "old", main before issue 28 (decision 072 and
 * before): no trained head, the starter memory of the 324 grocery-dev photos searched for the 10 nearest
 * examples, the whole photo and, when it may hold several items, its quarters, and DECISION_THRESHOLDS. It
 * offered no alternatives: what it listed went straight into the pantry.
 */
import type { Sharp } from "sharp";
import type { ExampleMemory } from "~/domain/vision";
import { recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import type { Classifier } from "~/services/vision/model.server";

export function recogniseMain(
  classifier: Classifier,
  image: Sharp,
  starterMemory: ExampleMemory,
  ingredientOfClass: readonly (string | null)[]
): Promise<Recognition> {
  return recognisePhoto(classifier, image, starterMemory, ingredientOfClass, { head: null });
}
