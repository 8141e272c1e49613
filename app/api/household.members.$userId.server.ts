import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { HOUSEHOLD_MESSAGES } from "~/domain/household";
import { requireApiCook } from "~/services/api-auth.server";
import { householdOf, removeMember } from "~/services/household.server";
import { jsonError } from "~/services/request.server";

/** DELETE /api/household/members/{userId}: the owner removes a member (403 for anyone else, 404 for a non-member). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const cook = await requireApiCook(request);
  const userId = parseId(params.userId);
  if (userId === null) return jsonError(HOUSEHOLD_MESSAGES.notMember, 404);
  const removed = await removeMember(cook, userId);
  if (!removed.ok) return jsonError(removed.message, removed.status);
  return Response.json({ message: removed.message, ...(await householdOf(cook)) });
}
