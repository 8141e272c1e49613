import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { pantryItemJson } from "~/domain/pantry";
import { todayUtc } from "~/domain/pantry-details";
import { ApiPantryChangeSchema } from "~/domain/pantry-schemas";
import { requireApiCook } from "~/services/api-auth.server";
import { editPantryItem, pantryItems, removePantryItem } from "~/services/pantry-store.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

const NOT_FOUND = "Pantry item not found";

/**
 * PUT /api/pantry/<id> with any of { quantity, unit, storage, best_before } (null clears an amount or unit, or
 * estimates the day again; a move to the freezer with no day given moves the day), DELETE removes the item. Only
 * the cook's household's items: any other id is a 404. With `version` (as GET sent it) the change is made only on
 * the item as it was then: when another member changed it since, a 409 says so and nothing is written.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return jsonError("Use PUT or DELETE", 405);
  const cook = await requireApiCook(request);
  const change = request.method === "PUT" ? await parseJsonBody(request, ApiPantryChangeSchema) : null;
  const id = parseId(params.id);
  const item = id === null ? undefined : (await pantryItems(cook.pantryId)).find((stored) => stored.id === id);
  if (!item) return jsonError(NOT_FOUND, 404);

  if (!change) {
    const removed = await removePantryItem(cook, item.key);
    if (!removed.ok) return jsonError(NOT_FOUND, 404);
    return Response.json({ message: `${item.name} deleted.`, id: item.id });
  }
  const details = {
    quantity: change.quantity,
    unit: change.unit,
    storage: change.storage,
    bestBefore: change.best_before,
  };
  const edited = await editPantryItem(cook, {
    key: item.key,
    name: item.name,
    type: item.type,
    details,
    version: change.version,
  });
  if (!edited.ok) {
    if (edited.field === "key") return jsonError(NOT_FOUND, 404);
    return edited.field === "version"
      ? jsonError(edited.message, 409)
      : jsonError(`${edited.field}: ${edited.message}`, 400);
  }
  return Response.json(pantryItemJson({ ...edited.item, id: item.id }, todayUtc()));
}
