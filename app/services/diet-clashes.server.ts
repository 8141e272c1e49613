/** Which chosen diets contradict each other, counted on the cookbook's ranking index (for /preferences). */
import { clashingDietPairs } from "~/domain/diet-clashes";
import type { RecipeIndex } from "~/domain/ranking";
import { currentRecipeIndex } from "./recipe-index.server";

let counted: { index: RecipeIndex; size: number; pairs: [string, string][] } | undefined;

/** The pairs of diets no recipe fits at once, and whether any recipe fits all of `chosen`. */
export async function dietClashes(chosen: readonly string[]) {
  const index = await currentRecipeIndex();
  // counted again only when the cookbook changed size: a tag change alone is rare, and costs one stale answer
  if (counted?.index !== index || counted.size !== index.size)
    counted = { index, size: index.size, pairs: clashingDietPairs((diets) => index.countWithDiets(diets)) };
  return { pairs: counted.pairs, noneFitsAll: chosen.length > 0 && index.countWithDiets(chosen) === 0 };
}
