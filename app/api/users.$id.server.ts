import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PROFILE_MESSAGES, ProfileApiSchema } from "~/domain/profile-schema";
import { requireOwnUserId } from "~/services/api-auth.server";
import { readImageFormOrRefusal } from "~/services/images.server";
import { firstSubmissionError, isJsonRequest, jsonError } from "~/services/request.server";
import { destroyUserSession } from "~/services/session.server";
import { deleteAccount, findProfile, refusalStatus, updateProfile } from "~/services/users.server";

const USER_NOT_FOUND = "User not found";

/** GET /api/users/<id>: the user's own profile. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const profile = await findProfile(await requireOwnUserId(request, params.id));
  return profile ? Response.json(profile) : jsonError(USER_NOT_FOUND, 404);
}

/**
 * PUT /api/users/<id> (multipart: username, email, phone_number, birth_date, country, allergies as JSON text,
 * avatar file) replaces the profile (empty fields are cleared, no file keeps the picture) and answers with it; DELETE /api/users/<id> deletes the account.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const userId = await requireOwnUserId(request, params.id);
  if (request.method === "DELETE") return deleteUser(request, userId);
  if (request.method !== "PUT") return jsonError("Use GET, PUT or DELETE", 405);
  if (isJsonRequest(request)) return jsonError("Send the profile as multipart/form-data", 415);

  const read = await readImageFormOrRefusal(request);
  if (!read.ok) return jsonError(read.message, read.status, { field: "avatar" });
  const { formData } = read;
  const submission = parseWithZod(formData, { schema: ProfileApiSchema });
  if (submission.status !== "success") {
    const { message, field } = firstSubmissionError(submission, "Invalid profile");
    return jsonError(message, 400, { field });
  }
  const outcome = await updateProfile(userId, submission.value);
  if (!outcome.ok) return jsonError(outcome.message, refusalStatus(outcome), { field: outcome.field });
  return Response.json(outcome.profile);
}

async function deleteUser(request: Request, userId: number) {
  const deletion = await deleteAccount(userId);
  if (deletion === "no such user") return jsonError(USER_NOT_FOUND, 404);
  if (deletion === "failed") return jsonError(PROFILE_MESSAGES.deleteFailed, 500);
  return Response.json(
    { message: PROFILE_MESSAGES.deleted },
    { headers: { "Set-Cookie": await destroyUserSession(request) } }
  );
}
