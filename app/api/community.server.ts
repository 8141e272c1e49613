import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { DishPostSchema } from "~/domain/community-schemas";
import { parseId } from "~/domain/ids";
import { assertOwnUserId, requireApiUserId } from "~/services/api-auth.server";
import { createPost, listPosts } from "~/services/community.server";
import { canSeeRecipe } from "~/services/recipe-access.server";
import { readImageFormOrRefusal } from "~/services/images.server";
import { firstSubmissionError, jsonError } from "~/services/request.server";
import { getUserId } from "~/services/session.server";

const PAGE_SIZE = 20;

/** An optional id in the query, or a 400 naming it. */
function queryId(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === "") return undefined;
  const id = parseId(value);
  if (id === null) throw jsonError(`${name} must be a positive whole number`, 400);
  return id;
}

/**
 * GET /api/community[?menu_id=<id>][&before=<post id>]: the newest posts (all, or one recipe's), 20 at a time,
 * each with all its comments; `next_before` asks for the next, older ones. Open to guests, as /community is
 * (a guest's posts carry `liked: false`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await getUserId(request);
  const url = new URL(request.url);
  const recipeId = queryId(url, "menu_id");
  const before = queryId(url, "before");
  if (recipeId !== undefined && !(await canSeeRecipe(recipeId, userId))) {
    return jsonError(COMMUNITY_MESSAGES.menuNotFound, 404);
  }
  const page = await listPosts({ viewerId: userId, recipeId, before, limit: PAGE_SIZE });
  return Response.json({ posts: page.posts, next_before: page.nextBefore });
}

/** POST /api/community, multipart (image, user_id, menu_id, caption): shares a dish photo; 201 with the post. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use GET or POST", 405);
  const userId = await requireApiUserId(request);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return jsonError("Send the dish photo as multipart/form-data (image, user_id, menu_id, caption)", 415);
  }
  const read = await readImageFormOrRefusal(request);
  if (!read.ok) return jsonError(read.message, read.status, { field: "image" });
  const { formData } = read;
  assertOwnUserId(userId, formData.get("user_id"));
  const submission = parseWithZod(formData, { schema: DishPostSchema });
  if (submission.status !== "success") {
    const { message, field } = firstSubmissionError(submission, "Invalid post");
    return jsonError(message, 400, { field });
  }
  const image = formData.get("image");
  if (!(image instanceof File) || image.size === 0)
    return jsonError(COMMUNITY_MESSAGES.photoMissing, 400, { field: "image" });
  const outcome = await createPost(userId, submission.value, { file: image });
  if (!outcome.ok)
    return jsonError(
      outcome.message,
      outcome.status,
      outcome.status === 404 ? { field: "menu_id" } : { field: "image" }
    );
  return Response.json({ success: true, message: COMMUNITY_MESSAGES.posted, post: outcome.post }, { status: 201 });
}
