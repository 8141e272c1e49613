import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnUserId } from "~/services/api-auth.server";
import { monthlyMealStats } from "~/services/meal-stats.server";

/** GET /api/users/<id>/monthly-meal-stats: meals per month and this month's CO2 saved, for the user themself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireOwnUserId(request, params.id);
  return Response.json(await monthlyMealStats(userId));
}
