import type { ActionFunctionArgs } from "@remix-run/node";
import {
  GOOGLE_ACCOUNT_CREATED,
  GOOGLE_LOGIN_SUCCESS,
  GoogleSignInError,
  googleSignInEnabled,
  signInWithCredential,
} from "~/services/google-auth.server";
import { jsonError, readJsonObject } from "~/services/request.server";
import { createUserSession } from "~/services/sign-in.server";

/**
 * POST /google-auth { credential }: signs in with a Google ID token and answers { user_id, is_new_user }.
 * Only the verified token says who this is; the email, username, avatar and google_id the body may carry are ignored.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405);
  if (!googleSignInEnabled) return jsonError("Google sign-in is not available", 503);
  const { credential } = await readJsonObject(request);
  if (typeof credential !== "string" || credential.trim() === "") return jsonError("credential is required", 400);
  try {
    const { userId, isNewUser } = await signInWithCredential(credential.trim());
    const cookie = await createUserSession(request, userId);
    return Response.json(
      { user_id: userId, is_new_user: isNewUser, message: isNewUser ? GOOGLE_ACCOUNT_CREATED : GOOGLE_LOGIN_SUCCESS },
      { headers: { "Set-Cookie": cookie } }
    );
  } catch (error) {
    if (error instanceof GoogleSignInError) return jsonError(error.message, error.status);
    throw error;
  }
}
