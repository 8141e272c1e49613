import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiPantryUpdateSchema } from "~/domain/food-log-schemas";
import { parseId } from "~/domain/ids";
import { requireApiCook } from "~/services/api-auth.server";
import { confirmPantryUpdate, MEAL_NOT_FOUND, pantryUpdateView, undoPantryUpdate } from "~/services/food-log.server";
import { pantryItems } from "~/services/pantry-store.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

async function ownCompletion(request: Request, id: string | undefined) {
  const cook = await requireApiCook(request);
  const completionId = parseId(id);
  const view = completionId === null ? null : await pantryUpdateView(cook, completionId);
  if (!view) throw jsonError(MEAL_NOT_FOUND, 404);
  return { cook, view };
}

/** GET: the pantry items the meal used with the suggested amounts, or what the update took and until when to undo. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view } = await ownCompletion(request, params.id);
  return Response.json({
    meal_completion_id: view.completionId,
    menu_id: view.recipeId,
    updated: view.updated !== null,
    taken: view.updated?.lines ?? [],
    undo_until: view.updated?.undoUntil ?? null,
    uses: view.rows.map((row) => ({
      key: row.key,
      ingredient_name: row.name,
      held: row.held,
      amount: row.amount,
      unit: row.unit,
      rest: row.all ? "all" : "keep",
      not_added: row.notAdded,
    })),
  });
}

/**
 * POST { uses: [{ pantry_item_id, amount, unit, rest: "all" | "keep" }] }: the pantry update after the meal, all or
 * nothing; a second one answers 409 and changes nothing. DELETE: undo it, within 10 minutes (else 409).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError("Use POST or DELETE", 405);
  const { cook, view } = await ownCompletion(request, params.id);
  if (request.method === "DELETE") {
    const undone = await undoPantryUpdate(cook, view.completionId);
    return undone.ok ? Response.json({ message: undone.message }) : jsonError(undone.message, undone.status);
  }
  const body = await parseJsonBody(request, ApiPantryUpdateSchema);
  const items = await pantryItems(cook.pantryId);
  const uses = [];
  for (const use of body.uses) {
    const item = items.find((stored) => stored.id === use.pantry_item_id);
    if (!item) return jsonError(`Pantry item ${use.pantry_item_id} not found`, 404);
    uses.push({ key: item.key, amount: use.amount ?? null, unit: use.unit ?? null, rest: use.rest });
  }
  const result = await confirmPantryUpdate(cook, view.completionId, uses);
  return result.ok ? Response.json({ message: result.message }) : jsonError(result.message, result.status);
}
