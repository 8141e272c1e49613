/**
 * The community screen (/community): the feed, one recipe's dishes or an open comments drawer, for anyone; and
 * what its forms post (a shared dish, likes, comments, deletions), for a signed-in cook. The screen's route module
 * imports only this server module for its loader and action (decision 069).
 */
import { redirect } from "@remix-run/node";
import { COMMENT_PREVIEW_COUNT, COMMUNITY_MESSAGES, FEED_PAGE_SIZE } from "~/domain/community";
import type { CommunityIntent } from "~/domain/community-schemas";
import { parseId } from "~/domain/ids";
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  findPost,
  listPosts,
  parseCommunityIntent,
  parseDishPost,
  reportPost,
  toggleLike,
  type Outcome,
} from "./community.server";
import { clearDishDraft, draftPhotoFor } from "./dish-draft.server";
import { readImageFormOrRefusal } from "./images.server";
import { findVisibleRecipeName } from "./recipe-lookup.server";
import { firstSubmissionError } from "./request.server";
import { getUserId, redirectWithFlash, requireUserId } from "./session.server";

/** An optional id in the query: absent is null, anything but an id is a 404. */
function queryId(url: URL, name: string): number | null {
  const value = url.searchParams.get(name);
  if (value === null) return null;
  const id = parseId(value);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

/** Anyone may look at the feed; liking, posting and commenting need an account (the action asks for it). */
export async function communityScreen(request: Request) {
  const userId = await getUserId(request);
  const url = new URL(request.url);
  const recipeId = queryId(url, "menu_id");
  const before = queryId(url, "before");
  const openComments = queryId(url, "comments");
  const menu = recipeId ? await findVisibleRecipeName(recipeId, userId) : null;
  if (recipeId && !menu) throw new Response("Not Found", { status: 404 });
  const [feed, drawer] = await Promise.all([
    listPosts({
      viewerId: userId,
      recipeId: recipeId ?? undefined,
      before: before ?? undefined,
      limit: FEED_PAGE_SIZE,
      commentLimit: COMMENT_PREVIEW_COUNT,
    }),
    openComments ? findPost(openComments, userId) : null,
  ]);
  return { userId, menu, before, feed, drawer, now: new Date().toISOString() };
}

/**
 * Shares a dish photo (the recipe screen's form: a file, or the photo taken on /camera-share-dish) and then
 * shows the feed; likes, comments and deletions from this screen, each redirected back with a message.
 */
export async function changeCommunity(request: Request): Promise<Response> {
  const userId = await requireUserId(request);
  const read = await readImageFormOrRefusal(request);
  if (!read.ok) {
    const recipeId = parseId(new URL(request.url).searchParams.get("menu_id") ?? undefined);
    return redirectWithFlash(recipeId ? sharePath(recipeId) : "/community", { type: "error", message: read.message });
  }
  const { formData } = read;
  if (formData.get("intent") === "share") return share(request, userId, formData);

  const url = new URL(request.url);
  const parsed = parseCommunityIntent(formData);
  const fail = (message: string) => redirectWithFlash(`/community${url.search}`, { type: "error", message });
  if (parsed.status !== "success") return fail(firstSubmissionError(parsed, "Unknown action").message);
  const intent = parsed.value;
  const outcome = await perform(userId, intent);
  if (!outcome.ok) return fail(outcome.message);
  return afterForm(url, intent);
}

function perform(userId: number, intent: CommunityIntent): Promise<Outcome<object>> {
  switch (intent.intent) {
    case "like":
      return toggleLike(userId, intent.post_id);
    case "comment":
      return addComment(userId, intent.post_id, intent.comment_text);
    case "delete-comment":
      return deleteComment(userId, intent.post_id, intent.comment_id);
    case "delete-post":
      return deletePost(userId, intent.post_id);
    case "report":
      return reportPost(userId, intent.post_id);
  }
}

/** Back to the screen as it was, at the post changed, with a message for what was written. */
function afterForm(url: URL, intent: CommunityIntent) {
  const query = new URLSearchParams(url.search);
  if (intent.intent === "delete-post") query.delete("comments");
  const search = query.size ? `?${query}` : "";
  if (intent.intent === "like") return redirect(`/community${search}#post-${intent.post_id}`);
  const messages = {
    comment: COMMUNITY_MESSAGES.commented,
    "delete-comment": COMMUNITY_MESSAGES.commentDeleted,
    "delete-post": COMMUNITY_MESSAGES.postDeleted,
    report: COMMUNITY_MESSAGES.reported,
  };
  const anchor = intent.intent === "delete-post" ? "" : `#post-${intent.post_id}`;
  return redirectWithFlash(`/community${search}${anchor}`, { type: "success", message: messages[intent.intent] });
}

const sharePath = (recipeId: number) => `/menu-detail/${recipeId}#share-dish`;

/**
 * The recipe screen's 'Share your dish' form, with or without JavaScript: a chosen file, else the photo
 * waiting from the camera. Success goes to the feed; a refusal goes back to the recipe with the reason.
 */
async function share(request: Request, userId: number, formData: FormData) {
  const parsed = parseDishPost(formData);
  const recipeId = parseId(String(formData.get("menu_id") ?? ""));
  const back = recipeId ? sharePath(recipeId) : "/community";
  if (parsed.status !== "success") {
    return redirectWithFlash(back, {
      type: "error",
      message: firstSubmissionError(parsed, COMMUNITY_MESSAGES.photoMissing).message,
    });
  }
  const file = formData.get("image");
  const chosen = file instanceof File && file.size > 0 ? file : null;
  const draft = chosen ? null : await draftPhotoFor(request, userId, parsed.value.menu_id);
  const photo = chosen ? { file: chosen } : draft ? { stored: draft } : null;
  if (!photo) return redirectWithFlash(back, { type: "error", message: COMMUNITY_MESSAGES.photoMissing });

  const outcome = await createPost(userId, parsed.value, photo);
  if (!outcome.ok) return redirectWithFlash(back, { type: "error", message: outcome.message });
  const response = await redirectWithFlash("/community", { type: "success", message: COMMUNITY_MESSAGES.posted });
  if (draft) response.headers.append("Set-Cookie", await clearDishDraft(request, userId, { keepPhoto: true }));
  return response;
}
