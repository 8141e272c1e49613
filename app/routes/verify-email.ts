import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { sendVerificationLink, VERIFY_MESSAGES } from "~/services/email-verification.server";
import { redirectWithFlash, requireUserId } from "~/services/session.server";

export async function loader() {
  return redirect("/account");
}

/** POST /verify-email: mails the signed-in user a new verification link, back on Account with what happened. */
export async function action({ request }: ActionFunctionArgs) {
  const outcome = await sendVerificationLink(await requireUserId(request));
  const type = outcome === "sent" || outcome === "alreadyVerified" ? "success" : "error";
  return redirectWithFlash("/account", { type, message: VERIFY_MESSAGES[outcome] });
}
