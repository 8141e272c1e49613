/**
 * What the pantry's screens (/pantry, /ingredient-preview) show of each item and what their item forms post: an
 * edit or a deletion, "Used up" / "Thrown away" and its Undo. Each screen passes its own address, where the
 * answers return.
 */
import { data, redirect } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { applyDetailsChange, daysLeftOf, type PantryItem } from "~/domain/pantry";
import {
  describeAmount,
  describeDaysLeft,
  movedDayMessage,
  STORAGE_LABELS,
  STORAGE_PLACES,
  todayUtc,
  type Storage,
} from "~/domain/pantry-details";
import { loadCatalogue } from "./catalogue.server";
import { logPantryFood, NOTHING_TO_UNDO, parseFoodLogForm, undoableFoodLog, undoFoodLog } from "./food-log.server";
import type { Cook } from "./cook.server";
import { ingredientImages } from "./ingredient-images.server";
import { INGREDIENT_EDIT_CONSTRAINT, parseIngredientEdit } from "./pantry-forms.server";
import { editPantryItem, readPantry, removePantryItem } from "./pantry-store.server";
import { redirectWithFlash } from "./session.server";

/** "400 g · Fridge", or "Fridge" when the item has no amount. */
function describeDetails(item: PantryItem): string {
  const amount = describeAmount(item.quantity, item.unit);
  return amount ? `${amount} · ${STORAGE_LABELS[item.storage]}` : STORAGE_LABELS[item.storage];
}

/** After "Used up" / "Thrown away" the address names the log entry, so the page can offer its Undo. */
const loggedPath = (screen: string, entryId: number) => `${screen}?logged=${entryId}`;
const editPath = (screen: string, key: string) => `${screen}?${new URLSearchParams({ edit: key })}`;

/**
 * The cook's items (their household's; a guest's, kept in their session), each with its picture, details worded,
 * days left, and the best-before day it would have in each other place (shown before a move replaces the day).
 */
export async function pantryItemsView(cook: Cook, search: URLSearchParams) {
  const [items, catalogue] = await Promise.all([readPantry(cook), loadCatalogue()]);
  const today = todayUtc();
  const images = new Map(
    (await ingredientImages(items.map((item) => item.name))).map((image) => [image.ingredient, image.imageUrl])
  );
  const loggedId = parseId(search.get("logged"));
  return {
    items: items.map((item) => {
      const daysLeft = daysLeftOf(item, today);
      const movedBestBefore = Object.fromEntries(
        STORAGE_PLACES.map((place) => {
          const moved = applyDetailsChange(catalogue, item, { storage: place }, today);
          return [place, moved.ok ? moved.item.bestBefore : item.bestBefore];
        })
      ) as Record<Storage, string>;
      return {
        ...item,
        imageUrl: images.get(item.name)!,
        daysLeft,
        /** "400 g · Fridge · ", then "2 days" (the days left) */
        detailsText: `${describeDetails(item)} · `,
        daysLeftText: describeDaysLeft(daysLeft),
        movedBestBefore,
      };
    }),
    editKey: search.get("edit"),
    signedIn: cook.userId !== null,
    logged: cook.userId !== null && loggedId !== null ? await undoableFoodLog(cook, loggedId) : null,
    editConstraint: INGREDIENT_EDIT_CONSTRAINT,
  };
}

export const isItemChange = (formData: FormData) =>
  ["edit", "delete", "log-food", "undo-food-log"].includes(String(formData.get("intent")));

/**
 * A move to another place with the day left as the form showed it, when the form has not shown the new day yet
 * (without JavaScript): the form comes back with the new day in it and says so, and nothing is saved.
 */
async function unshownMove(cook: Cook, formData: FormData) {
  const shown = formData.get("placeShown");
  const storage = formData.get("storage");
  if (typeof shown !== "string" || typeof storage !== "string" || shown === storage) return null;
  const before = (await readPantry(cook)).find((item) => item.key === formData.get("key"));
  if (!before || formData.get("bestBefore") !== before.bestBefore) return null;
  const place = STORAGE_PLACES.find((candidate) => candidate === storage);
  if (!place) return null;
  const moved = applyDetailsChange(await loadCatalogue(), before, { storage: place }, todayUtc());
  if (!moved.ok || moved.item.bestBefore === before.bestBefore) return null;
  const shownAgain = new FormData();
  for (const [name, value] of formData) shownAgain.append(name, value);
  shownAgain.set("bestBefore", moved.item.bestBefore);
  shownAgain.set("placeShown", place);
  return {
    result: parseIngredientEdit(shownAgain).submission.reply(),
    moveNote: `${movedDayMessage(before.name, place, moved.item.bestBefore)} Check the date and save again.`,
  };
}

/** An item's edit or deletion, or its "Used up" / "Thrown away" (and that Undo); answers return to `screen`. */
export async function changePantryItem(cook: Cook, formData: FormData, screen: string) {
  if (formData.get("intent") === "log-food" || formData.get("intent") === "undo-food-log")
    return logFood(cook, formData, screen);
  if (formData.get("intent") === "delete") {
    const removed = await removePantryItem(
      cook,
      String(formData.get("key") ?? ""),
      parseIngredientEdit(formData).version
    );
    if (!removed.ok) return redirectWithFlash(screen, { type: "error", message: removed.message });
    return redirectWithFlash(screen, { type: "success", message: `${removed.removed.name} deleted.` }, removed.headers);
  }

  const { submission, change } = parseIngredientEdit(formData);
  const editKey = String(formData.get("key") ?? "");
  if (!change) return data({ editKey, result: submission.reply(), moveNote: null }, { status: 400 });
  const move = await unshownMove(cook, formData);
  if (move) return data({ editKey, ...move }, { status: 400 });
  const edited = await editPantryItem(cook, change);
  if (!edited.ok) {
    if (edited.field === "key") return redirectWithFlash(screen, { type: "error", message: edited.message });
    // another member changed it: the form opens again on the item as it stands now
    if (edited.field === "version") {
      return redirectWithFlash(editPath(screen, editKey), { type: "error", message: edited.message });
    }
    return data(
      {
        editKey,
        result: submission.reply({ fieldErrors: { [edited.field]: [edited.message] } }),
        moveNote: null,
      },
      { status: 400 }
    );
  }
  return redirectWithFlash(screen, { type: "success", message: `${edited.item.name} saved.` }, edited.headers);
}

/** "Used up" / "Thrown away": into the cook's food log, taken from the pantry. */
async function logFood(cook: Cook, formData: FormData, screen: string) {
  if (cook.userId === null) {
    return redirectWithFlash(screen, {
      type: "error",
      message: "Log in to keep a log of the food you use and waste.",
    });
  }
  if (formData.get("intent") === "undo-food-log") {
    const entryId = parseId(String(formData.get("entry") ?? ""));
    const undone = entryId === null ? { ok: false, message: NOTHING_TO_UNDO } : await undoFoodLog(cook, entryId);
    return redirectWithFlash(screen, { type: undone.ok ? "success" : "error", message: undone.message });
  }
  const parsed = parseFoodLogForm(formData);
  const result = parsed.ok ? await logPantryFood(cook, parsed.value) : parsed;
  // done: the page says so beside its Undo (see loggedPath)
  if ("entryId" in result && result.entryId !== undefined) return redirect(loggedPath(screen, result.entryId));
  return redirectWithFlash(screen, { type: result.ok ? "success" : "error", message: result.message });
}
