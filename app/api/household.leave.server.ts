import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiCook } from "~/services/api-auth.server";
import { cookOfUser } from "~/services/cook.server";
import { householdOf, leaveHousehold } from "~/services/household.server";
import { jsonError } from "~/services/request.server";

/** POST /api/household/leave: the cook leaves, taking nothing, and answers with their new household of one. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const left = await leaveHousehold(cook);
  if (!left.ok) return jsonError(left.message, left.status);
  return Response.json({ message: left.message, ...(await householdOf(await cookOfUser(cook.userId))) });
}
