/**
 * The food log's rules (docs/food-log.md): what a use or a waste takes from a pantry item, the amounts a finished
 * recipe suggests, and the monthly figures of rescued and wasted food. Pure: the service writes what these decide.
 */
import { eatenShare } from "./leftovers";
import type { Catalogue, CatalogueIngredient } from "./catalogue";
import { covers, resolveName } from "./pantry";
import { AMOUNT_EPSILON, MAX_AMOUNT, type PantryUnit } from "./pantry-units";
import { toGrams } from "./quantity";
import { convertAmount } from "./servings";
import { inflect } from "./unit-words";

export const FOOD_KINDS = ["used", "wasted"] as const;
export type FoodKind = (typeof FOOD_KINDS)[number];

/** How long after a pantry update after cooking the cook may undo it. */
export const UNDO_MS = 10 * 60 * 1000;

/** More than this many grams at once is a typo (100 kg of saffron). */
export const MAX_LOGGED_GRAMS = 100_000;
export const TOO_MUCH_MESSAGE = "That is more than 100 kg: please check the amount and its unit.";
export const AMOUNT_MESSAGE = `Please enter an amount of at least 0 and below ${MAX_AMOUNT.toLocaleString("en")}.`;
export const ALREADY_UPDATED_MESSAGE = "Your pantry was already updated for this meal.";
export const UNDO_TOO_LATE_MESSAGE = "Too late to undo: a pantry update can be undone for 10 minutes.";
export const NOTHING_TO_UNDO_MESSAGE = "There is nothing to undo for this meal.";
export const NOT_IN_PANTRY_MESSAGE = "That ingredient is no longer in your pantry.";

export const moreThanLeftMessage = (name: string, left: string) =>
  `You have only ${left} of ${name} left: enter at most that, or choose "Used it all".`;
export const unitMismatchMessage = (name: string, unit: string) =>
  `Please give the amount of ${name} in ${unit}, the unit your pantry keeps it in.`;

/** The amount of an item a cook used or threw away; `all`: the whole item, whatever is left of it. */
export interface FoodAmount {
  amount: number | null;
  unit: PantryUnit | null;
  all: boolean;
}

/** The part of a pantry item a deduction needs. */
export interface HeldAmount {
  name: string;
  quantity: number | null;
  unit: PantryUnit | null;
}

export type Deduction =
  | {
      ok: true;
      /** the item's amount after the deduction (null: no amount known); `remove`: the item leaves the pantry */
      remaining: number | null;
      remove: boolean;
      /** what was taken, in the unit it is logged in, and its weight when it can be told */
      taken: { amount: number | null; unit: PantryUnit | null; grams: number | null };
    }
  | { ok: false; message: string };

const round = (value: number, places = 3) => Number(value.toFixed(places));

/**
 * What using or wasting `used` takes from `item`. "All" removes the item. Otherwise the amount is converted to the
 * item's unit and may not exceed what is left (the pantry never goes negative). When nothing is left the item goes,
 * unless `keepEmpty` ("Keep the rest" after cooking: the cook said to keep it; its amount is then unknown). An item
 * without an amount stays as it is unless "all".
 */
export function deduct(
  item: HeldAmount,
  used: FoodAmount,
  weights: Record<string, number>,
  { keepEmpty }: { keepEmpty: boolean }
): Deduction {
  const grams = (amount: number | null, unit: PantryUnit | null) =>
    amount === null ? null : toGrams({ amount, unit, negligible: false }, weights);
  if (used.amount !== null && !(Number.isFinite(used.amount) && used.amount >= 0 && used.amount < MAX_AMOUNT)) {
    return { ok: false, message: AMOUNT_MESSAGE };
  }
  if (used.all) {
    const given =
      used.amount !== null && used.amount > 0
        ? { amount: used.amount, unit: used.unit }
        : { amount: item.quantity, unit: item.unit };
    const taken = { ...given, grams: grams(given.amount, given.unit) };
    if ((taken.grams ?? 0) > MAX_LOGGED_GRAMS) return { ok: false, message: TOO_MUCH_MESSAGE };
    return { ok: true, remaining: null, remove: true, taken };
  }
  const amount = used.amount ?? 0;
  const taken = { amount, unit: used.unit, grams: grams(amount, used.unit) };
  if ((taken.grams ?? 0) > MAX_LOGGED_GRAMS) return { ok: false, message: TOO_MUCH_MESSAGE };
  if (item.quantity === null) return { ok: true, remaining: null, remove: false, taken };
  const inItemUnit = convertAmount(amount, used.unit, item.unit, weights);
  if (inItemUnit === null) return { ok: false, message: unitMismatchMessage(item.name, item.unit ?? "pieces") };
  if (inItemUnit > item.quantity + AMOUNT_EPSILON) {
    return { ok: false, message: moreThanLeftMessage(item.name, describeHeld(item)) };
  }
  const left = round(item.quantity - inItemUnit);
  if (left > AMOUNT_EPSILON) return { ok: true, remaining: left, remove: false, taken };
  return { ok: true, remaining: null, remove: !keepEmpty, taken };
}

function describeHeld(item: HeldAmount): string {
  const amount = round(item.quantity ?? 0, 2);
  if (item.unit === null) return String(amount);
  return `${amount} ${inflect(item.unit, amount)}`;
}

/** kg CO2e of `grams` of the ingredient (docs/co2.md); 0 without a figure or a weight. */
export function co2OfGrams(grams: number | null, co2PerKg: number | null): number {
  if (grams === null || co2PerKg === null) return 0;
  return round((grams / 1000) * co2PerKg);
}

/** Unit weights of an ingredient the catalogue may not know. */
export const weightsOf = (ingredient: Pick<CatalogueIngredient, "unitWeights"> | null): Record<string, number> =>
  ingredient?.unitWeights ?? {};

// ---------- monthly figures ----------

export interface LoggedFood {
  kind: FoodKind | string;
  grams: number | null;
  createdAt: Date;
}

export interface FoodMonth {
  /** YYYY-MM (UTC) */
  month: string;
  rescued_kg: number;
  wasted_kg: number;
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/**
 * Kilograms of food used (rescued) and thrown away (wasted) per month, for the given months ("YYYY-MM", oldest
 * first). Entries that could not be weighed count as nothing; entries outside the months are left out.
 */
export function foodByMonth(entries: readonly LoggedFood[], months: readonly string[]): FoodMonth[] {
  const totals = new Map(months.map((month) => [month, { used: 0, wasted: 0 }]));
  for (const entry of entries) {
    const total = totals.get(monthKey(entry.createdAt));
    if (!total || entry.grams === null || !(entry.grams > 0)) continue;
    if (entry.kind === "used") total.used += entry.grams;
    else if (entry.kind === "wasted") total.wasted += entry.grams;
  }
  return months.map((month) => {
    const total = totals.get(month)!;
    return { month, rescued_kg: round(total.used / 1000), wasted_kg: round(total.wasted / 1000) };
  });
}

/**
 * CO2 saved by a completed meal: what the cook confirmed using, else the estimate recorded at completion; of it, the
 * share of the servings eaten when the cook said (the rest went to the fridge as leftovers, counted when eaten).
 */
export const mealCo2Kg = (completion: {
  co2SavedKg: number;
  co2ConfirmedKg: number | null;
  servingsCooked?: number | null;
  servingsEaten?: number | null;
}) =>
  (completion.co2ConfirmedKg ?? completion.co2SavedKg) *
  eatenShare({ servingsCooked: completion.servingsCooked ?? null, servingsEaten: completion.servingsEaten ?? null });

// ---------- what a recipe took from the pantry ----------

/**
 * The pantry items a recipe's lines use, each with every line that names it (the same catalogue ingredient, a more
 * general or a more specific one: "pork" for pork shoulder), in the pantry's order.
 */
export function pantryItemsUsedBy<Item extends { key: string; name: string }>(
  lines: readonly { name: string; quantity: string }[],
  items: readonly Item[],
  catalogue: Catalogue
): { item: Item; lines: { name: string; quantity: string }[] }[] {
  const resolvedLines = lines.map((line) => ({ line, resolved: resolveName(catalogue, line.name) }));
  return items.flatMap((item) => {
    const held = resolveName(catalogue, item.name);
    const matches = resolvedLines.filter(
      ({ resolved }) =>
        resolved !== null &&
        (resolved.key === item.key ||
          (held?.ingredient != null &&
            resolved.ingredient !== null &&
            covers(catalogue, held.ingredient, resolved.ingredient)))
    );
    return matches.length > 0 ? [{ item, lines: matches.map(({ line }) => line) }] : [];
  });
}
