/**
 * The food log (docs/food-log.md): pantry food a household's members used or threw away (the household's: decision
 * 093; an entry remembers the member who logged it, the one who may undo it). "Update your pantry" after a meal
 * (confirm, undo within 10 minutes) and "Used up" / "Thrown away" on the pantry list write it, each together with
 * the pantry change it records, in one transaction; Home and Account read its monthly figures.
 */
import { eatenShare } from "~/domain/leftovers";
import { parseWithZod } from "@conform-to/zod/v4";
import { co2PerKgAsWeighed } from "~/domain/co2-saved";
import {
  ALREADY_UPDATED_MESSAGE,
  co2OfGrams,
  deduct,
  NOT_IN_PANTRY_MESSAGE,
  NOTHING_TO_UNDO_MESSAGE,
  pantryItemsUsedBy,
  UNDO_MS,
  UNDO_TOO_LATE_MESSAGE,
  weightsOf,
  type FoodKind,
  type HeldAmount,
} from "~/domain/food-log";
import { suggestedUses } from "~/domain/suggested-uses";
import {
  FoodLogEntrySchema,
  PantryUpdateSchema,
  type FoodLogEntryInput,
  type PantryUseInput,
} from "~/domain/food-log-schemas";
import { resolveName, validItems, type PantryItem } from "~/domain/pantry";
import { describeAmount } from "~/domain/pantry-details";
import type { PantryUnit } from "~/domain/pantry-units";
import { loadCatalogue } from "./catalogue.server";
import { leftoverWeights } from "./leftovers.server";
import { prisma } from "./db.server";
import type { MemberCook } from "./cook.server";
import {
  pantryItemInTransaction,
  pantryItems,
  putBackPantryItem,
  setPantryAmount,
  type Transaction,
} from "./pantry-store.server";

export const MEAL_NOT_FOUND = "That meal was not found.";
export const CHANGED_MEANWHILE_MESSAGE =
  "Someone in your household changed this item a moment ago. Nothing was taken: look at it again and retry.";

// Forms are parsed here rather than in the route modules: a route module importing zod sends it to the browser.

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

type SyncSubmission<T> =
  | { status: "success"; value: T }
  | { status?: "error"; error: Record<string, string[] | null> | null };

function firstError<T>(submission: SyncSubmission<T>, fallback: string): Parsed<T> {
  if (submission.status === "success") return { ok: true, value: submission.value };
  const messages = Object.values(submission.error ?? {}).find((list) => list?.length);
  return { ok: false, message: messages?.[0] ?? fallback };
}

/** The "Update your pantry" form: rows use[0].key, use[0].amount, use[0].unit, use[0].rest... */
export const parsePantryUpdateForm = (formData: FormData): Parsed<PantryUseInput[]> => {
  const parsed = firstError<{ use: PantryUseInput[] }>(
    parseWithZod(formData, { schema: PantryUpdateSchema }),
    "Please check the amounts."
  );
  return parsed.ok ? { ok: true, value: parsed.value.use } : parsed;
};

/** The pantry list's "Used up" / "Thrown away" form. */
export const parseFoodLogForm = (formData: FormData): Parsed<FoodLogEntryInput> =>
  firstError(parseWithZod(formData, { schema: FoodLogEntrySchema }), "Please check the amount.");

export type FoodLogResult = { ok: true; message: string } | { ok: false; message: string; status: 400 | 404 | 409 };

/** A refusal thrown inside a transaction, so that nothing it wrote stays. */
class Refusal extends Error {
  constructor(message: string, readonly status: 400 | 404 | 409) {
    super(message);
  }
}

async function refusalsAsResults(work: () => Promise<string>): Promise<FoodLogResult> {
  try {
    return { ok: true, message: await work() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message, status: error.status };
    throw error;
  }
}

export interface PantryUseRow {
  key: string;
  name: string;
  /** what the pantry holds, "400 g"; null when it does not say */
  held: string | null;
  /** what the suggestion is made from, so that the recipe screen can suggest again for other servings */
  item: HeldAmount;
  /** the recipe lines that use the item (two lines of onion: both) */
  lines: { name: string; quantity: string }[];
  weights: Record<string, number>;
  amount: number | null;
  unit: PantryUnit | null;
  all: boolean;
  /** lines whose amount does not convert to the unit of the others, so the prefilled amount leaves them out */
  notAdded: string[];
}

export interface PantryUpdateView {
  completionId: number;
  recipeId: number;
  recipeName: string;
  /** the cook's servings over the recipe's, when they cooked another number of servings */
  factor: number;
  /** the servings the cook made when not the recipe's (fractional after "Fit to my pantry"), else null */
  servings: number | null;
  /** null until the cook confirmed; then what was taken and until when it can be undone (ISO time, or null: too late) */
  updated: { lines: string[]; undoUntil: string | null } | null;
  /** the pantry items the recipe used, with the amounts it suggests (empty once updated) */
  rows: PantryUseRow[];
}

function completionOf(userId: number, completionId: number) {
  return prisma.mealCompletion.findFirst({
    where: { id: completionId, userId },
    select: {
      id: true,
      pantryUpdatedAt: true,
      recipe: {
        select: {
          id: true,
          name: true,
          servings: true,
          ingredients: { select: { name: true, quantity: true }, orderBy: { position: "asc" } },
        },
      },
    },
  });
}

/** The cook's latest meal completion of a recipe (for the recipe screen's "Update your pantry"). */
export async function latestCompletionId(userId: number, recipeId: number): Promise<number | null> {
  const latest = await prisma.mealCompletion.findFirst({
    where: { userId, recipeId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return latest?.id ?? null;
}

const loggedLine = (entry: {
  ingredient: string;
  amount: number | null;
  unit: string | null;
  itemBefore: string | null;
}) => {
  const amount = describeAmount(entry.amount, entry.unit as PantryUnit | null);
  return amount ? `${entry.ingredient}: ${amount}` : entry.ingredient;
};

/**
 * "Update your pantry" for one of the cook's meals: null when the meal is not theirs. `servings`: the servings
 * the cook made, when not the recipe's.
 */
export async function pantryUpdateView(
  cook: MemberCook,
  completionId: number,
  { servings = null, now = new Date() }: { servings?: number | null; now?: Date } = {}
): Promise<PantryUpdateView | null> {
  const completion = await completionOf(cook.userId, completionId);
  // a meal of a recipe deleted since still counts in the figures, but there is no recipe to take from the pantry
  if (!completion?.recipe) return null;
  const { recipe } = completion;
  const factor = servings ? servings / (recipe.servings ?? 1) : 1;
  const base = {
    completionId,
    recipeId: recipe.id,
    recipeName: recipe.name,
    factor,
    servings: factor === 1 ? null : servings,
  };
  if (completion.pantryUpdatedAt) {
    const entries = await prisma.foodLogEntry.findMany({
      where: { mealCompletionId: completionId },
      orderBy: { id: "asc" },
    });
    const until = completion.pantryUpdatedAt.getTime() + UNDO_MS;
    return {
      ...base,
      updated: {
        lines: entries.map(loggedLine),
        undoUntil: until > now.getTime() ? new Date(until).toISOString() : null,
      },
      rows: [],
    };
  }
  const [catalogue, items] = await Promise.all([loadCatalogue(), pantryItems(cook.pantryId)]);
  const rows = pantryItemsUsedBy(recipe.ingredients, items, catalogue).map(({ item, lines }): PantryUseRow => {
    const weights = weightsOf(resolveName(catalogue, item.name)?.ingredient ?? null);
    const { use, notAdded } = suggestedUses(lines, item, weights, factor);
    return {
      key: item.key,
      name: item.name,
      held: describeAmount(item.quantity, item.unit),
      item: { name: item.name, quantity: item.quantity, unit: item.unit },
      lines,
      weights,
      amount: use?.amount ?? item.quantity,
      unit: use?.unit ?? item.unit,
      all: use?.all ?? true,
      notAdded,
    };
  });
  return { ...base, updated: null, rows };
}

interface LoggedUse {
  tx: Transaction;
  cook: MemberCook;
  item: PantryItem;
  kind: FoodKind;
  use: { amount: number | null; unit: PantryUnit | null; all: boolean };
  keepEmpty: boolean;
  mealCompletionId: number | null;
}

/** Takes the amount from the item and logs it; returns the entry's id and kg CO2e. Refuses (throws) what cannot be. */
async function takeAndLog({
  tx,
  cook,
  item,
  kind,
  use,
  keepEmpty,
  mealCompletionId,
}: LoggedUse): Promise<{ id: number; co2Kg: number }> {
  const catalogue = await loadCatalogue();
  const ingredient = resolveName(catalogue, item.name)?.ingredient ?? null;
  const leftover = ingredient ? null : await leftoverWeights(tx, cook, item.name, catalogue);
  const deduction = deduct(item, use, leftover?.weights ?? weightsOf(ingredient), { keepEmpty });
  if (!deduction.ok) throw new Refusal(deduction.message, 400);
  const change = deduction.remove
    ? ({ remove: true } as const)
    : { remove: false as const, quantity: deduction.remaining ?? (keepEmpty ? null : item.quantity), unit: item.unit };
  if (!(await setPantryAmount(tx, cook.pantryId, item, change))) throw new Refusal(CHANGED_MEANWHILE_MESSAGE, 409);
  const co2Kg = co2OfGrams(
    deduction.taken.grams,
    ingredient ? co2PerKgAsWeighed(ingredient) : leftover?.co2PerKg ?? null
  );
  const remaining = deduction.remove ? 0 : deduction.remaining ?? 0;
  const entry = await tx.foodLogEntry.create({
    select: { id: true },
    data: {
      userId: cook.userId,
      householdId: cook.householdId,
      ingredient: item.name,
      nameKey: item.key,
      amount: deduction.taken.amount,
      unit: deduction.taken.unit,
      grams: deduction.taken.grams,
      co2Kg,
      kind,
      source: mealCompletionId === null ? "manual" : "meal",
      mealCompletionId,
      itemBefore: JSON.stringify({ item, addBack: item.quantity === null ? 0 : item.quantity - remaining }),
    },
  });
  return { id: entry.id, co2Kg };
}

/**
 * The cook confirmed what a meal took from their pantry: every row at once or none (a refusal leaves everything as
 * it was). A second confirmation of the same meal (a double submit, another tab) changes nothing.
 */
export function confirmPantryUpdate(
  cook: MemberCook,
  completionId: number,
  uses: readonly PantryUseInput[],
  now = new Date()
): Promise<FoodLogResult> {
  return refusalsAsResults(async () => {
    const keys = uses.map((use) => use.key);
    if (new Set(keys).size !== keys.length) throw new Refusal("Each ingredient can be listed once.", 400);
    const { userId } = cook;
    return prisma.$transaction(async (tx) => {
      const claimed = await tx.mealCompletion.updateMany({
        where: { id: completionId, userId, pantryUpdatedAt: null },
        data: { pantryUpdatedAt: now },
      });
      if (claimed.count === 0) {
        const exists = await tx.mealCompletion.count({ where: { id: completionId, userId } });
        throw exists ? new Refusal(ALREADY_UPDATED_MESSAGE, 409) : new Refusal(MEAL_NOT_FOUND, 404);
      }
      let co2 = 0;
      let changed = 0;
      for (const use of uses) {
        // a row left at 0 and kept: the meal did not use that item
        if (use.rest === "keep" && !use.amount) continue;
        const item = await pantryItemInTransaction(tx, cook.pantryId, use.key);
        if (!item) throw new Refusal(NOT_IN_PANTRY_MESSAGE, 409);
        const keepEmpty = use.rest === "keep";
        const logged = await takeAndLog({
          tx,
          cook,
          item,
          kind: "used",
          use: { ...use, all: !keepEmpty },
          keepEmpty,
          mealCompletionId: completionId,
        });
        co2 += logged.co2Kg;
        changed++;
      }
      await tx.mealCompletion.update({
        where: { id: completionId },
        data: { co2ConfirmedKg: Math.round(co2 * 1000) / 1000 },
      });
      return changed === 0 ? "Nothing taken from your pantry." : "Pantry updated.";
    });
  });
}

/** Puts back what a pantry update after cooking took, within UNDO_MS of it; a second or late undo changes nothing. */
export function undoPantryUpdate(cook: MemberCook, completionId: number, now = new Date()): Promise<FoodLogResult> {
  const { userId } = cook;
  return refusalsAsResults(() =>
    prisma.$transaction(async (tx) => {
      const claimed = await tx.mealCompletion.updateMany({
        where: { id: completionId, userId, pantryUpdatedAt: { gt: new Date(now.getTime() - UNDO_MS) } },
        data: { pantryUpdatedAt: null, co2ConfirmedKg: null },
      });
      if (claimed.count === 0) {
        const completion = await tx.mealCompletion.findFirst({
          where: { id: completionId, userId },
          select: { pantryUpdatedAt: true },
        });
        if (!completion) throw new Refusal(MEAL_NOT_FOUND, 404);
        throw new Refusal(completion.pantryUpdatedAt ? UNDO_TOO_LATE_MESSAGE : NOTHING_TO_UNDO_MESSAGE, 409);
      }
      const entries = await tx.foodLogEntry.findMany({
        where: { mealCompletionId: completionId, userId },
        orderBy: { id: "desc" },
      });
      for (const entry of entries) {
        const before = readItemBefore(entry.itemBefore);
        if (before) await putBackPantryItem(tx, cook.pantryId, before.item, before.addBack);
      }
      await tx.foodLogEntry.deleteMany({ where: { mealCompletionId: completionId, userId } });
      return "Pantry update undone.";
    })
  );
}

function readItemBefore(text: string | null): { item: PantryItem; addBack: number } | null {
  if (!text) return null;
  const parsed = JSON.parse(text) as { item?: unknown; addBack?: unknown };
  const [stored] = validItems([parsed.item]);
  const item = parsed.item as PantryItem;
  if (
    !stored ||
    typeof item.storage !== "string" ||
    typeof item.addedOn !== "string" ||
    typeof item.bestBefore !== "string"
  ) {
    return null;
  }
  return {
    item: { ...stored, storage: item.storage, addedOn: item.addedOn, bestBefore: item.bestBefore },
    addBack: Number(parsed.addBack) || 0,
  };
}

const KIND_DONE: Record<FoodKind, string> = { used: "used up", wasted: "thrown away" };

/** "300 g of carrot thrown away." */
const loggedMessage = (name: string, kind: FoodKind, amount: string | null) =>
  `${amount ? `${amount} of ` : ""}${name} ${KIND_DONE[kind]}.`;

/**
 * A pantry item marked "Used up" or "Thrown away": with an amount, that much (at most what is left; all of it
 * removes the item), without one, the whole item. `entryId`: the log entry, for an undo.
 */
export async function logPantryFood(
  cook: MemberCook,
  input: FoodLogEntryInput
): Promise<FoodLogResult & { entryId?: number }> {
  let entryId: number | undefined;
  const result = await refusalsAsResults(() => {
    if (input.amount === 0) throw new Refusal("Please enter an amount above 0, or leave it empty for all of it.", 400);
    return prisma.$transaction(async (tx) => {
      const item = await pantryItemInTransaction(tx, cook.pantryId, input.key);
      if (!item) throw new Refusal(NOT_IN_PANTRY_MESSAGE, 404);
      const use = {
        amount: input.amount,
        unit: input.amount === null ? item.unit : input.unit,
        all: input.amount === null,
      };
      entryId = (await takeAndLog({ tx, cook, item, kind: input.kind, use, keepEmpty: false, mealCompletionId: null }))
        .id;
      return loggedMessage(item.name, input.kind, describeAmount(use.amount, use.unit));
    });
  });
  return result.ok ? { ...result, entryId } : result;
}

export const NOTHING_TO_UNDO = "There is nothing to undo.";

/** A member's own entry, of the household they are in now (an undo puts the food back into its pantry). */
function recentManualEntry(tx: Transaction, cook: MemberCook, entryId: number) {
  return tx.foodLogEntry.findFirst({
    where: { id: entryId, userId: cook.userId, householdId: cook.householdId, source: "manual" },
  });
}

/** A "Used up" / "Thrown away" of the cook's that can still be undone (within UNDO_MS), with its message; else null. */
export async function undoableFoodLog(
  cook: MemberCook,
  entryId: number,
  now = new Date()
): Promise<{ id: number; message: string } | null> {
  const entry = await recentManualEntry(prisma, cook, entryId);
  if (!entry || entry.createdAt.getTime() <= now.getTime() - UNDO_MS) return null;
  return {
    id: entry.id,
    message: loggedMessage(
      entry.ingredient,
      entry.kind as FoodKind,
      describeAmount(entry.amount, entry.unit as PantryUnit | null)
    ),
  };
}

/**
 * Undoes a "Used up" / "Thrown away" within UNDO_MS: the item back as it was (recreated if it went, the amount added
 * back otherwise) and the entry gone. Someone else's entry, a meal's (undone with its meal) or a second undo change
 * nothing.
 */
export function undoFoodLog(cook: MemberCook, entryId: number, now = new Date()): Promise<FoodLogResult> {
  return refusalsAsResults(() =>
    prisma.$transaction(async (tx) => {
      const entry = await recentManualEntry(tx, cook, entryId);
      if (!entry) throw new Refusal(NOTHING_TO_UNDO, 404);
      if (entry.createdAt.getTime() <= now.getTime() - UNDO_MS) throw new Refusal(UNDO_TOO_LATE_MESSAGE, 409);
      // the claim: of two undos at once, one deletes the entry and the other finds nothing
      const { count } = await tx.foodLogEntry.deleteMany({ where: { id: entry.id, userId: cook.userId } });
      if (count === 0) throw new Refusal(NOTHING_TO_UNDO, 404);
      const before = readItemBefore(entry.itemBefore);
      if (before) await putBackPantryItem(tx, cook.pantryId, before.item, before.addBack);
      return `Undone: ${entry.ingredient} is back in your pantry.`;
    })
  );
}

/**
 * A household's food log entries from `since`, for the monthly figures. Food a meal used counts for the share of its
 * servings eaten: the rest went to the fridge as leftovers.
 */
export async function loggedFoodSince(householdId: number, since: Date) {
  const entries = await prisma.foodLogEntry.findMany({
    where: { householdId, createdAt: { gte: since } },
    select: { kind: true, grams: true, createdAt: true, mealCompletionId: true },
  });
  // The servings of the meals logged, read only when some entry came from a meal (most months: no query).
  const mealIds = [...new Set(entries.flatMap((entry) => entry.mealCompletionId ?? []))];
  const meals = new Map(
    mealIds.length
      ? (
          await prisma.mealCompletion.findMany({
            where: { id: { in: mealIds } },
            select: { id: true, servingsCooked: true, servingsEaten: true },
          })
        ).map((meal) => [meal.id, meal])
      : []
  );
  return entries.map(({ mealCompletionId, ...entry }) => {
    const meal = mealCompletionId === null ? undefined : meals.get(mealCompletionId);
    return { ...entry, grams: entry.grams === null || !meal ? entry.grams : entry.grams * eatenShare(meal) };
  });
}
