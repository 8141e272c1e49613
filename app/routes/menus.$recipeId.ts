import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { jsonError } from "~/services/request.server";
import { getUserId } from "~/services/session.server";
import { findRecipe } from "~/services/recipe-search.server";

/** GET /menus/<menu_id>: one menu (another user's private recipe is not found). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const recipeId = parseId(params.recipeId);
  const menu = recipeId === null ? null : await findRecipe(recipeId, await getUserId(request));
  return menu ? Response.json(menu) : jsonError("Menu not found", 404);
}
