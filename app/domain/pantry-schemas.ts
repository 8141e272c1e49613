/**
 * The pantry forms' schemas (shared by the server and conform on the client), apart from the rules in pantry.ts
 * so that a screen using only the rules does not carry zod to the browser.
 */
import * as z from "zod";
import { emptyOrVisible } from "./text-safety";
import {
  MAX_INGREDIENT_NAME_LENGTH,
  NAME_REQUIRED_MESSAGE,
  NAME_TOO_LONG_MESSAGE,
  PANTRY_TYPES,
  TYPE_INVALID_MESSAGE,
  type DetailsChange,
} from "./pantry";
import {
  AMOUNT_INVALID_MESSAGE,
  DATE_INVALID_MESSAGE,
  isRealDay,
  STORAGE_INVALID_MESSAGE,
  STORAGE_PLACES,
  UNIT_INVALID_MESSAGE,
  UNIT_WITHOUT_AMOUNT_MESSAGE,
} from "./pantry-details";
import { MAX_AMOUNT, PANTRY_UNITS } from "./pantry-units";
import { MAX_TYPED_LIST_LENGTH } from "./typed-list";

const ingredientName = z
  .string({ error: NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE)
  .refine(emptyOrVisible, NAME_REQUIRED_MESSAGE)
  .max(MAX_INGREDIENT_NAME_LENGTH, NAME_TOO_LONG_MESSAGE);

const amount = z
  .number({ error: AMOUNT_INVALID_MESSAGE })
  .gt(0, AMOUNT_INVALID_MESSAGE)
  .lt(MAX_AMOUNT, AMOUNT_INVALID_MESSAGE);
const unit = z.enum(PANTRY_UNITS, { error: UNIT_INVALID_MESSAGE });
const storage = z.enum(STORAGE_PLACES, { error: STORAGE_INVALID_MESSAGE });
const day = z.string({ error: DATE_INVALID_MESSAGE }).refine(isRealDay, DATE_INVALID_MESSAGE);

/**
 * Search's forms: add an ingredient by name (results, dropdown, typed name; an item of a typed list with its
 * amount) or toggle a recommended one.
 */
export const SearchActionSchema = z.object({
  intent: z.enum(["add", "toggle"], { error: "Unknown action." }),
  name: ingredientName,
  quantity: amount.optional(),
  unit: unit.optional(),
});

/** Home's forms: a most-searched toggle, or START RANDOM without JavaScript. */
export const HomeActionSchema = z.discriminatedUnion("intent", [
  SearchActionSchema.extend({ intent: z.literal("toggle") }),
  z.object({ intent: z.literal("random-menu") }),
]);

/** Search's "Add all" of a typed list: the list as typed, split again on the server. */
export const SearchListSchema = z.object({
  intent: z.literal("add-all"),
  list: z.string({ error: NAME_REQUIRED_MESSAGE }).trim().min(1, NAME_REQUIRED_MESSAGE).max(MAX_TYPED_LIST_LENGTH),
});

/** A unit says what an amount counts: a unit without one is refused (on the amount, which is what is missing). */
function unitNeedsAmount(value: { quantity?: number | null; unit?: string | null }, context: z.RefinementCtx) {
  if (value.unit != null && value.quantity == null) {
    context.addIssue({ code: "custom", path: ["quantity"], message: UNIT_WITHOUT_AMOUNT_MESSAGE });
  }
}

/** The Pantry screen's quick add: a name, and optionally its amount and unit, place and best-before day. */
export const PantryAddSchema = z
  .object({
    intent: z.literal("add"),
    name: ingredientName,
    quantity: amount.optional(),
    unit: unit.optional(),
    storage: storage.optional(),
    bestBefore: day.optional(),
  })
  .superRefine(unitNeedsAmount);

/**
 * Editing an item on ingredient preview: its key, the new wording and type, and its amount, unit, place and
 * best-before day (left empty: estimated, or moved with the place when only the place changed).
 */
export const EditIngredientSchema = z
  .object({
    key: z.string({ error: "Choose the ingredient to edit." }).min(1, "Choose the ingredient to edit."),
    name: ingredientName,
    type: z.enum(PANTRY_TYPES, { error: TYPE_INVALID_MESSAGE }),
    quantity: amount.optional(),
    unit: unit.optional(),
    storage: storage.optional(),
    bestBefore: day.optional(),
  })
  .superRefine(unitNeedsAmount);

/**
 * The details change an edit form posts: a field the form sent empty is cleared (null), a field it did not send
 * at all (an older page) is left as it was.
 */
export function detailsOfEdit(formData: FormData, value: z.output<typeof EditIngredientSchema>): DetailsChange {
  const sent = (name: string) => formData.has(name);
  return {
    quantity: sent("quantity") ? value.quantity ?? null : undefined,
    unit: sent("unit") ? value.unit ?? null : undefined,
    storage: value.storage,
    bestBefore: sent("bestBefore") ? value.bestBefore ?? null : undefined,
  };
}

/** POST /api/pantry: a new item (best_before and storage estimated from the catalogue when left out). */
export const ApiNewPantryItemSchema = z
  .object({
    ingredient_name: ingredientName,
    quantity: amount.nullish(),
    unit: unit.nullish(),
    storage: storage.nullish(),
    best_before: day.nullish(),
  })
  .superRefine(unitNeedsAmount);

/**
 * PUT /api/pantry/{id}: the fields to change; null clears the amount or unit, or estimates the day again. A unit
 * left without an amount is refused by the service, which knows the amount kept from before.
 */
export const ApiPantryChangeSchema = z.object({
  quantity: amount.nullish(),
  unit: unit.nullish(),
  storage: storage.optional(),
  best_before: day.nullish(),
  /** the item's version the caller saw (GET /api/pantry): the change is refused (409) when it moved on since */
  version: z.number({ error: "version must be a whole number" }).int().min(0).max(1e9).nullish(),
});
