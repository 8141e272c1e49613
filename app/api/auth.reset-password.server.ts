import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { RESET_REQUESTED, ResetRequestSchema } from "~/domain/auth-schemas";
import { requestPasswordReset, TOO_MANY_RESET_REQUESTS } from "~/services/password-reset.server";
import { firstSubmissionError, jsonError, readFormOrJson } from "~/services/request.server";

/** POST /api/auth/reset-password { email }: the same answer whether or not an account has this email. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { formData } = await readFormOrJson(request);
  const submission = parseWithZod(formData, { schema: ResetRequestSchema });
  if (submission.status !== "success") {
    const { message, field } = firstSubmissionError(submission, "Please enter a valid email address");
    return jsonError(message, 400, { field });
  }
  if ((await requestPasswordReset(submission.value.email, request)).limited)
    return jsonError(TOO_MANY_RESET_REQUESTS, 429);
  return Response.json({ message: RESET_REQUESTED });
}
