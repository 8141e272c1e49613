/**
 * Leftovers: the servings cooked and not eaten become a pantry item "Leftover <dish>" in the fridge, good for the
 * cooked-dish shelf life of USDA FoodKeeper (products 173 and 174, "Leftovers" with and without meat, fish,
 * poultry or egg: 3–4 days refrigerated). The first day of that range is taken: cooked food is not worth the
 * fourth day's risk, and it puts the leftover in Use soon from the day it is cooked.
 */
import * as z from "zod";
import type { Catalogue } from "./catalogue";
import { co2PerKgAsWeighed, type CookedRecipeLine } from "./co2-saved";
import { parseQuantity, toGrams } from "./quantity";
import { MAX_INGREDIENT_NAME_LENGTH } from "./pantry";
import { MAX_SERVINGS, MIN_SERVINGS } from "./servings";

export const LEFTOVER_PREFIX = "Leftover ";
/** FoodKeeper's Refrigerate_Min for leftovers (products 173, 174). */
export const LEFTOVER_FRIDGE_DAYS = 3;

export const EATEN_MORE_THAN_COOKED = "Servings eaten cannot be more than servings cooked.";
export const SERVINGS_ALREADY_SAID = "You already said how much of this meal was eaten.";
const servingsMessage = (field: string) => `${field} must be a whole number from 0 to ${MAX_SERVINGS}.`;

/** "Leftover Chicken curry", shortened with an ellipsis to fit a pantry name. */
export function leftoverName(dish: string): string {
  const name = `${LEFTOVER_PREFIX}${dish.trim()}`;
  return name.length <= MAX_INGREDIENT_NAME_LENGTH
    ? name
    : `${name.slice(0, MAX_INGREDIENT_NAME_LENGTH - 1).trimEnd()}…`;
}

const servingsField = (field: string, min: number) =>
  z.coerce
    .number({ error: servingsMessage(field) })
    .int(servingsMessage(field))
    .min(min, servingsMessage(field))
    .max(MAX_SERVINGS, servingsMessage(field));

/** servings_cooked and servings_eaten, both optional; eaten may not be more than cooked. */
export const ServingsEatenSchema = z
  .object({
    servings_cooked: servingsField("servings_cooked", MIN_SERVINGS).optional(),
    servings_eaten: servingsField("servings_eaten", 0).optional(),
  })
  .refine(
    (value) => value.servings_eaten === undefined || value.servings_eaten <= (value.servings_cooked ?? MAX_SERVINGS),
    { message: EATEN_MORE_THAN_COOKED, path: ["servings_eaten"] }
  );

/** The share of a meal's food that was eaten: 1 unless the cook said. */
export function eatenShare(completion: { servingsCooked: number | null; servingsEaten: number | null }): number {
  const { servingsCooked, servingsEaten } = completion;
  if (servingsCooked === null || servingsEaten === null || servingsCooked <= 0) return 1;
  return Math.min(1, Math.max(0, servingsEaten / servingsCooked));
}

/**
 * What one serving of a dish weighs, and the footprint of a kg of it, from its recipe's lines that can be weighed
 * (a line "to taste" weighs nothing; a line without a CO2 figure adds its grams but no CO2): how a leftover eaten
 * or thrown away later counts in the food and CO2 figures. Null when no line can be weighed.
 */
export function servingOfDish(
  lines: readonly CookedRecipeLine[],
  servings: number,
  catalogue: Catalogue
): { gramsPerServing: number; co2PerKg: number | null } | null {
  let grams = 0;
  let co2Kg = 0;
  let co2Known = false;
  for (const line of lines) {
    const ingredient = line.catalogueName ? catalogue.byName(line.catalogueName) : catalogue.match(line.name);
    if (!ingredient) continue;
    const lineGrams = toGrams(parseQuantity(line.quantity), ingredient.unitWeights);
    if (lineGrams === null || lineGrams <= 0) continue;
    grams += lineGrams;
    const co2PerKg = co2PerKgAsWeighed(ingredient);
    if (co2PerKg === null) continue;
    co2Kg += (lineGrams / 1000) * co2PerKg;
    co2Known = true;
  }
  if (grams <= 0 || servings <= 0) return null;
  return { gramsPerServing: grams / servings, co2PerKg: co2Known ? (co2Kg * 1000) / grams : null };
}
