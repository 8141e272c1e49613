import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireApiCook } from "~/services/api-auth.server";
import { cookOfUser } from "~/services/cook.server";
import { householdOf, joinHousehold } from "~/services/household.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

const Join = z.object({ token: z.unknown() });

/**
 * POST /api/household/join { token }: joins the household of the invitation, the cook's own pantry, list and log
 * merged in when they were alone in theirs. 404 for an unknown token; 410 for one used, expired or withdrawn, each
 * with its own message; 409 when the cook is already a member.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const { token } = await parseJsonBody(request, Join);
  const joined = await joinHousehold(cook, token);
  if (!joined.ok) return jsonError(joined.message, joined.status);
  return Response.json({ message: joined.message, ...(await householdOf(await cookOfUser(cook.userId))) });
}
