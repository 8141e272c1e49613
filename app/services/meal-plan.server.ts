/**
 * The meal plan's entries. A plan belongs to the pantry, not to the cook (decision 097): the household's members
 * share it. Every read and write takes the cook resolved once for the request (decision 093) and reaches their
 * household's pantry's plan alone; an entry of another plan answers as one that does not exist.
 */
import {
  byDayAndMeal,
  ENTRY_NOT_FOUND,
  MAX_PLAN_ENTRIES,
  PLAN_FULL_MESSAGE,
  RECIPE_NOT_FOUND,
  addDaysTo,
  type PlanEntryView,
} from "~/domain/meal-plan";
import type { PlanMeal } from "~/domain/meal-planner";
import { prisma } from "./db.server";
import type { MemberCook } from "./cook.server";
import { visibleTo } from "./recipe-access.server";
import type { Prisma } from "~/generated/prisma/client";

const ENTRY_SELECT = {
  id: true,
  day: true,
  meal: true,
  recipeId: true,
  servings: true,
  leftoverOf: true,
  locked: true,
  reason: true,
  recipe: {
    select: {
      name: true,
      ingredients: { select: { name: true, quantity: true }, orderBy: { position: "asc" as const } },
    },
  },
} as const;

type EntryRow = Prisma.MealPlanEntryGetPayload<{ select: typeof ENTRY_SELECT }>;

function viewOf(row: EntryRow): PlanEntryView {
  return {
    id: row.id,
    day: row.day,
    meal: row.meal as PlanMeal,
    recipeId: row.recipeId,
    recipeName: row.recipe?.name ?? null,
    servings: row.servings,
    leftoverOf: row.leftoverOf,
    locked: row.locked,
    reason: row.reason,
    ingredientsQuantity: Object.fromEntries((row.recipe?.ingredients ?? []).map((line) => [line.name, line.quantity])),
  };
}

/** A pantry's plan for `days` days from `from`, by day and meal. */
export async function entriesOfPantry(pantryId: number, from: string, days: number): Promise<PlanEntryView[]> {
  const rows = await prisma.mealPlanEntry.findMany({
    where: { pantryId, day: { gte: from, lt: addDaysTo(from, days) } },
    select: ENTRY_SELECT,
  });
  return rows.map(viewOf).sort(byDayAndMeal);
}

/** The cook's household's plan for `days` days from `from`, by day and meal. */
export const planEntries = (cook: MemberCook, from: string, days: number): Promise<PlanEntryView[]> =>
  entriesOfPantry(cook.pantryId, from, days);

/** The row of a new entry. */
export const entryRow = (
  pantryId: number,
  entry: {
    day: string;
    meal: PlanMeal;
    recipeId: number | null;
    servings: number;
    leftoverOf?: string | null;
    reason?: string | null;
  }
) => ({
  pantryId,
  day: entry.day,
  meal: entry.meal,
  recipeId: entry.recipeId,
  servings: entry.servings,
  leftoverOf: entry.leftoverOf ?? null,
  reason: entry.reason ?? null,
});

export type PlanChange = { ok: true; entry: PlanEntryView } | { ok: false; status: 404 | 409; message: string };

async function hasRoom(pantryId: number, adding: number): Promise<boolean> {
  return (await prisma.mealPlanEntry.count({ where: { pantryId } })) + adding <= MAX_PLAN_ENTRIES;
}

/** Puts a recipe the cook may see on their plan. */
export async function addPlanEntry(
  cook: MemberCook,
  entry: { day: string; meal: PlanMeal; recipeId: number; servings: number }
): Promise<PlanChange> {
  const recipe = await prisma.recipe.findFirst({
    where: { id: entry.recipeId, ...visibleTo(cook.userId) },
    select: { id: true },
  });
  if (!recipe) return { ok: false, status: 404, message: RECIPE_NOT_FOUND };
  const { pantryId } = cook;
  if (!(await hasRoom(pantryId, 1))) return { ok: false, status: 409, message: PLAN_FULL_MESSAGE };
  const row = await prisma.mealPlanEntry.create({ data: entryRow(pantryId, entry), select: ENTRY_SELECT });
  return { ok: true, entry: viewOf(row) };
}

/** Puts leftovers of a dish on the plan. */
export async function addLeftoverEntry(
  cook: MemberCook,
  entry: { day: string; meal: PlanMeal; dish: string; recipeId: number | null; servings: number; reason?: string }
): Promise<PlanChange> {
  const { pantryId } = cook;
  if (!(await hasRoom(pantryId, 1))) return { ok: false, status: 409, message: PLAN_FULL_MESSAGE };
  const row = await prisma.mealPlanEntry.create({
    data: entryRow(pantryId, { ...entry, leftoverOf: entry.dish }),
    select: ENTRY_SELECT,
  });
  return { ok: true, entry: viewOf(row) };
}

/** Changes one of the cook's entries; any other id is not found. */
async function changeEntry(
  { pantryId }: MemberCook,
  entryId: number,
  data: { day?: string; meal?: PlanMeal; locked?: boolean }
): Promise<PlanChange> {
  const { count } = await prisma.mealPlanEntry.updateMany({ where: { id: entryId, pantryId }, data });
  if (count === 0) return { ok: false, status: 404, message: ENTRY_NOT_FOUND };
  const row = await prisma.mealPlanEntry.findUnique({ where: { id: entryId }, select: ENTRY_SELECT });
  return row ? { ok: true, entry: viewOf(row) } : { ok: false, status: 404, message: ENTRY_NOT_FOUND };
}

export const movePlanEntry = (cook: MemberCook, entryId: number, to: { day: string; meal: PlanMeal }) =>
  changeEntry(cook, entryId, to);

export const lockPlanEntry = (cook: MemberCook, entryId: number, locked: boolean) =>
  changeEntry(cook, entryId, { locked });

/** Removes one of the cook's entries; false when it is not theirs or is gone. */
export async function removePlanEntry({ pantryId }: MemberCook, entryId: number): Promise<boolean> {
  const { count } = await prisma.mealPlanEntry.deleteMany({ where: { id: entryId, pantryId } });
  return count === 1;
}
