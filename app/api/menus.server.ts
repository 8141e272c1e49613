import type { ActionFunctionArgs } from "@remix-run/node";
import { menuDraft, MenuInputSchema } from "~/domain/menu-input";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { findMenu } from "~/services/recipe-search.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { assertSameOrigin } from "~/services/security.server";

/**
 * POST /api/menus: a menu is looked up by name and created if missing (spec section 4), so an existing
 * recipe is answered as it is (200) and never overwritten; a new one is answered 201. Its nutrition and diet
 * tags are computed from the catalogue by the recipe store, whatever the client sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const userId = await requireApiUserId(request);
  const menu = await parseJsonBody(request, MenuInputSchema);
  // Looked up in the saving transaction, so two simultaneous creates of one name make one recipe.
  const { id, created } = await saveRecipe(menuDraft(menu, userId), { onlyIfNew: true });
  return Response.json(await findMenu(id), { status: created ? 201 : 200 });
}
