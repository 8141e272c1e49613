import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { INVALID_RESET_LINK, NewPasswordSchema, PASSWORD_RESET } from "~/domain/auth-schemas";
import { resetPassword } from "~/services/password-reset.server";
import { firstSubmissionError, jsonError, readFormOrJson } from "~/services/request.server";
import { getSession } from "~/services/session.server";

/** POST /api/auth/new-password { token, password }: sets the password and spends the link. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { formData } = await readFormOrJson(request);
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    const { message, field } = firstSubmissionError(submission, INVALID_RESET_LINK);
    return jsonError(message, 400, { field });
  }
  const { token, password } = submission.value;
  const session = await getSession(request);
  if (!(await resetPassword(token, password, session.id))) return jsonError(INVALID_RESET_LINK, 400);
  return Response.json({ message: PASSWORD_RESET });
}
