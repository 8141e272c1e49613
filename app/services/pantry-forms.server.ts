/**
 * The pantry screens' forms (Home, Search, Ingredient preview, Pantry): parsed here rather than in the route modules, since
 * a route module that so much as imports zod (even for its action only) sends it to the browser with the screen;
 * and the toggle those screens post, answered with a redirect and its flash.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { INGREDIENT_ADDED } from "~/domain/ingredient-added";
import { NAME_REQUIRED_MESSAGE, resolveName } from "~/domain/pantry";
import { checkIngredientEdit } from "~/domain/pantry-edit-check";
import {
  detailsOfEdit,
  HomeActionSchema,
  PantryAddSchema,
  SearchActionSchema,
  SearchListSchema,
} from "~/domain/pantry-schemas";
import { renderAmount } from "~/domain/servings";
import { splitTypedList, type TypedItem } from "~/domain/typed-list";
import type { Catalogue } from "~/domain/catalogue";
import { loadCatalogue } from "./catalogue.server";
import type { Cook } from "./cook.server";
import { addToPantry, togglePantryItem } from "./pantry-store.server";
import { firstSubmissionError } from "./request.server";
import { redirectWithFlash, type FlashMessage } from "./session.server";

export { INGREDIENT_EDIT_CONSTRAINT } from "~/domain/pantry-edit-check";

/** Home's posts: a most-searched toggle, or START RANDOM without JavaScript. */
export const parseHomeAction = (formData: FormData) => parseWithZod(formData, { schema: HomeActionSchema });

/** Search's posts: add an ingredient, or toggle a recommended one. */
export const parseSearchAction = (formData: FormData) => parseWithZod(formData, { schema: SearchActionSchema });

/** Search's "add them all" for a typed list of several ingredients. */
export const parseSearchList = (formData: FormData) => parseWithZod(formData, { schema: SearchListSchema });

/** The Pantry screen's quick add: a name with its amount, unit, place and day, each optional but the name. */
export const parsePantryAdd = (formData: FormData) => parseWithZod(formData, { schema: PantryAddSchema });

/** The items of a typed list, a whole phrase the catalogue knows ("mac and cheese") kept as one. */
const typedItems = (catalogue: Catalogue, list: string) =>
  splitTypedList(list, (phrase) => catalogue.find(phrase) !== null);

const amountText = (item: TypedItem) => (item.quantity === null ? null : renderAmount(item.quantity, item.unit));

/** A typed list as Search and Pantry show it before adding: each item resolved, with its amount, and whether listed. */
export function typedListView(catalogue: Catalogue, list: string, listedKeys: readonly string[]) {
  return typedItems(catalogue, list).flatMap((item) => {
    const resolved = resolveName(catalogue, item.name);
    if (!resolved) return [];
    const { quantity, unit } = item;
    const amount = amountText(item);
    return [{ ...resolved, typed: item.name, quantity, unit, amount, listed: listedKeys.includes(resolved.key) }];
  });
}

/** "Add all" of a typed list: every item not listed yet, with its amount; back to `back` with what happened. */
export async function addTypedList(cook: Cook, formData: FormData, back: string): Promise<Response> {
  const submission = parseSearchList(formData);
  if (submission.status !== "success")
    return redirectWithFlash(back, {
      type: "error",
      message: firstSubmissionError(submission, NAME_REQUIRED_MESSAGE).message,
    });
  const entries = typedItems(await loadCatalogue(), submission.value.list).map(({ name, quantity, unit }) => ({
    name,
    quantity,
    unit,
  }));
  const added = await addToPantry(cook, entries);
  if (!added.ok) return redirectWithFlash(back, { type: "error", message: added.message });
  const flash: FlashMessage =
    added.added.length > 0
      ? { type: "success", message: INGREDIENT_ADDED }
      : { type: "error", message: "Everything on this list is already in your list." };
  return redirectWithFlash(back, flash, added.headers);
}

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
