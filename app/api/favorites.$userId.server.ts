import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnUserId } from "~/services/api-auth.server";
import { listFavorites } from "~/services/favorites.server";

/** GET /api/favorites/<userId>: the user's favourite menus, most recently liked first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireOwnUserId(request, params.userId);
  return Response.json(await listFavorites(userId));
}
