import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import {
  finishGoogleSignIn,
  GOOGLE_ACCOUNT_CREATED,
  GOOGLE_LOGIN_SUCCESS,
  GoogleSignInError,
} from "~/services/google-auth.server";
import { getUserId, redirectWithFlash } from "~/services/session.server";
import { createUserSession } from "~/services/sign-in.server";

/** GET /auth/google/callback: Google's redirect back. Signed in on /home, or back on /login with the reason. */
export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getUserId(request)) !== null) throw redirect("/home");
  try {
    const { userId, isNewUser } = await finishGoogleSignIn(request);
    const message = isNewUser ? GOOGLE_ACCOUNT_CREATED : GOOGLE_LOGIN_SUCCESS;
    const cookie = await createUserSession(request, userId);
    return redirectWithFlash("/home", { type: "success", message }, { "Set-Cookie": cookie });
  } catch (error) {
    if (!(error instanceof GoogleSignInError)) throw error;
    return redirectWithFlash("/login", { type: "error", message: error.message });
  }
}
