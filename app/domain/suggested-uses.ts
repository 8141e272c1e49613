/**
 * What the pantry update form prefills: the amount of a pantry item the recipe's lines suggest the cook used.
 * Apart from food-log.ts so that the form (on the recipe screen and /cooked, where it follows the servings shown)
 * does not carry the pantry's matching, storage and date rules.
 */
import type { FoodAmount, HeldAmount } from "./food-log";
import { AMOUNT_EPSILON, isPantryUnit, type PantryUnit } from "./pantry-units";
import type { Unit } from "./quantity";
import { convertAmount, scaledAmount, scaleQuantity } from "./servings";

/** A recipe line's amount scaled by `factor`, in the unit it reads in (grams for "1 (400 g) can"), or null. */
function lineAmount(lineQuantity: string, factor: number): { amount: number; unit: Unit | null } | null {
  const parsed = scaledAmount(lineQuantity, factor);
  if (parsed === null || parsed.amount === null) return null;
  const amount = parsed.maxAmount === undefined ? parsed.amount : (parsed.amount + parsed.maxAmount) / 2;
  return parsed.gramsPerUnit ? { amount: amount * parsed.gramsPerUnit, unit: "g" } : { amount, unit: parsed.unit };
}

export interface SuggestedUses {
  /** null when no line gives an amount that converts */
  use: FoodAmount | null;
  /** the lines whose amount does not convert to the unit of the suggestion, so could not be added: "onion (2)" */
  notAdded: string[];
}

/**
 * The amount the recipe lines that use a pantry item suggest the cook used of it: their amounts summed (two lines
 * of onion are one use of the onions) in the item's unit where they convert (for an item without an amount: the
 * first line's own unit if a pantry keeps food in it, else grams), scaled by `factor` (the servings cooked over the
 * recipe's). `all` when it is at least what is left. A line whose unit does not convert is named in `notAdded`.
 */
export function suggestedUses(
  recipeLines: readonly { name: string; quantity: string }[],
  item: HeldAmount,
  weights: Record<string, number>,
  factor = 1
): SuggestedUses {
  const lines = recipeLines.flatMap((line) => {
    const amount = lineAmount(line.quantity, factor);
    return amount ? [{ text: `${line.name} (${scaleQuantity(line.quantity, factor).text})`, ...amount }] : [];
  });
  const ownUnit = (unit: Unit | null): PantryUnit | null => (unit === null || isPantryUnit(unit) ? unit : "g");
  const targets: (PantryUnit | null)[] =
    item.quantity !== null ? [item.unit] : [...new Set(lines.map((line) => ownUnit(line.unit)))];
  for (const unit of targets) {
    const converted = lines.map((line) => convertAmount(line.amount, line.unit, unit, weights));
    if (converted.every((amount) => amount === null)) continue;
    const total = converted.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
    const rounded = roundForForm(total, unit);
    const all = item.quantity !== null && rounded >= item.quantity - AMOUNT_EPSILON;
    return {
      use: { amount: all ? item.quantity : rounded, unit, all },
      notAdded: lines.filter((_, index) => converted[index] === null).map((line) => line.text),
    };
  }
  return { use: null, notAdded: lines.map((line) => line.text) };
}

/** One recipe line's suggestion (see suggestedUses). */
export const suggestedUse = (
  lineQuantity: string,
  item: HeldAmount,
  weights: Record<string, number>,
  factor = 1
): FoodAmount | null => suggestedUses([{ name: item.name, quantity: lineQuantity }], item, weights, factor).use;

/** Counts to a quarter, grams and millilitres to whole ones, other units to two places. */
function roundForForm(amount: number, unit: PantryUnit | null): number {
  if (unit === null || unit === "piece" || unit === "clove" || unit === "slice")
    return Math.max(0.25, Math.round(amount * 4) / 4);
  if (unit === "g" || unit === "ml") return Math.max(1, Math.round(amount));
  return Math.max(0.01, Number(amount.toFixed(2)));
}
