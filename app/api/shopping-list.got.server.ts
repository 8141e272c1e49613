import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiCook } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { GotShoppingSchema, movedMessage, moveToPantry } from "~/services/shopping-list.server";

/**
 * POST /api/shopping-list/got { intent: "got-it", item } or { intent: "got-everything" }: items of the cook's
 * household's list move into its pantry (as the list's Got it / Got everything). 404 when the item is not on their list (any
 * more: a repeat changes nothing), 409 when the pantry is full.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const got = await parseJsonBody(request, GotShoppingSchema);
  const moved = await moveToPantry(cook, got);
  if (!moved.ok) return jsonError(moved.message, moved.status);
  return Response.json({ message: movedMessage(moved.moved), moved: moved.moved });
}
