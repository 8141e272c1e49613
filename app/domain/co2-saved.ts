/**
 * CO2 saved by a cooked meal: the footprint of the ingredients the cook used from what they already had
 * (food that would otherwise have gone to waste). Method and sources: docs/co2.md.
 */
import type { Catalogue, CatalogueIngredient } from "./catalogue";
import { parseQuantity, toGrams } from "./quantity";

export interface CookedRecipeLine {
  /** the name as written in the recipe */
  name: string;
  /** the quantity text, "200 g", "2 cloves", "to taste" */
  quantity: string;
  /** the catalogue name the line was linked to when the recipe was saved, if any */
  catalogueName: string | null;
}

export interface PantryIngredientUsed {
  ingredient: string;
  grams: number;
  co2Kg: number;
}

/**
 * Catalogue entries weighed cooked whose CO2 figure is per kg of the raw food: kg of raw food in one kg
 * cooked, from USDA SR28 through the component cooking leaves unchanged.
 */
export const RAW_KG_PER_COOKED_KG: Readonly<Record<string, number>> = {
  // rice only takes up water: dry matter 31.56 g/100 g cooked (NDB 20045) over 88.38 g/100 g raw (NDB 20044)
  "cooked rice": 31.56 / 88.38,
  // roasting loses water and fat, not protein: 28.93 g/100 g roasted (NDB 05013) over 21.39 g/100 g raw (NDB 05011)
  "roast chicken": 28.93 / 21.39,
};

/** kg CO2e per kg of the ingredient as the recipe weighs it, or null when the catalogue has no honest figure. */
export function co2PerKgAsWeighed(ingredient: CatalogueIngredient): number | null {
  if (ingredient.co2PerKg === null) return null;
  return ingredient.co2PerKg * (RAW_KG_PER_COOKED_KG[ingredient.name] ?? 1);
}

/**
 * The recipe lines whose ingredient the cook had (a pantry name meaning the same catalogue ingredient), with
 * their weight and footprint. Lines that cannot be weighed ("to taste") or have no CO2 figure count as nothing.
 */
export function pantryIngredientsUsed(
  lines: readonly CookedRecipeLine[],
  pantryNames: readonly string[],
  catalogue: Catalogue
): PantryIngredientUsed[] {
  const pantry = new Set(pantryNames.map((name) => catalogue.match(name)).filter((found) => found !== null));
  const used: PantryIngredientUsed[] = [];
  for (const line of lines) {
    const ingredient = line.catalogueName ? catalogue.byName(line.catalogueName) : catalogue.match(line.name);
    if (!ingredient || !pantry.has(ingredient)) continue;
    const grams = toGrams(parseQuantity(line.quantity), ingredient.unitWeights);
    const co2PerKg = co2PerKgAsWeighed(ingredient);
    if (grams === null || co2PerKg === null) continue;
    used.push({ ingredient: ingredient.name, grams, co2Kg: (grams / 1000) * co2PerKg });
  }
  return used;
}

/** Total kg CO2e saved by cooking the recipe from the pantry, to the gram. */
export function co2SavedKg(
  lines: readonly CookedRecipeLine[],
  pantryNames: readonly string[],
  catalogue: Catalogue
): number {
  return pantryFoodSaved(lines, pantryNames, catalogue).co2Kg;
}

/**
 * The pantry food a meal used, as one estimate for both of Home's figures: its kg CO2e and its grams, for the
 * servings cooked (`factor`: those over the recipe's own; the lines are for the recipe's).
 */
export function pantryFoodSaved(
  lines: readonly CookedRecipeLine[],
  pantryNames: readonly string[],
  catalogue: Catalogue,
  factor = 1
): { co2Kg: number; grams: number } {
  const used = pantryIngredientsUsed(lines, pantryNames, catalogue);
  const co2Kg = used.reduce((sum, line) => sum + line.co2Kg, 0) * factor;
  const grams = used.reduce((sum, line) => sum + line.grams, 0) * factor;
  return { co2Kg: Math.round(co2Kg * 1000) / 1000, grams: Math.round(grams * 10) / 10 };
}
