import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_PLAN_SERVINGS, entryJson, NewEntrySchema, readPlanRange } from "~/domain/meal-plan";
import { todayUtc } from "~/domain/pantry-details";
import { requireApiCook } from "~/services/api-auth.server";
import { addPlanEntry, planEntries } from "~/services/meal-plan.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/** GET /api/meal-plan?from=YYYY-MM-DD&days=7: the cook's plan of those days (from: this week's Monday; days: 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const cook = await requireApiCook(request);
  const range = readPlanRange(new URL(request.url).searchParams, todayUtc());
  if (typeof range === "string") return jsonError(range, 400);
  const entries = await planEntries(cook, range.from, range.days);
  return Response.json({ entries: entries.map(entryJson) });
}

/** POST /api/meal-plan { date, meal, menu_id, servings? }: puts a recipe on the plan (201 with the entry). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const body = await parseJsonBody(request, NewEntrySchema);
  const added = await addPlanEntry(cook, {
    day: body.date,
    meal: body.meal,
    recipeId: body.menu_id,
    servings: body.servings ?? DEFAULT_PLAN_SERVINGS,
  });
  if (!added.ok) return jsonError(added.message, added.status);
  return Response.json(entryJson(added.entry), { status: 201 });
}
