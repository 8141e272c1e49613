import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfileApiSchema } from "~/domain/profile-schema";
import { requireOwnUserId } from "~/services/api-auth.server";
import { readImageForm, UploadRejectedError } from "~/services/images.server";
import { firstSubmissionError, isJsonRequest, jsonError } from "~/services/request.server";
import { assertSameOrigin } from "~/services/security.server";
import { destroyUserSession } from "~/services/session.server";
import { deleteAccount, findProfile, updateProfile } from "~/services/users.server";

const DELETED = "Account deleted successfully";
const DELETE_FAILED = "Failed to delete account. Please try again.";
const USER_NOT_FOUND = "User not found";

/** GET /api/users/<id>: the user's profile (spec 3, User). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const profile = await findProfile(await requireOwnUserId(request, params.id));
  return profile ? Response.json(profile) : jsonError(USER_NOT_FOUND, 404);
}

/**
 * PUT /api/users/<id> (multipart: username, email, phone_number, birth_date, country, allergies as JSON text,
 * avatar file) replaces the profile (empty fields are cleared, no file keeps the picture) and answers with it; DELETE /api/users/<id> deletes the account.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const userId = await requireOwnUserId(request, params.id);
  if (request.method === "DELETE") return deleteUser(request, userId);
  if (request.method !== "PUT") return jsonError("Use GET, PUT or DELETE", 405);
  if (isJsonRequest(request)) return jsonError("Send the profile as multipart/form-data", 415);

  let formData: FormData;
  try {
    formData = await readImageForm(request);
  } catch (error) {
    if (error instanceof UploadRejectedError) return jsonError(error.message, error.status, { field: "avatar" });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: ProfileApiSchema });
  if (submission.status !== "success") {
    const { message, field } = firstSubmissionError(submission, "Invalid profile");
    return jsonError(message, 400, { field });
  }
  const outcome = await updateProfile(userId, submission.value);
  if (!outcome.ok) return jsonError(outcome.message, outcome.status ?? (outcome.field === "avatar" ? 400 : 409), { field: outcome.field });
  return Response.json(outcome.profile);
}

async function deleteUser(request: Request, userId: number) {
  try {
    if (!(await deleteAccount(userId))) return jsonError(USER_NOT_FOUND, 404);
  } catch (error) {
    console.error(error);
    return jsonError(DELETE_FAILED, 500);
  }
  return Response.json({ message: DELETED }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
