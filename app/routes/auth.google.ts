import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { GOOGLE_SIGN_IN_FAILED, googleSignInEnabled, startGoogleSignIn } from "~/services/google-auth.server";
import { getUserId, redirectWithFlash } from "~/services/session.server";

/** POST /auth/google (the button on /login): off to Google's consent screen. */
export async function action({ request }: ActionFunctionArgs) {
  if ((await getUserId(request)) !== null) throw redirect("/home");
  if (!googleSignInEnabled) return redirectWithFlash("/login", { type: "error", message: GOOGLE_SIGN_IN_FAILED });
  return startGoogleSignIn(request);
}

export const loader = () => redirect("/login");
