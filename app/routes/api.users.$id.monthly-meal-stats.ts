import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireOwnUserId } from "~/services/api-auth.server";
import { monthlyMealStats } from "~/services/meal-stats.server";

/** GET /api/users/<id>/monthly-meal-stats: meals per month and this month's CO2 saved, for the user themself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // 0 is no one's id: a path id that is not a number is someone else's
  const userId = await requireOwnUserId(request, parseId(params.id) ?? 0);
  return Response.json(await monthlyMealStats(userId));
}
