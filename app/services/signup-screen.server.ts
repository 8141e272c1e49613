/**
 * /signup: what the form posts (as a form or as the JSON call). The screen's route module imports only this server
 * module for its loader and action (decision 069).
 */
import { redirect } from "@remix-run/node";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { SIGNUP_SUCCESS } from "~/domain/auth-messages";
import { parseSignupForm } from "./auth-forms.server";
import { signup, signupAllowed, TOO_MANY_SIGNUPS } from "./auth.server";
import { sendVerificationLink } from "./email-verification.server";
import { jsonPageReply, readPageCall } from "./json-page-calls.server";
import { invalidSubmission, refusedSubmission } from "./request.server";
import { getUserId, redirectWithFlash } from "./session.server";

/** A signed-in cook goes to Home; others get the form. */
export async function signupScreen(request: Request) {
  if ((await getUserId(request)) !== null) throw redirect("/home");
  return null;
}

/** The form (or its JSON call): the account and its verification link, or the reason it was refused. */
export async function signUp(request: Request) {
  const { formData, isJson } = await readPageCall(request);
  const submission = parseSignupForm(formData);
  if (submission.status !== "success") return invalidSubmission(submission, isJson, AN_ERROR_OCCURRED);
  if (!(await signupAllowed(request)))
    return refusedSubmission(submission, isJson, { status: 429, message: TOO_MANY_SIGNUPS });

  const result = await signup(submission.value);
  if (!result.ok) return refusedSubmission(submission, isJson, { status: 409, ...result });

  await sendVerificationLink(result.userId, { waitForMail: false }).catch((error: unknown) =>
    console.error("Verification link:", error)
  );
  if (isJson) return jsonPageReply({ message: SIGNUP_SUCCESS, user_id: result.userId }, { status: 201 });
  throw await redirectWithFlash("/login", { type: "success", message: SIGNUP_SUCCESS });
}
