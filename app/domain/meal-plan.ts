/**
 * The meal plan's rules shared by the /plan screen and the JSON calls: which days a request may name, what an entry
 * is made of and how it is said. The planner itself is meal-planner.ts.
 */
import * as z from "zod";
import { idField } from "./id-field";
import { isPlanMeal, PLAN_MEALS, type PlanMeal } from "./meal-planner";
import { entryTitle, type PlanEntryView } from "./meal-plan-view";

export { entryTitle, type PlanEntryView };
import { MAX_SERVINGS, MIN_SERVINGS, SERVINGS_INVALID_MESSAGE } from "./servings";

/** The most days one request may plan, list or shop for. */
export const MAX_PLAN_DAYS = 14;
/** Servings a planned meal gets unless the cook says. */
export const DEFAULT_PLAN_SERVINGS = 2;
/** Entries a pantry's plan may hold at once: three meals a day for a good while. */
export const MAX_PLAN_ENTRIES = 500;

export const DATE_MESSAGE = "Please give a date as YYYY-MM-DD.";
export const DAYS_MESSAGE = `Please give a number of days from 1 to ${MAX_PLAN_DAYS}.`;
export const MEAL_MESSAGE = `Please choose a meal: ${PLAN_MEALS.join(", ")}.`;
export const MEALS_MESSAGE = "Please choose at least one meal to plan.";
export const ENTRY_NOT_FOUND = "That meal is not on your plan.";
export const RECIPE_NOT_FOUND = "Menu not found";
export const PLAN_FULL_MESSAGE = `Your plan is full (${MAX_PLAN_ENTRIES} meals). Remove some before adding more.`;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(text: unknown): text is string {
  if (typeof text !== "string" || !ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

export const addDaysTo = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `count` days from `from`, in order. */
export const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDaysTo(from, index));

/** The Monday of the week the day is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDaysTo(day, -((weekday + 6) % 7));
}

const dayField = z.string({ error: DATE_MESSAGE }).refine(isIsoDay, DATE_MESSAGE);
const mealField = z.string({ error: MEAL_MESSAGE }).refine(isPlanMeal, MEAL_MESSAGE);
const servingsField = z.coerce
  .number({ error: SERVINGS_INVALID_MESSAGE })
  .int(SERVINGS_INVALID_MESSAGE)
  .min(MIN_SERVINGS, SERVINGS_INVALID_MESSAGE)
  .max(MAX_SERVINGS, SERVINGS_INVALID_MESSAGE);
const daysField = z.coerce
  .number({ error: DAYS_MESSAGE })
  .int(DAYS_MESSAGE)
  .min(1, DAYS_MESSAGE)
  .max(MAX_PLAN_DAYS, DAYS_MESSAGE);
const mealsField = z
  .array(mealField, { error: MEALS_MESSAGE })
  .min(1, MEALS_MESSAGE)
  .max(PLAN_MEALS.length * 2, MEALS_MESSAGE)
  .transform((meals) => PLAN_MEALS.filter((meal) => meals.includes(meal)));

/** POST /api/meal-plan: { date, meal, menu_id, servings? } */
export const NewEntrySchema = z.object({
  date: dayField,
  meal: mealField.transform((meal) => meal as PlanMeal),
  menu_id: idField("menu_id"),
  servings: servingsField.optional(),
});

/** POST /api/meal-plan/auto: { from, days, meals? } */
export const AutoPlanSchema = z.object({
  from: dayField,
  days: daysField,
  meals: mealsField.optional(),
});

/** POST /api/meal-plan/shopping: { from, days } */
export const WeekShoppingSchema = z.object({ from: dayField, days: daysField });

/** GET /api/meal-plan?from=&days= : the days asked for, or the message of what is wrong. */
export function readPlanRange(search: URLSearchParams, today: string): { from: string; days: number } | string {
  const from = search.get("from") ?? mondayOf(today);
  if (!isIsoDay(from)) return DATE_MESSAGE;
  const days = daysField.safeParse(search.get("days") ?? "7");
  return days.success ? { from, days: days.data } : DAYS_MESSAGE;
}

/** The /plan screen's forms, one intent each. */
export const PlanFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      day: dayField,
      meal: mealField,
      menu_id: idField("menu_id"),
      servings: servingsField.default(DEFAULT_PLAN_SERVINGS),
      back: z.string().optional(),
    }),
    z.object({ intent: z.literal("add-leftover"), day: dayField, meal: mealField, item: idField("item") }),
    z.object({ intent: z.literal("move"), entry: idField("entry"), day: dayField, meal: mealField }),
    z.object({ intent: z.literal("remove"), entry: idField("entry") }),
    z.object({ intent: z.literal("lock"), entry: idField("entry"), locked: z.enum(["true", "false"]) }),
    z.object({
      intent: z.literal("auto"),
      from: dayField,
      days: daysField,
      meals: z.preprocess((value) => (typeof value === "string" ? [value] : value), mealsField),
    }),
    z.object({ intent: z.literal("shopping"), from: dayField, days: daysField }),
    z.object({ intent: z.literal("feed") }),
    z.object({ intent: z.literal("revoke-feed") }),
  ],
  { error: "Please choose what to change." }
);
export type PlanForm = z.output<typeof PlanFormSchema>;

/** The JSON shape of the issue: { id, date, meal, menu_id, menu_name, servings, leftover, locked, reason, ingredients_quantity }. */
export const entryJson = (entry: PlanEntryView) => ({
  id: entry.id,
  date: entry.day,
  meal: entry.meal,
  menu_id: entry.recipeId,
  menu_name: entry.leftoverOf !== null ? entryTitle(entry) : entry.recipeName,
  servings: entry.servings,
  leftover: entry.leftoverOf !== null,
  locked: entry.locked,
  reason: entry.reason,
  ingredients_quantity: entry.ingredientsQuantity,
});

/** When each meal shows in a calendar (local time where the phone is): a meal, not an appointment. */
export const MEAL_TIMES: Record<PlanMeal, { start: string; minutes: number }> = {
  Breakfast: { start: "08:00", minutes: 30 },
  Lunch: { start: "12:30", minutes: 45 },
  Dinner: { start: "19:00", minutes: 60 },
};

/** Sorts entries by day, then meal of the day. */
export const byDayAndMeal = (a: PlanEntryView, b: PlanEntryView) =>
  a.day.localeCompare(b.day) || PLAN_MEALS.indexOf(a.meal) - PLAN_MEALS.indexOf(b.meal) || a.id - b.id;
