/**
 * /ingredient-preview: the cook's ingredients with their details worded, and what its forms post (an item's edit
 * or deletion, "Used up" / "Thrown away" and their Undo). The screen's route module imports only this server
 * module for its loader and action (decision 069).
 */
import { data, redirect } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { daysLeftOf, type PantryItem } from "~/domain/pantry";
import { describeAmount, describeDaysLeft, STORAGE_LABELS, todayUtc } from "~/domain/pantry-details";
import { logPantryFood, NOTHING_TO_UNDO, parseFoodLogForm, undoableFoodLog, undoFoodLog } from "./food-log.server";
import {
  editPantryItem,
  INGREDIENT_EDIT_CONSTRAINT,
  ingredientImages,
  parseIngredientEdit,
  readPantry,
  removePantryItem,
} from "./pantry.server";
import { readForm } from "./request.server";
import { getUserId, redirectWithFlash, startSessionIfNone } from "./session.server";

/** "400 g · Fridge", or "Fridge" when the item has no amount. */
function describeDetails(item: PantryItem): string {
  const amount = describeAmount(item.quantity, item.unit);
  return amount ? `${amount} · ${STORAGE_LABELS[item.storage]}` : STORAGE_LABELS[item.storage];
}

const PREVIEW = "/ingredient-preview";
/** After "Used up" / "Thrown away" the address names the log entry, so the page can offer its Undo. */
const loggedPath = (entryId: number) => `${PREVIEW}?logged=${entryId}`;

/** The cook's pantry (a guest's, kept in their session), each item with its picture and its details worded. */
export async function ingredientPreviewScreen(request: Request) {
  const items = await readPantry(request);
  const today = todayUtc();
  const images = new Map(
    (await ingredientImages(items.map((item) => item.name))).map((image) => [image.ingredient, image.imageUrl])
  );
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  const search = new URL(request.url).searchParams;
  const userId = await getUserId(request);
  const loggedId = parseId(search.get("logged"));
  return data(
    {
      items: items.map((item) => {
        const daysLeft = daysLeftOf(item, today);
        return {
          ...item,
          imageUrl: images.get(item.name)!,
          daysLeft,
          /** "400 g · Fridge · ", then "2 days" (the days left) */
          detailsText: `${describeDetails(item)} · `,
          daysLeftText: describeDaysLeft(daysLeft),
        };
      }),
      editKey: search.get("edit"),
      signedIn: userId !== null,
      logged: userId !== null && loggedId !== null ? await undoableFoodLog(userId, loggedId) : null,
      editConstraint: INGREDIENT_EDIT_CONSTRAINT,
    },
    { headers }
  );
}

/** An item's edit or deletion, or its "Used up" / "Thrown away" (and that Undo). */
export async function changeIngredientPreview(request: Request) {
  const formData = await readForm(request);
  if (formData.get("intent") === "log-food" || formData.get("intent") === "undo-food-log")
    return logFood(request, formData);
  if (formData.get("intent") === "delete") {
    const removed = await removePantryItem(request, String(formData.get("key") ?? ""));
    if (!removed.ok) return redirectWithFlash(PREVIEW, { type: "error", message: removed.message });
    return redirectWithFlash(
      PREVIEW,
      { type: "success", message: `${removed.removed.name} deleted.` },
      removed.headers
    );
  }

  const { submission, change } = parseIngredientEdit(formData);
  const editKey = String(formData.get("key") ?? "");
  if (!change) return data({ editKey, result: submission.reply() }, { status: 400 });
  const edited = await editPantryItem(request, change);
  if (!edited.ok) {
    if (edited.field === "key") return redirectWithFlash(PREVIEW, { type: "error", message: edited.message });
    return data(
      { editKey, result: submission.reply({ fieldErrors: { [edited.field]: [edited.message] } }) },
      { status: 400 }
    );
  }
  return redirectWithFlash(PREVIEW, { type: "success", message: `${edited.item.name} saved.` }, edited.headers);
}

/** "Used up" / "Thrown away": into the cook's food log, taken from the pantry. */
async function logFood(request: Request, formData: FormData) {
  const userId = await getUserId(request);
  if (userId === null) {
    return redirectWithFlash(PREVIEW, {
      type: "error",
      message: "Log in to keep a log of the food you use and waste.",
    });
  }
  if (formData.get("intent") === "undo-food-log") {
    const entryId = parseId(String(formData.get("entry") ?? ""));
    const undone = entryId === null ? { ok: false, message: NOTHING_TO_UNDO } : await undoFoodLog(userId, entryId);
    return redirectWithFlash(PREVIEW, { type: undone.ok ? "success" : "error", message: undone.message });
  }
  const parsed = parseFoodLogForm(formData);
  const result = parsed.ok ? await logPantryFood(userId, parsed.value) : parsed;
  // done: the page says so beside its Undo (see loggedPath)
  if ("entryId" in result && result.entryId !== undefined) return redirect(loggedPath(result.entryId));
  return redirectWithFlash(PREVIEW, { type: result.ok ? "success" : "error", message: result.message });
}
