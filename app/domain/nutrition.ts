/** Nutrition per serving of a recipe, from its lines, the catalogue's values per 100 g and unit weights. */
import type { Catalogue, CatalogueIngredient } from "./catalogue";
import { parseQuantity, toGrams } from "./quantity";

export interface RecipeLine {
  name: string;
  quantity: string;
  /** preparation note, e.g. "finely chopped" or "for deep-frying" */
  note?: string;
}

/** Share of deep-frying oil that ends up in the food; the rest stays in the pan. */
const DEEP_FRYING_ABSORPTION = 0.15;
const DEEP_FRYING = /deep[- ]?fr(y|ying|ied)/i;

export interface Nutrition {
  /** kcal */
  calories: number;
  /** g */
  protein: number;
  /** g */
  fat: number;
  /** g */
  carbohydrates: number;
  /** mg */
  sodium: number;
  /** g */
  sugar: number;
}

export type UnconvertedReason = "unknown ingredient" | "no amount" | "no weight for this unit";

export interface UnconvertedLine extends RecipeLine {
  reason: UnconvertedReason;
}

export interface RecipeNutrition {
  perServing: Nutrition;
  /** lines left out of the figures; "to taste" amounts are not listed, they weigh next to nothing */
  unconverted: UnconvertedLine[];
}

const PER_100G_FIELDS: Record<keyof Nutrition, keyof CatalogueIngredient> = {
  calories: "caloriesPer100g",
  protein: "proteinPer100g",
  fat: "fatPer100g",
  carbohydrates: "carbohydratesPer100g",
  sodium: "sodiumMgPer100g",
  sugar: "sugarPer100g",
};

/** Whole kcal and mg, grams to one decimal: the precision a label shows. */
function rounded(totals: Nutrition): Nutrition {
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  return {
    calories: Math.round(totals.calories),
    protein: oneDecimal(totals.protein),
    fat: oneDecimal(totals.fat),
    carbohydrates: oneDecimal(totals.carbohydrates),
    sodium: Math.round(totals.sodium),
    sugar: oneDecimal(totals.sugar),
  };
}

export function recipeNutrition(lines: RecipeLine[], servings: number, catalogue: Catalogue): RecipeNutrition {
  const totals: Nutrition = { calories: 0, protein: 0, fat: 0, carbohydrates: 0, sodium: 0, sugar: 0 };
  const unconverted: UnconvertedLine[] = [];
  for (const line of lines) {
    const ingredient = catalogue.match(line.name);
    if (!ingredient) {
      unconverted.push({ ...line, reason: "unknown ingredient" });
      continue;
    }
    const quantity = parseQuantity(line.quantity);
    if (quantity.amount === null) {
      if (!quantity.negligible) unconverted.push({ ...line, reason: "no amount" });
      continue;
    }
    const weighed = toGrams(quantity, ingredient.unitWeights);
    if (weighed === null) {
      unconverted.push({ ...line, reason: "no weight for this unit" });
      continue;
    }
    const grams = DEEP_FRYING.test(line.note ?? "") ? weighed * DEEP_FRYING_ABSORPTION : weighed;
    for (const [nutrient, field] of Object.entries(PER_100G_FIELDS) as [keyof Nutrition, keyof CatalogueIngredient][]) {
      const per100g = ingredient[field] as number | null;
      totals[nutrient] += ((per100g ?? 0) * grams) / 100;
    }
  }
  const portions = Math.max(1, servings);
  const perServing = Object.fromEntries(
    Object.entries(totals).map(([nutrient, total]) => [nutrient, total / portions])
  ) as unknown as Nutrition;
  return { perServing: rounded(perServing), unconverted };
}
