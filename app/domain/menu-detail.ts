/** The recipe screen's ingredient grids: the ingredients, with seasonings and dressings in a grid of their own. */
import { MISCELLANEOUS_TYPE } from "./ingredient-types";
import type { Nutrition } from "./nutrition";
import { abbreviateUnits } from "./quantity";

export interface GridLine {
  name: string;
  /** the quantity with its units abbreviated ("2 tbsp") */
  quantity: string;
  /** the cook already has it (it is on their ingredient list) */
  have: boolean;
  /** heading of the recipe's group of lines it belongs to ("For the sauce"), or null */
  section: string | null;
}

export interface RecipeGrids {
  ingredients: GridLine[];
  /** seasonings and dressings: the lines typed 'miscellaneous items' */
  seasonings: GridLine[];
}

/** Splits the lines into the two grids, in recipe order; lines without a type are shown in neither. */
export function recipeGrids(
  menu: { ingredients_quantity: Record<string, string>; ingredients_type: Record<string, string> },
  have: (name: string) => boolean,
  sectionOf: (name: string) => string | null = () => null
): RecipeGrids {
  const grids: RecipeGrids = { ingredients: [], seasonings: [] };
  for (const [name, quantity] of Object.entries(menu.ingredients_quantity)) {
    const type = menu.ingredients_type[name];
    if (!type) continue;
    const line = { name, quantity: abbreviateUnits(quantity), have: have(name), section: sectionOf(name) };
    (type === MISCELLANEOUS_TYPE ? grids.seasonings : grids.ingredients).push(line);
  }
  return grids;
}

/** Every line either grid shows, by name, for checking a choice of ingredients against the recipe. */
export function gridLines(grids: RecipeGrids): Map<string, GridLine> {
  return new Map([...grids.ingredients, ...grids.seasonings].map((line) => [line.name, line]));
}

/** The amount to buy of a recipe line: its quantity without the cook's note ("600 g, cut into cubes" → "600 g"). */
export function shoppingQuantity(quantity: string): string {
  return quantity.split(",")[0].trim();
}

/** What the shopping list says after adding: how many went on it and how many were on it already. */
export function addedToListMessage({
  added,
  alreadyListed,
  enough = [],
}: {
  added: string[];
  alreadyListed: string[];
  /** picked lines the pantry already holds enough of: not added */
  enough?: string[];
}): string {
  const items = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;
  const have = enough.length === 0 ? "" : `You have enough ${enough.join(", ")} already.`;
  if (added.length === 0 && alreadyListed.length === 0 && have) return have;
  if (added.length === 0) return `Those ingredients are already on your shopping list.${have ? ` ${have}` : ""}`;
  const already =
    alreadyListed.length === 0
      ? ""
      : ` ${items(alreadyListed.length)} ${alreadyListed.length === 1 ? "was" : "were"} already on it.`;
  return `Added ${items(added.length)} to your shopping list.${already}${have ? ` ${have}` : ""}`;
}

export const NOTHING_SELECTED_MESSAGE = "Select the ingredients you are missing first.";

/** A menu's nutrition per serving; null where the recipe's lines do not tell. */
export type NutritionFacts = { [Key in keyof Nutrition]: Nutrition[Key] | null };

const NUTRIENTS: { key: keyof NutritionFacts; label: string; unit: string; decimals: number }[] = [
  { key: "calories", label: "Calories", unit: "kcal", decimals: 0 },
  { key: "protein", label: "Protein", unit: "g", decimals: 1 },
  { key: "fat", label: "Fat", unit: "g", decimals: 1 },
  { key: "carbohydrates", label: "Carbohydrates", unit: "g", decimals: 1 },
  { key: "sodium", label: "Sodium", unit: "mg", decimals: 0 },
  { key: "sugar", label: "Sugar", unit: "g", decimals: 1 },
];

/** The 'Nutrition (per serving)' rows: label and value with its unit, 'N/A' where the recipe does not tell. */
export function nutritionRows(facts: NutritionFacts): { label: string; value: string }[] {
  return NUTRIENTS.map(({ key, label, unit, decimals }) => {
    const amount = facts[key];
    if (amount === null || !Number.isFinite(amount)) return { label, value: "N/A" };
    const factor = 10 ** decimals;
    return { label, value: `${Math.round(amount * factor) / factor} ${unit}` };
  });
}
