import type { ActionFunctionArgs } from "@remix-run/node";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { parseId } from "~/domain/ids";
import { requireApiUserId } from "~/services/api-auth.server";
import { deleteComment, outcomeResponse } from "~/services/community.server";
import { jsonError } from "~/services/request.server";

/** DELETE /api/community/<postId>/comments/<commentId>: deletes the caller's own comment (403 for anyone else's). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const userId = await requireApiUserId(request);
  const postId = parseId(params.postId);
  const commentId = parseId(params.commentId);
  if (postId === null || commentId === null) return jsonError(COMMUNITY_MESSAGES.commentNotFound, 404);
  return outcomeResponse(await deleteComment(userId, postId, commentId));
}
