import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { alreadyListedMessage, pantryItemJson } from "~/domain/pantry";
import { todayUtc } from "~/domain/pantry-details";
import { ApiNewPantryItemSchema } from "~/domain/pantry-schemas";
import { requireApiCook } from "~/services/api-auth.server";
import { addToPantry, pantryItems } from "~/services/pantry-store.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/** GET /api/pantry: the signed-in cook's household's pantry, { items: [...] }, first added first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const cook = await requireApiCook(request);
  const today = todayUtc();
  return Response.json({ items: (await pantryItems(cook.pantryId)).map((item) => pantryItemJson(item, today)) });
}

/**
 * POST /api/pantry with { ingredient_name, quantity?, unit?, storage?, best_before? }: adds an item (201); its
 * place and day come from the catalogue when left out. An ingredient already in the pantry is a 409.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const body = await parseJsonBody(request, ApiNewPantryItemSchema);
  const added = await addToPantry(cook, [
    {
      name: body.ingredient_name,
      quantity: body.quantity,
      unit: body.unit,
      storage: body.storage,
      bestBefore: body.best_before,
    },
  ]);
  if (!added.ok) return jsonError(added.message, 400);
  if (added.added.length === 0) return jsonError(alreadyListedMessage(added.alreadyListed[0].name), 409);
  return Response.json(pantryItemJson(added.added[0], todayUtc()), { status: 201 });
}
