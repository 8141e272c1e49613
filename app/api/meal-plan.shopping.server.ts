import type { ActionFunctionArgs } from "@remix-run/node";
import { WeekShoppingSchema } from "~/domain/meal-plan";
import { requireApiCook } from "~/services/api-auth.server";
import { addWeekShopping } from "~/services/meal-planning.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/**
 * POST /api/meal-plan/shopping { from, days }: puts on the shopping list what the plan of those days needs beyond
 * the pantry; answers what was added, what was listed already and every need with its amount.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const body = await parseJsonBody(request, WeekShoppingSchema);
  const { added, alreadyListed, needs } = await addWeekShopping(cook, body.from, body.days);
  return Response.json({ added, already_listed: alreadyListed, needs });
}
