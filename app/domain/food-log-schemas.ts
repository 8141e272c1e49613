/**
 * The food log's forms and JSON calls (the pantry list's "Used up" / "Thrown away", "Update your pantry"), apart from
 * the rules in food-log.ts so that a screen showing only figures does not carry zod to the browser.
 */
import * as z from "zod";
import { AMOUNT_MESSAGE, FOOD_KINDS } from "./food-log";
import { idField } from "./id-field";
import { MAX_AMOUNT, PANTRY_UNITS } from "./pantry-units";

const amountField = z.preprocess(
  (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
  z
    .number({ error: AMOUNT_MESSAGE })
    .refine((value) => Number.isFinite(value) && value >= 0 && value < MAX_AMOUNT, AMOUNT_MESSAGE)
    .nullable()
);
const unitField = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  z.enum(PANTRY_UNITS, { error: "Please choose one of the listed units." }).nullable()
);
const keyField = z
  .string({ error: "Please choose an ingredient." })
  .trim()
  .min(1, "Please choose an ingredient.")
  .max(120);

/** One pantry item marked "Used up" or "Thrown away" (the pantry list's form and POST /api/food-log). */
export const FoodLogEntrySchema = z.object({
  key: keyField,
  kind: z.enum(FOOD_KINDS, { error: 'Please choose "Used up" or "Thrown away".' }),
  amount: amountField,
  unit: unitField,
});
export type FoodLogEntryInput = z.output<typeof FoodLogEntrySchema>;

/** One row of "Update your pantry": how much of the item the meal took, and whether any of it is left. */
export const PantryUseSchema = z.object({
  key: keyField,
  amount: amountField,
  unit: unitField,
  rest: z.enum(["all", "keep"], { error: 'Please choose "Used it all" or "Keep the rest".' }),
});
export type PantryUseInput = z.output<typeof PantryUseSchema>;

export const MAX_USES = 100;

/** The whole "Update your pantry" form: rows `use[0].key`, `use[0].amount`... (conform's list fields). */
export const PantryUpdateSchema = z.object({
  use: z
    .array(PantryUseSchema, { error: "Please list what the meal used." })
    .max(MAX_USES, `Please list at most ${MAX_USES} ingredients.`)
    .default([]),
});

// ---------- JSON calls: the same fields, a pantry item named by its id ----------

/** POST /api/food-log: { pantry_item_id, kind, amount?, unit? }. */
export const ApiFoodLogSchema = FoodLogEntrySchema.omit({ key: true })
  .extend({ pantry_item_id: idField("pantry_item_id"), amount: amountField.optional(), unit: unitField.optional() })
  .strict();

/** DELETE /api/food-log: { entry_id }, the undo of a "Used up" / "Thrown away". */
export const ApiFoodLogUndoSchema = z.object({ entry_id: idField("entry_id") }).strict();

/** POST /api/meal-completions/{id}/pantry-update: { uses: [{ pantry_item_id, amount, unit, rest }] }. */
export const ApiPantryUpdateSchema = z
  .object({
    uses: z
      .array(
        PantryUseSchema.omit({ key: true })
          .extend({
            pantry_item_id: idField("pantry_item_id"),
            amount: amountField.optional(),
            unit: unitField.optional(),
          })
          .strict(),
        { error: "must be a list of { pantry_item_id, amount, unit, rest }" }
      )
      .max(MAX_USES),
  })
  .strict();
