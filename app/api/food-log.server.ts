import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiFoodLogSchema, ApiFoodLogUndoSchema } from "~/domain/food-log-schemas";
import { requireApiCook } from "~/services/api-auth.server";
import { logPantryFood, undoFoodLog } from "~/services/food-log.server";
import { pantryItems } from "~/services/pantry-store.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/**
 * POST /api/food-log { pantry_item_id, kind: "used" | "wasted", amount?, unit? }: the cook's pantry item used up or
 * thrown away, that amount (at most what is left) or, without one, all of it. Only their household's items: 404.
 * DELETE /api/food-log { entry_id }: undone within 10 minutes (409 later); only the cook's own entries (404).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError("Use POST or DELETE", 405);
  const cook = await requireApiCook(request);
  if (request.method === "DELETE") {
    const { entry_id } = await parseJsonBody(request, ApiFoodLogUndoSchema);
    const undone = await undoFoodLog(cook, entry_id);
    return undone.ok ? Response.json({ message: undone.message }) : jsonError(undone.message, undone.status);
  }
  const body = await parseJsonBody(request, ApiFoodLogSchema);
  const item = (await pantryItems(cook.pantryId)).find((stored) => stored.id === body.pantry_item_id);
  if (!item) return jsonError("Pantry item not found", 404);
  const result = await logPantryFood(cook, {
    key: item.key,
    kind: body.kind,
    amount: body.amount ?? null,
    unit: body.unit ?? null,
  });
  if (!result.ok) return jsonError(result.message, result.status);
  return Response.json({ message: result.message, entry_id: result.entryId }, { status: 201 });
}
