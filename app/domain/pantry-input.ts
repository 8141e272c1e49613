/**
 * Pantry items as the JSON calls take them: a plain name, or `{ ingredient_name, quantity?, unit?, best_before?,
 * storage? }`, mixed in one list.
 */
import * as z from "zod";
import type { CatalogueIngredient } from "./catalogue";
import { MAX_LISTED_INGREDIENTS } from "./ingredient-names";
import { toGrams, unitOf } from "./quantity";
import { emptyOrVisible, INVISIBLE_TEXT } from "./text-safety";
import { daysLeft, defaultStorage, parseIsoDay, shelfLifeDays, STORAGES, type Storage } from "./shelf-life";

/** An amount above this is a typo (a 100 kg bag of rice is already generous). */
export const MAX_PANTRY_QUANTITY = 100_000;

/** A pantry item with what the cook told about it; absent fields are estimated from the catalogue. */
export interface PantryInput {
  name: string;
  quantity?: number | null;
  /** a unit the quantity parser knows ("g", "kg", "cup", "piece"...); none: a count of pieces */
  unit?: string | null;
  bestBefore?: Date | null;
  storage?: Storage | null;
}

const name = z.string().trim().min(1).refine(emptyOrVisible, INVISIBLE_TEXT).max(100);

const pantryObject = z
  .object({
    ingredient_name: name,
    quantity: z
      .number({ error: "must be a number" })
      .positive("must be more than 0")
      .max(MAX_PANTRY_QUANTITY, `must be at most ${MAX_PANTRY_QUANTITY.toLocaleString("en")}`)
      .nullish(),
    unit: z
      .string()
      .trim()
      .max(20)
      .refine((unit) => unit === "" || unitOf(unit) !== null, "must be a unit such as g, kg, ml, cup, tbsp or piece")
      .nullish(),
    best_before: z
      .string({ error: "must be a date as YYYY-MM-DD" })
      .refine((text) => parseIsoDay(text) !== null, "must be a real date as YYYY-MM-DD")
      .nullish(),
    storage: z.enum(STORAGES, { error: `must be one of: ${STORAGES.join(", ")}` }).nullish(),
  })
  .strict()
  .transform(
    (item): PantryInput => ({
      name: item.ingredient_name,
      quantity: item.quantity ?? null,
      unit: item.unit || null,
      bestBefore: item.best_before ? parseIsoDay(item.best_before) : null,
      storage: item.storage ?? null,
    })
  );

const ITEM_SHAPE = "must be an ingredient name or { ingredient_name, quantity, unit, best_before, storage }";
const nameItem = name.transform((text): PantryInput => ({ name: text }));

/** A name or an object, each checked by its own schema so that a refusal names the field at fault. */
const pantryItem = z.unknown().transform((value, context): PantryInput => {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  const schema = typeof value === "string" ? nameItem : isObject ? pantryObject : null;
  const parsed = schema?.safeParse(value);
  if (parsed?.success) return parsed.data;
  for (const issue of parsed?.error.issues ?? [{ message: ITEM_SHAPE, path: [] }]) {
    context.addIssue({ code: "custom", message: issue.message, path: [...issue.path] as (string | number)[] });
  }
  return z.NEVER;
});

/** A list of pantry items, names and objects mixed, at most MAX_LISTED_INGREDIENTS. */
export const PantryInputsSchema = z
  .array(pantryItem, { error: "must be a list of ingredient names or items" })
  .max(MAX_LISTED_INGREDIENTS, `must not list more than ${MAX_LISTED_INGREDIENTS} items`);

/** What the ranking needs to know of an item: its grams (null: unknown), days to its best-before day, its place. */
export function pantryFacts(item: PantryInput, ingredient: CatalogueIngredient, today: Date) {
  const storage = item.storage ?? defaultStorage(ingredient);
  const unit = item.unit ? unitOf(item.unit) : null;
  const grams =
    item.quantity == null ? null : toGrams({ amount: item.quantity, unit, negligible: false }, ingredient.unitWeights);
  return {
    grams,
    daysLeft: item.bestBefore ? daysLeft(item.bestBefore, today) : shelfLifeDays(ingredient, storage),
    storage,
  };
}
