import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireOwnUserId } from "~/services/api-auth.server";
import { mealStats } from "~/services/meal-stats.server";

/** GET /api/users/<id>/meal-stats: meals completed and the most cooked recipe, for the user themself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // 0 is no one's id: a path id that is not a number is someone else's
  const userId = await requireOwnUserId(request, parseId(params.id) ?? 0);
  return Response.json(await mealStats(userId));
}
