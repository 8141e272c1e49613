import type { ActionFunctionArgs } from "@remix-run/node";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { CommentSchema } from "~/domain/community-schemas";
import { parseId } from "~/domain/ids";
import { addComment, outcomeResponse, readCommunityCall } from "~/services/community.server";
import { jsonError } from "~/services/request.server";

/**
 * POST /api/community/<postId>/comments { user_id, comment_text }: comments on the post (not blank);
 * 201 with { success, comment_id, username, avatar_url } and the comment.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { userId, formData } = await readCommunityCall(request);
  const postId = parseId(params.postId);
  if (postId === null) return jsonError(COMMUNITY_MESSAGES.postNotFound, 404);
  const parsed = CommentSchema.safeParse({ comment_text: formData.get("comment_text") ?? undefined });
  if (!parsed.success) return jsonError(parsed.error.issues[0].message, 400, { field: "comment_text" });
  return outcomeResponse(await addComment(userId, postId, parsed.data.comment_text), 201);
}
