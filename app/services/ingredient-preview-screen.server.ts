/**
 * /ingredient-preview: the cook's ingredients with their details worded, and what its forms post (an item's edit
 * or deletion, "Used up" / "Thrown away" and their Undo), as on /pantry. The screen's route module imports only
 * this server module for its loader and action (decision 069).
 */
import { data } from "@remix-run/node";
import { getCook } from "./cook.server";
import { changePantryItem, pantryItemsView } from "./pantry-item-changes.server";
import { readForm } from "./request.server";
import { startSessionIfNone } from "./session.server";

const PREVIEW = "/ingredient-preview";

/** The cook's pantry (their household's; a guest's, kept in their session), each item with its picture and details. */
export async function ingredientPreviewScreen(request: Request) {
  const cook = await getCook(request);
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  return data(await pantryItemsView(cook, new URL(request.url).searchParams), { headers });
}

/** An item's edit or deletion, or its "Used up" / "Thrown away" (and that Undo). */
export async function changeIngredientPreview(request: Request) {
  const cook = await getCook(request);
  return changePantryItem(cook, await readForm(request), PREVIEW);
}
