/**
 * /login: where a signed-in cook is sent on, whether Google sign-in is offered, and what the form posts (as a form or
 * as the JSON call). The screen's route module imports only this server module for its loader and action (decision
 * 069).
 */
import { redirect } from "@remix-run/node";
import { LOGIN_DEFAULT_ERROR, LOGIN_SUCCESS, safeRedirectPath } from "~/domain/auth-messages";
import { parseLoginForm } from "./auth-forms.server";
import { login } from "./auth.server";
import { googleSignInEnabled } from "./google-auth.server";
import { jsonPageReply, readPageCall } from "./json-page-calls.server";
import { invalidSubmission, refusedSubmission } from "./request.server";
import { getUserId, HTTPS_NEEDED_TO_SIGN_IN, redirectWithFlash, signInNeedsHttps } from "./session.server";
import { createUserSession } from "./sign-in.server";

/** A signed-in cook goes on to where they were going; others get the form. */
export async function loginScreen(request: Request) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if ((await getUserId(request)) !== null) throw redirect(redirectTo);
  const httpsNeeded = signInNeedsHttps(request) ? HTTPS_NEEDED_TO_SIGN_IN : null;
  return { redirectTo, googleSignIn: googleSignInEnabled, httpsNeeded };
}

/** The form (or its JSON call): the session and a redirect, or the reason it failed. */
export async function logIn(request: Request) {
  const { formData, isJson } = await readPageCall(request);
  const submission = parseLoginForm(formData);
  if (submission.status !== "success") return invalidSubmission(submission, isJson, LOGIN_DEFAULT_ERROR);

  const result = await login(request, formData, submission.value);
  if (!result.ok) return refusedSubmission(submission, isJson, result);

  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const headers = { "Set-Cookie": await createUserSession(request, result.user.id) };
  if (isJson) return jsonPageReply({ user_id: result.user.id, message: LOGIN_SUCCESS }, { headers });
  throw await redirectWithFlash(redirectTo, { type: "success", message: LOGIN_SUCCESS }, headers);
}
