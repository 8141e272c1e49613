/** The recipe screen's ingredient grids: the ingredients, with seasonings and dressings in a grid of their own. */
import * as z from "zod";
import { MISCELLANEOUS_TYPE } from "./ingredient-types";
import type { Nutrition } from "./nutrition";
import { abbreviateUnits } from "./quantity";
import { MAX_SERVINGS } from "./servings";

export interface GridLine {
  name: string;
  /** the quantity with its units abbreviated ("2 tbsp") */
  quantity: string;
  /** the cook already has it (it is on their ingredient list) */
  have: boolean;
  /** heading of the recipe's group of lines it belongs to ("For the sauce"), or null */
  section: string | null;
}

/** Runs of items under one heading, in order; each item keeps its index in the whole list. */
export function sectionRuns<T>(
  items: readonly T[],
  sectionOf: (item: T, index: number) => string | null
): { heading: string | null; items: { item: T; index: number }[] }[] {
  const runs: { heading: string | null; items: { item: T; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const heading = sectionOf(item, index);
    const last = runs[runs.length - 1];
    if (last && last.heading === heading) last.items.push({ item, index });
    else runs.push({ heading, items: [{ item, index }] });
  });
  return runs;
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

const flag = z.enum(["true", "false"], { error: "must be true or false" }).transform((value) => value === "true");

export const NOTHING_SELECTED_MESSAGE = "Select the ingredients you are missing first.";

/** What the recipe screen's small forms ask for (field `intent`); `ingredient` may repeat for add-to-list. */
export const MenuIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("favorite"), favorite: flag }),
    z.object({
      intent: z.literal("select-ingredient"),
      ingredient: z.string().min(1, "ingredient is required"),
      selected: flag,
    }),
    z.object({
      intent: z.literal("add-to-list"),
      ingredients: z.array(z.string()).min(1, NOTHING_SELECTED_MESSAGE),
      // the servings chosen on the screen, as the factor its amounts were multiplied by
      scale: z
        .string()
        .regex(/^\d{1,3}(\.\d{1,20})?$/, "must be a number")
        .transform(Number)
        .refine((factor) => factor > 0 && factor <= MAX_SERVINGS, "must be more than 0 and at most 100")
        .optional(),
    }),
    z.object({
      intent: z.literal("check-step"),
      step: z
        .string()
        .regex(/^\d{1,4}$/, "step must be a step number")
        .transform(Number),
      checked: flag,
    }),
    z.object({ intent: z.literal("acknowledge-allergies") }),
    // `post` empty: back to the most-liked photo.
    z.object({
      intent: z.literal("choose-photo"),
      post: z
        .string({ error: "Choose a photo." })
        .regex(/^\d{0,9}$/, "Choose a photo.")
        .transform((post) => (post === "" ? null : Number(post))),
    }),
  ],
  { error: "Unknown action" }
);

export type MenuIntent = z.output<typeof MenuIntentSchema>;

/** Reads a posted form (or a JSON body turned into one) as an intent; the first problem as a message otherwise. */
export function parseMenuIntent(formData: FormData): { ok: true; intent: MenuIntent } | { ok: false; message: string } {
  const fields: Record<string, unknown> = {};
  for (const key of formData.keys()) fields[key] = formData.get(key);
  fields.ingredients = formData.getAll("ingredient");
  const parsed = MenuIntentSchema.safeParse(fields);
  if (parsed.success) return { ok: true, intent: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue.path.join(".");
  return {
    ok: false,
    message: field && !["intent", "ingredients", "post"].includes(field) ? `${field}: ${issue.message}` : issue.message,
  };
}

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
