import type { ActionFunctionArgs } from "@remix-run/node";
import { AutoPlanSchema, DEFAULT_PLAN_SERVINGS, entryJson } from "~/domain/meal-plan";
import { PLAN_MEALS } from "~/domain/meal-planner";
import { requireApiCook } from "~/services/api-auth.server";
import { autoPlan } from "~/services/meal-planning.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/**
 * POST /api/meal-plan/auto { from, days, meals? }: plans those days (all three meals unless told) around the locked
 * entries, the food due soonest first; answers the new entries.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const body = await parseJsonBody(request, AutoPlanSchema);
  const entries = await autoPlan(cook, {
    from: body.from,
    days: body.days,
    meals: body.meals ?? PLAN_MEALS,
    servings: DEFAULT_PLAN_SERVINGS,
  });
  return Response.json({ entries: entries.map(entryJson) }, { status: 201 });
}
