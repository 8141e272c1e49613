import type { LoaderFunctionArgs } from "@remix-run/node";
import { VERIFY_MESSAGES, verifyEmail } from "~/services/email-verification.server";
import { getUserId, redirectWithFlash } from "~/services/session.server";

/**
 * GET /verify-email/{token}: the link in the verification mail. Only the holder of the inbox has the token, so
 * opening it (from any site) proves the address; the user lands on Account (or Log in) with the outcome.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const verified = await verifyEmail(params.token ?? "");
  const to = (await getUserId(request)) === null ? "/login" : "/account";
  return verified === null
    ? redirectWithFlash(to, { type: "error", message: VERIFY_MESSAGES.invalid })
    : redirectWithFlash(to, { type: "success", message: VERIFY_MESSAGES.verified });
}
