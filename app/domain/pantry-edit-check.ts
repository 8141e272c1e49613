/**
 * The ingredient edit form's check, one for both sides: the server parses every post with it, and the browser
 * loads it with import() only once a cook opens the form, so that zod is no part of ingredient preview's first
 * load (evaluating it was most of that screen's blocking time on a slow phone).
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { EditIngredientSchema } from "./pantry-schemas";

export const checkIngredientEdit = (formData: FormData) => parseWithZod(formData, { schema: EditIngredientSchema });

/** The errors by field name (none: null), for the browser. */
export function ingredientEditErrors(formData: FormData) {
  const submission = checkIngredientEdit(formData);
  return submission.status === "success" ? null : submission.error;
}

/** The fields' HTML constraints (required, maxlength…), sent with the page so the form has them from the start. */
export const INGREDIENT_EDIT_CONSTRAINT = getZodConstraint(EditIngredientSchema);
