import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { MenuImageSchema } from "~/domain/menu-input";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { canSeeRecipe } from "~/services/recipe-access.server";
import { setOwnRecipeImage } from "~/services/recipe-lookup.server";
import { findRecipe } from "~/services/recipe-search.server";

/** PUT /api/menus/<menu_id> with { image }: sets the picture of a recipe the signed-in user added. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError("Use PUT", 405);
  const userId = await requireApiUserId(request);
  const { image } = await parseJsonBody(request, MenuImageSchema);
  const recipeId = parseId(params.recipeId);
  if (recipeId === null) return jsonError("Menu not found", 404);
  if (!(await setOwnRecipeImage(userId, recipeId, image))) {
    const exists = await canSeeRecipe(recipeId, userId);
    return exists
      ? jsonError("You can only change the picture of a recipe you added", 403)
      : jsonError("Menu not found", 404);
  }
  return Response.json(await findRecipe(recipeId, userId));
}
