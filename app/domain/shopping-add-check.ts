/**
 * The typed item form's check for the browser, loaded with import() once the list is on screen, so that zod is
 * no part of the shopping list's first load.
 */
import { errorsWith } from "./form-check";
import { AddShoppingItemSchema } from "./shopping-list-schemas";

export const addShoppingItemErrors = errorsWith(AddShoppingItemSchema);
