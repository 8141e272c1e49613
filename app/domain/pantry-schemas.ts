/**
 * The pantry forms' schemas (shared by the server and conform on the client), apart from the rules in pantry.ts
 * so that a screen using only the rules does not carry zod to the browser.
 */
import * as z from "zod";
import { MAX_INGREDIENT_NAME_LENGTH, NAME_REQUIRED_MESSAGE, NAME_TOO_LONG_MESSAGE, PANTRY_TYPES, TYPE_INVALID_MESSAGE } from "./pantry";

const ingredientName = z
  .string({ error: NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, NAME_REQUIRED_MESSAGE)
  .max(MAX_INGREDIENT_NAME_LENGTH, NAME_TOO_LONG_MESSAGE);

/** Search's forms: add an ingredient by name (results, dropdown, typed name) or toggle a recommended one. */
export const SearchActionSchema = z.object({
  intent: z.enum(["add", "toggle"], { error: "Unknown action." }),
  name: ingredientName,
});

/** Home's forms: a most-searched toggle, or START RANDOM without JavaScript. */
export const HomeActionSchema = z.discriminatedUnion("intent", [
  SearchActionSchema.extend({ intent: z.literal("toggle") }),
  z.object({ intent: z.literal("random-menu") }),
]);

/** Editing an item on ingredient preview: its key, the new wording and type. */
export const EditIngredientSchema = z.object({
  key: z.string({ error: "Choose the ingredient to edit." }).min(1, "Choose the ingredient to edit."),
  name: ingredientName,
  type: z.enum(PANTRY_TYPES, { error: TYPE_INVALID_MESSAGE }),
});
