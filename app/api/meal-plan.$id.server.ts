import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { ENTRY_NOT_FOUND } from "~/domain/meal-plan";
import { requireApiCook } from "~/services/api-auth.server";
import { removePlanEntry } from "~/services/meal-plan.server";
import { jsonError } from "~/services/request.server";

/** DELETE /api/meal-plan/{id}: removes an entry of the cook's plan; any other id is a 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const cook = await requireApiCook(request);
  const id = parseId(params.id);
  if (id === null || !(await removePlanEntry(cook, id))) return jsonError(ENTRY_NOT_FOUND, 404);
  return Response.json({ message: "Removed from your plan.", id });
}
