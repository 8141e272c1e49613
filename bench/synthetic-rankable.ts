/**
 * Recipes of the synthetic cookbook (bench/synthetic-cookbook.ts) as the ranking index takes them, built in
 * memory without the store: ingredient ids are positions in the catalogue. Kept apart from synthetic-cookbook.ts,
 * whose text is part of the written cookbooks' fingerprint.
 */
import { getCatalogue } from "~/domain/catalogue-data";
import type { RankableRecipe } from "~/domain/ranking";
import { rankingIngredients } from "~/domain/ranking-catalogue";
import { syntheticRecipeParts } from "./synthetic-cookbook";

const catalogue = getCatalogue();
export const catalogueIdOf = new Map(catalogue.ingredients.map((ingredient, position) => [ingredient, position]));
export const syntheticIngredients = rankingIngredients(
  catalogue.ingredients,
  (ingredient) => catalogueIdOf.get(ingredient) ?? null
);

/** Recipe number `number` without ratings, diets or times; `random` is its generator, for drawing those. */
export function syntheticRankable(number: number): { recipe: RankableRecipe; random: () => number } {
  const parts = syntheticRecipeParts(number);
  const lines = [...parts.main, ...parts.seasonings];
  const recipe: RankableRecipe = {
    id: number,
    name: parts.name,
    ingredientIds: lines.map((line) => catalogueIdOf.get(line.ingredient)!),
    ingredientGrams: lines.map((line) => line.grams),
    keyIngredientIds: parts.main.map((line) => catalogueIdOf.get(line.ingredient)!),
    cuisines: parts.cuisines,
    occasions: parts.occasions,
    diets: [],
    rating: null,
    minutes: parts.prepTime + (parts.cookingTime ?? 0),
  };
  return { recipe, random: parts.random };
}
