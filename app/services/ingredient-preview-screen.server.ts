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
import { getCook, type Cook } from "./cook.server";
import { ingredientImages } from "./ingredient-images.server";
import { INGREDIENT_EDIT_CONSTRAINT, parseIngredientEdit } from "./pantry-forms.server";
import { editPantryItem, readPantry, removePantryItem } from "./pantry-store.server";
import { readForm } from "./request.server";
import { redirectWithFlash, startSessionIfNone } from "./session.server";

/** "400 g · Fridge", or "Fridge" when the item has no amount. */
function describeDetails(item: PantryItem): string {
  const amount = describeAmount(item.quantity, item.unit);
  return amount ? `${amount} · ${STORAGE_LABELS[item.storage]}` : STORAGE_LABELS[item.storage];
}

const PREVIEW = "/ingredient-preview";
/** After "Used up" / "Thrown away" the address names the log entry, so the page can offer its Undo. */
const loggedPath = (entryId: number) => `${PREVIEW}?logged=${entryId}`;

/** The cook's pantry (their household's; a guest's, kept in their session), each item with its picture and details. */
export async function ingredientPreviewScreen(request: Request) {
  const cook = await getCook(request);
  const items = await readPantry(cook);
  const today = todayUtc();
  const images = new Map(
    (await ingredientImages(items.map((item) => item.name))).map((image) => [image.ingredient, image.imageUrl])
  );
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  const search = new URL(request.url).searchParams;
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
      signedIn: cook.userId !== null,
      logged: cook.userId !== null && loggedId !== null ? await undoableFoodLog(cook, loggedId) : null,
      editConstraint: INGREDIENT_EDIT_CONSTRAINT,
    },
    { headers }
  );
}

/** An item's edit or deletion, or its "Used up" / "Thrown away" (and that Undo). */
export async function changeIngredientPreview(request: Request) {
  const cook = await getCook(request);
  const formData = await readForm(request);
  if (formData.get("intent") === "log-food" || formData.get("intent") === "undo-food-log")
    return logFood(cook, formData);
  if (formData.get("intent") === "delete") {
    const removed = await removePantryItem(
      cook,
      String(formData.get("key") ?? ""),
      parseIngredientEdit(formData).version
    );
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
  const edited = await editPantryItem(cook, change);
  if (!edited.ok) {
    if (edited.field === "key") return redirectWithFlash(PREVIEW, { type: "error", message: edited.message });
    // another member changed it: the form opens again on the item as it stands now
    if (edited.field === "version") {
      const again = `${PREVIEW}?${new URLSearchParams({ edit: editKey })}`;
      return redirectWithFlash(again, { type: "error", message: edited.message });
    }
    return data(
      { editKey, result: submission.reply({ fieldErrors: { [edited.field]: [edited.message] } }) },
      { status: 400 }
    );
  }
  return redirectWithFlash(PREVIEW, { type: "success", message: `${edited.item.name} saved.` }, edited.headers);
}

/** "Used up" / "Thrown away": into the cook's food log, taken from the pantry. */
async function logFood(cook: Cook, formData: FormData) {
  if (cook.userId === null) {
    return redirectWithFlash(PREVIEW, {
      type: "error",
      message: "Log in to keep a log of the food you use and waste.",
    });
  }
  if (formData.get("intent") === "undo-food-log") {
    const entryId = parseId(String(formData.get("entry") ?? ""));
    const undone = entryId === null ? { ok: false, message: NOTHING_TO_UNDO } : await undoFoodLog(cook, entryId);
    return redirectWithFlash(PREVIEW, { type: undone.ok ? "success" : "error", message: undone.message });
  }
  const parsed = parseFoodLogForm(formData);
  const result = parsed.ok ? await logPantryFood(cook, parsed.value) : parsed;
  // done: the page says so beside its Undo (see loggedPath)
  if ("entryId" in result && result.entryId !== undefined) return redirect(loggedPath(result.entryId));
  return redirectWithFlash(PREVIEW, { type: result.ok ? "success" : "error", message: result.message });
}
