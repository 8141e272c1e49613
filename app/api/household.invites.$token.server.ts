import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiCook } from "~/services/api-auth.server";
import { revokeInvite } from "~/services/household.server";
import { jsonError } from "~/services/request.server";

/** DELETE /api/household/invites/{token}: withdraws an unused invitation of the cook's household (else 404). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const cook = await requireApiCook(request);
  const revoked = await revokeInvite(cook, { token: params.token ?? "" });
  if (!revoked.ok) return jsonError(revoked.message, revoked.status);
  return Response.json({ message: revoked.message });
}
