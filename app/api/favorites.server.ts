import type { ActionFunctionArgs } from "@remix-run/node";
import { readUserMenuCall } from "~/services/api-auth.server";
import { setFavorite } from "~/services/favorites.server";
import { jsonError } from "~/services/request.server";

/** POST /api/favorites adds, DELETE /api/favorites removes { user_id, menu_id }; repeating either changes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError("Use POST or DELETE", 405);
  const { userId, recipeId } = await readUserMenuCall(request);
  const favorite = request.method === "POST";
  if (!(await setFavorite(userId, recipeId, favorite))) return jsonError("Menu not found", 404);
  return Response.json({
    message: favorite ? "Added to favorites" : "Removed from favorites",
    user_id: userId,
    menu_id: recipeId,
    favorite,
  });
}
