import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireApiCook } from "~/services/api-auth.server";
import { createInvite } from "~/services/household.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

const NewInvite = z.object({ email: z.unknown().optional() });

/**
 * POST /api/household/invites { email? } → 201 { token, invite_url, expires_at }: a link that lets one person join
 * the cook's household, once, within 7 days; with `email` the app also mails it (the sender's own address must be
 * verified: 403 otherwise).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const body = await parseJsonBody(request, NewInvite);
  const made = await createInvite(cook, { email: body.email });
  if (!made.ok) return jsonError(made.message, made.status);
  return Response.json({ message: made.message, ...made.invite }, { status: 201 });
}
