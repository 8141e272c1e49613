/** The shopping list screen's loader and action (app/routes/shoppinglist.tsx stays thin). */
import { data, redirect } from "@remix-run/node";
import { deliveryApps } from "~/domain/delivery-apps";
import { LOGIN_REQUIRED } from "./api-auth.server";
import { getCook, requireCook } from "./cook.server";
import { jsonPageReply, readPageCall } from "./json-page-calls.server";
import { firstSubmissionError } from "./request.server";
import { redirectWithFlash } from "./session.server";
import { applyShoppingChange, checkShoppingChange } from "./shopping-changes.server";
import { listShoppingItems } from "./shopping-list.server";

const LIST_PATH = "/shoppinglist";

/** The list, and the delivery apps for the item being ordered (`?order=<id>`: each item is ordered on its own). */
export async function shoppingListScreen(request: Request) {
  const { listId } = await requireCook(request);
  const items = await listShoppingItems(listId);
  const ordered = items.find((item) => String(item.id) === new URL(request.url).searchParams.get("order"));
  return {
    items,
    ordering: ordered ? { name: ordered.name, apps: deliveryApps([ordered.name]) } : null,
    // the browser queues offline taps for this list, and sends them only while it is still the cook's
    listId,
  };
}

/**
 * The list's forms (Got it, Got everything, Remove, Add) and their JSON page call (POST /shoppinglist with a JSON
 * body; the replay of taps queued offline uses it): `{ message, repeated }` with the change's status, 401 for a
 * guest, `{ message, field }` with 400 for a wrong field.
 */
export async function changeShoppingList(request: Request) {
  const { formData, isJson } = await readPageCall(request);
  const cook = isJson ? await getCook(request) : await requireCook(request);
  if (cook.userId === null) return jsonPageReply({ message: LOGIN_REQUIRED }, { status: 401 });
  const checked = checkShoppingChange(formData);
  if (checked.status !== "success") {
    const { message, field } = firstSubmissionError(checked, "Unknown action");
    if (isJson) return jsonPageReply({ message, field }, { status: 400 });
    if (formData.get("intent") === "add") return data({ result: checked.reply() }, { status: 400 });
    return redirectWithFlash(LIST_PATH, { type: "error", message });
  }
  const answer = await applyShoppingChange({ ...cook, userId: cook.userId }, checked.value);
  if (isJson) return jsonPageReply({ message: answer.message, repeated: answer.repeated ?? false }, answer);
  if (answer.status >= 400) return redirectWithFlash(LIST_PATH, { type: "error", message: answer.message });
  // a removed card is gone from the screen: that says enough
  if (checked.value.intent === "remove") return redirect(LIST_PATH);
  return redirectWithFlash(LIST_PATH, { type: "success", message: answer.message });
}
