/** Ingredient lists as the JSON calls take them: plain names, or items as the app keeps them ({ ingredient_name, ... }). */
import * as z from "zod";

export const MAX_LISTED_INGREDIENTS = 100;

const ingredientName = z.union(
  [
    z.string().trim().min(1).max(100),
    z
      .object({ ingredient_name: z.string().trim().min(1).max(100) })
      .transform((ingredient) => ingredient.ingredient_name),
  ],
  { error: "must be an ingredient name or { ingredient_name }" }
);

/** A list of ingredient names (read from either form), at most MAX_LISTED_INGREDIENTS. */
export const IngredientNamesSchema = z
  .array(ingredientName, { error: "must be a list of ingredient names" })
  .max(MAX_LISTED_INGREDIENTS, `must not list more than ${MAX_LISTED_INGREDIENTS} items`);
