import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnUserId } from "~/services/api-auth.server";
import { mealStats } from "~/services/meal-stats.server";

/** GET /api/users/<id>/meal-stats: meals completed and the most cooked recipe, for the user themself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireOwnUserId(request, params.id);
  return Response.json(await mealStats(userId));
}
