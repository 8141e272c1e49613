import type { ActionFunctionArgs } from "@remix-run/node";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { parseId } from "~/domain/ids";
import { outcomeResponse, readCommunityCall, reportPost } from "~/services/community.server";
import { jsonError } from "~/services/request.server";

/**
 * POST /api/community/<postId>/report { user_id }: the caller reports the post (once; not their own);
 * { success, message, hidden } — hidden once 3 cooks reported it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { userId } = await readCommunityCall(request);
  const postId = parseId(params.postId);
  if (postId === null) return jsonError(COMMUNITY_MESSAGES.postNotFound, 404);
  return outcomeResponse(await reportPost(userId, postId));
}
