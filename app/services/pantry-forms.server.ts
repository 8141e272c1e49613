/**
 * The pantry screens' forms (Home, Search, Ingredient preview): parsed here rather than in the route modules, since
 * a route module that so much as imports zod (even for its action only) sends it to the browser with the screen;
 * and the toggle those screens post, answered with a redirect and its flash.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { INGREDIENT_ADDED } from "~/domain/ingredient-added";
import { checkIngredientEdit } from "~/domain/pantry-edit-check";
import { detailsOfEdit, HomeActionSchema, SearchActionSchema, SearchListSchema } from "~/domain/pantry-schemas";
import type { Cook } from "./cook.server";
import { togglePantryItem } from "./pantry-store.server";
import { redirectWithFlash } from "./session.server";

export { INGREDIENT_EDIT_CONSTRAINT } from "~/domain/pantry-edit-check";

/** Home's posts: a most-searched toggle, or START RANDOM without JavaScript. */
export const parseHomeAction = (formData: FormData) => parseWithZod(formData, { schema: HomeActionSchema });

/** Search's posts: add an ingredient, or toggle a recommended one. */
export const parseSearchAction = (formData: FormData) => parseWithZod(formData, { schema: SearchActionSchema });

/** Search's "add them all" for a typed list of several ingredients. */
export const parseSearchList = (formData: FormData) => parseWithZod(formData, { schema: SearchListSchema });

/** The item's version the edit form was drawn with (a member's edit on a stale view is refused); null: none sent. */
function versionOf(formData: FormData): number | null {
  const text = formData.get("version");
  return typeof text === "string" && /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** Ingredient preview's edit form: the submission, and the change for editPantryItem when it is valid. */
export function parseIngredientEdit(formData: FormData) {
  const submission = checkIngredientEdit(formData);
  const change =
    submission.status === "success"
      ? { ...submission.value, details: detailsOfEdit(formData, submission.value), version: versionOf(formData) }
      : null;
  return { submission, change, version: versionOf(formData) };
}

/**
 * A toggle posted from a screen (Search's recommended ingredients, Home's most searched): adds the ingredient or
 * removes it, then back to `back` with 'Ingredient added.', what was removed, or why nothing changed.
 */
export async function toggleAndGoBack(cook: Cook, name: string, back: string): Promise<Response> {
  const toggled = await togglePantryItem(cook, name);
  if (!toggled.ok) return redirectWithFlash(back, { type: "error", message: toggled.message });
  const message = toggled.nowListed ? INGREDIENT_ADDED : `${toggled.item.name} removed from your list.`;
  return redirectWithFlash(back, { type: "success", message }, toggled.headers);
}
