import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnCook } from "~/services/api-auth.server";
import { monthlyMealStats } from "~/services/meal-stats.server";

/** GET /api/users/<id>/monthly-meal-stats: meals per month and this month's CO2 saved, for the user themself. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const cook = await requireOwnCook(request, params.id);
  return Response.json(await monthlyMealStats(cook));
}
