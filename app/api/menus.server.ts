import type { ActionFunctionArgs } from "@remix-run/node";
import { IMAGE_NOT_FETCHED, menuDraft, MenuInputSchema } from "~/domain/menu-input";
import { privateHostsAllowedByEnv } from "~/services/import-fetch.server";
import { keptRecipePhoto } from "~/services/recipe-photo.server";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { findRecipe, findRecipeByName } from "~/services/recipe-search.server";
import { RecipeRejectedError, saveRecipe } from "~/services/recipe-store.server";

/**
 * POST /api/menus: a menu is looked up by name and created if missing, so an existing
 * recipe is answered as it is (200) and never overwritten; a new one is answered 201. The name is looked up
 * among the recipes the caller sees (their own first): another user's private recipe of that name is neither
 * found nor touched. A new recipe is the caller's alone unless the body says `shared: true`. Its nutrition and diet
 * tags are computed from the catalogue by the recipe store, whatever the client sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const userId = await requireApiUserId(request);
  const menu = await parseJsonBody(request, MenuInputSchema);
  // Looked up in the saving transaction, so two simultaneous creates of one name make one recipe.
  const visible = await findRecipeByName(menu.menu_name, userId);
  if (visible) return Response.json(await findRecipe(visible.menu_id, userId));
  const image = menu.image && (await keptRecipePhoto(menu.image, privateHostsAllowedByEnv()));
  if (menu.image && !image) return jsonError(IMAGE_NOT_FETCHED, 400);
  try {
    const { id, created } = await saveRecipe({ ...menuDraft(menu, userId), image }, { onlyIfNew: true });
    return Response.json(await findRecipe(id, userId), { status: created ? 201 : 200 });
  } catch (error) {
    if (error instanceof RecipeRejectedError) return jsonError(error.message, error.status);
    throw error;
  }
}
