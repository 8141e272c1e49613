import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { IMAGE_NOT_FETCHED, MenuImageSchema } from "~/domain/menu-input";
import { privateHostsAllowedByEnv } from "~/services/import-fetch.server";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { canSeeRecipe } from "~/services/recipe-access.server";
import { isOwnRecipe, setOwnRecipeImage } from "~/services/recipe-lookup.server";
import { keptRecipePhoto } from "~/services/recipe-photo.server";
import { findRecipe } from "~/services/recipe-search.server";

/** PUT /api/menus/<menu_id> with { image }: sets the picture of a recipe the signed-in user added. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError("Use PUT", 405);
  const userId = await requireApiUserId(request);
  const { image } = await parseJsonBody(request, MenuImageSchema);
  const recipeId = parseId(params.recipeId);
  if (recipeId === null) return jsonError("Menu not found", 404);
  if (!(await isOwnRecipe(userId, recipeId))) {
    const exists = await canSeeRecipe(recipeId, userId);
    return exists
      ? jsonError("You can only change the picture of a recipe you added", 403)
      : jsonError("Menu not found", 404);
  }
  // Fetched only for the recipe's own cook: nobody else can make the server fetch an address.
  const kept = await keptRecipePhoto(image, privateHostsAllowedByEnv());
  if (!kept) return jsonError(IMAGE_NOT_FETCHED, 400);
  if (!(await setOwnRecipeImage(userId, recipeId, kept))) return jsonError("Menu not found", 404);
  return Response.json(await findRecipe(recipeId, userId));
}
