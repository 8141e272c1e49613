import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { idField } from "~/domain/ids";
import { assertOwnUserId, requireApiUserId } from "~/services/api-auth.server";
import { setFavorite } from "~/services/favorites.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { assertSameOrigin } from "~/services/security.server";

const FavoriteRequest = z.object({ user_id: idField("user_id").optional(), menu_id: idField("menu_id") });

/** POST /api/favorites adds, DELETE /api/favorites removes { user_id, menu_id }; repeating either changes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError("Use POST or DELETE", 405);
  const userId = await requireApiUserId(request);
  const body = await parseJsonBody(request, FavoriteRequest);
  assertOwnUserId(userId, body.user_id);
  const favorite = request.method === "POST";
  if (!(await setFavorite(userId, body.menu_id, favorite))) return jsonError("Menu not found", 404);
  return Response.json({
    message: favorite ? "Added to favorites" : "Removed from favorites",
    user_id: userId,
    menu_id: body.menu_id,
    favorite,
  });
}
