import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireOwnUserId } from "~/services/api-auth.server";
import { listFavorites } from "~/services/favorites.server";

/** GET /api/favorites/<userId>: the user's favourite menus, most recently liked first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // 0 is no one's id: a path id that is not a number is someone else's
  const userId = await requireOwnUserId(request, parseId(params.userId) ?? 0);
  return Response.json(await listFavorites(userId));
}
