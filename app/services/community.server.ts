/**
 * The community feed: dish photos shared by signed-in users, their likes and comments. Used by the
 * community screen, the recipe screen's 'Share your dish' and the JSON calls under /api/community; every
 * change checks here who may make it (only the author deletes a comment or a post).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import {
  COMMUNITY_MESSAGES,
  REPORTS_TO_HIDE_A_POST,
  type CommunityComment,
  type CommunityPost,
  type LikeAnswer,
  type ReportAnswer,
} from "~/domain/community";
import { CommunityIntentSchema, DishPostSchema, type DishPostInput } from "~/domain/community-schemas";
import type { Prisma } from "~/generated/prisma/client";
import { assertOwnUserId, requireApiUserId } from "./api-auth.server";
import { isUniqueViolation, prisma } from "./db.server";
import { deleteUnusedDishPhotos } from "./dish-photo-use.server";
import { deleteImage, dishImageSrcSet, imageUrl, storeImage, UploadRejectedError } from "./images.server";
import { RateLimiter } from "./rate-limit.server";
import { canSeeRecipe, EVERYONE } from "./recipe-access.server";
import { jsonError, readFormOrJson } from "./request.server";

/** The community screen's posts, parsed here so that the screen's module carries no zod. */
export const parseCommunityIntent = (formData: FormData) => parseWithZod(formData, { schema: CommunityIntentSchema });
export const parseDishPost = (formData: FormData) => parseWithZod(formData, { schema: DishPostSchema });

export type Refusal = { ok: false; status: 400 | 403 | 404 | 413 | 429; message: string };
export type Outcome<Value> = ({ ok: true } & Value) | Refusal;

const refuse = (status: Refusal["status"], message: string): Refusal => ({ ok: false, status, message });

/** Sharing is limited per user: a photo is decoded and re-encoded in several sizes, and the feed is everyone's. */
const postLimiter = new RateLimiter("community-post-user", 10, 60 * 60 * 1000);
const commentLimiter = new RateLimiter("community-comment-user", 30, 10 * 60 * 1000);

/** Counts one attempt of the user's; true when they are over the limit (the attempt is refused). */
export async function overLimit(limiter: RateLimiter, userId: number): Promise<boolean> {
  return !(await limiter.tryHit(String(userId)));
}

const authorFields = { select: { username: true, avatar: true, updatedAt: true } } as const;

const commentFields = {
  id: true,
  postId: true,
  userId: true,
  text: true,
  createdAt: true,
  user: authorFields,
} as const;

const oldestFirst = [{ createdAt: "asc" }, { id: "asc" }] satisfies Prisma.PostCommentOrderByWithRelationInput[];

/** Ids start at 1: as the viewer id of a guest it matches no like. */
const GUEST_VIEWER = 0;

function postFields(viewerId: number | null, commentLimit: number | undefined) {
  return {
    id: true,
    userId: true,
    recipeId: true,
    image: true,
    caption: true,
    createdAt: true,
    user: authorFields,
    recipe: { select: { name: true, visibleTo: true } },
    _count: { select: { likes: true, comments: true } },
    likes: { where: { userId: viewerId ?? GUEST_VIEWER }, select: { userId: true } },
    reports: { where: { userId: viewerId ?? GUEST_VIEWER }, select: { userId: true } },
    hiddenAt: true,
    comments: { orderBy: oldestFirst, take: commentLimit, select: commentFields },
  } satisfies Prisma.CommunityPostSelect;
}

type StoredComment = Prisma.PostCommentGetPayload<{ select: typeof commentFields }>;
type StoredPost = Prisma.CommunityPostGetPayload<{ select: ReturnType<typeof postFields> }>;

const avatarUrlOf = (user: { avatar: string | null; updatedAt: Date }) =>
  user.avatar ? imageUrl(user.avatar, user.updatedAt) : null;

function toComment(row: StoredComment): CommunityComment {
  return {
    comment_id: row.id,
    post_id: row.postId,
    user_id: row.userId,
    username: row.user.username,
    avatar_url: avatarUrlOf(row.user),
    comment_text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

function toPost(row: StoredPost): CommunityPost {
  return {
    post_id: row.id,
    user_id: row.userId,
    username: row.user.username,
    avatar_url: avatarUrlOf(row.user),
    image_url: imageUrl(row.image),
    image_srcset: dishImageSrcSet(row.image),
    caption: row.caption,
    created_at: row.createdAt.toISOString(),
    like_count: row._count.likes,
    liked: row.likes.length > 0,
    // a post from before recipes could be private does not name a recipe that is private now
    ...(row.recipe?.visibleTo === EVERYONE
      ? { menu_id: row.recipeId, menu_name: row.recipe.name }
      : { menu_id: null, menu_name: null }),
    comment_count: row._count.comments,
    reported: row.reports.length > 0,
    hidden: row.hiddenAt !== null,
    comments: row.comments.map(toComment),
  };
}

export type FeedPage = {
  posts: CommunityPost[];
  /** the `before` of the next (older) page, if there is one */ nextBefore: number | null;
};

/**
 * A page of the feed, newest first: all posts or one recipe's, those older than post `before` when given.
 * `commentLimit` keeps the first comments of each post only (all of them when undefined).
 */
export async function listPosts(options: {
  /** null for a guest */
  viewerId: number | null;
  recipeId?: number;
  before?: number;
  limit: number;
  commentLimit?: number;
}): Promise<FeedPage> {
  const rows = await prisma.communityPost.findMany({
    where: {
      ...visibleTo(options.viewerId),
      ...(options.recipeId ? { recipeId: options.recipeId } : {}),
      ...(options.before ? { id: { lt: options.before } } : {}),
    },
    orderBy: { id: "desc" },
    take: options.limit + 1,
    select: postFields(options.viewerId, options.commentLimit),
  });
  const page = rows.slice(0, options.limit);
  return { posts: page.map(toPost), nextBefore: rows.length > options.limit ? page[page.length - 1].id : null };
}

/** The posts a viewer sees: all but those hidden after reports, which only their author still sees. */
function visibleTo(viewerId: number | null): Prisma.CommunityPostWhereInput {
  return viewerId === null ? { hiddenAt: null } : { OR: [{ hiddenAt: null }, { userId: viewerId }] };
}

/** One post with all its comments, as `viewerId` sees it (their like); null when there is no such post. */
export async function findPost(postId: number, viewerId: number | null): Promise<CommunityPost | null> {
  const row = await prisma.communityPost.findFirst({
    where: { id: postId, ...visibleTo(viewerId) },
    select: postFields(viewerId, undefined),
  });
  return row ? toPost(row) : null;
}

/** Checks and stores a dish photo with the upload service; its refusals come back with their message. */
export async function storeDishPhoto(file: File): Promise<Outcome<{ image: string }>> {
  try {
    return { ok: true, image: await storeImage("dishes", file) };
  } catch (error) {
    if (error instanceof UploadRejectedError) return refuse(error.status, error.message);
    throw error;
  }
}

/** Where the photo of a new post comes from: a file just sent, or one stored earlier (the camera's draft). */
export type DishPhoto = { file: File } | { stored: string };

/**
 * Shares a dish photo. The recipe, when named, must exist; a file is checked and stored by the upload service
 * (refusals come back with its message). Nothing is kept when anything is refused.
 */
export async function createPost(
  userId: number,
  input: DishPostInput,
  photo: DishPhoto
): Promise<Outcome<{ post: CommunityPost }>> {
  // A post is seen by everyone: it may name only a recipe everyone sees.
  if (input.menu_id !== undefined && !(await canSeeRecipe(input.menu_id, null))) {
    return refuse(404, COMMUNITY_MESSAGES.menuNotFound);
  }
  if (await overLimit(postLimiter, userId)) return refuse(429, COMMUNITY_MESSAGES.tooManyPosts);
  let image: string;
  if ("stored" in photo) image = photo.stored;
  else {
    const stored = await storeDishPhoto(photo.file);
    if (!stored.ok) return stored;
    image = stored.image;
  }
  try {
    const row = await prisma.communityPost.create({
      data: { userId, recipeId: input.menu_id ?? null, image, caption: input.caption },
      select: postFields(userId, undefined),
    });
    return { ok: true, post: toPost(row) };
  } catch (error) {
    if ("file" in photo) await deleteImage(image);
    throw error;
  }
}

/** True when a post shows this stored photo. */
export async function isPostPhoto(stored: string): Promise<boolean> {
  return (await prisma.communityPost.count({ where: { image: stored } })) > 0;
}

/**
 * Likes the post, or takes the like back when the user already likes it (the heart shows what the server
 * answers). Two toggles at once end as one of them; the answer always has the stored count.
 */
export async function toggleLike(userId: number, postId: number): Promise<Outcome<LikeAnswer>> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await prisma.$transaction(async (tx) => {
        if ((await tx.communityPost.count({ where: { id: postId } })) === 0) return null;
        const removed = await tx.postLike.deleteMany({ where: { postId, userId } });
        if (removed.count === 0) await tx.postLike.create({ data: { postId, userId } });
        return { liked: removed.count === 0, like_count: await tx.postLike.count({ where: { postId } }) };
      });
      if (!answer) return refuse(404, COMMUNITY_MESSAGES.postNotFound);
      return { ok: true, success: true, ...answer };
    } catch (error) {
      // Another request liked it between our delete and create: try once more, it will see that like.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/**
 * A cook reports a post as not belonging (a shelf of raw tomatoes shared as a cooked dish, or worse). Once per cook;
 * the report that makes REPORTS_TO_HIDE_A_POST hides the post from everyone but its author.
 */
export async function reportPost(userId: number, postId: number): Promise<Outcome<ReportAnswer>> {
  const post = await prisma.communityPost.findFirst({
    where: { id: postId, ...visibleTo(userId) },
    select: { userId: true },
  });
  if (!post) return refuse(404, COMMUNITY_MESSAGES.postNotFound);
  if (post.userId === userId) return refuse(403, COMMUNITY_MESSAGES.notYourOwnReport);
  const report = () =>
    prisma.$transaction(async (tx) => {
      await tx.postReport.upsert({
        where: { postId_userId: { postId, userId } },
        create: { postId, userId },
        update: {},
      });
      if ((await tx.postReport.count({ where: { postId } })) < REPORTS_TO_HIDE_A_POST) return false;
      await tx.communityPost.updateMany({ where: { id: postId, hiddenAt: null }, data: { hiddenAt: new Date() } });
      return true;
    });
  // the same cook's second tap raced the first one's insert: the second finds that report
  const hidden = await report().catch((error: unknown) => {
    if (isUniqueViolation(error)) return report();
    throw error;
  });
  return { ok: true, success: true, message: COMMUNITY_MESSAGES.reported, hidden };
}

/** The JSON answer to a new comment, with the comment as the feed shows it. */
export type CommentAnswer = {
  success: true;
  comment_id: number;
  username: string;
  avatar_url: string | null;
  comment: CommunityComment;
};

export async function addComment(userId: number, postId: number, text: string): Promise<Outcome<CommentAnswer>> {
  if ((await prisma.communityPost.count({ where: { id: postId } })) === 0)
    return refuse(404, COMMUNITY_MESSAGES.postNotFound);
  if (await overLimit(commentLimiter, userId)) return refuse(429, COMMUNITY_MESSAGES.tooManyComments);
  try {
    const row = await prisma.postComment.create({ data: { postId, userId, text }, select: commentFields });
    const comment = toComment(row);
    return {
      ok: true,
      success: true,
      comment_id: comment.comment_id,
      username: comment.username,
      avatar_url: comment.avatar_url,
      comment,
    };
  } catch (error) {
    // The post was deleted meanwhile (the comment's foreign key fails).
    if ((error as { code?: string }).code === "P2003") return refuse(404, COMMUNITY_MESSAGES.postNotFound);
    throw error;
  }
}

/** Deletes a comment of the post; only its author may (403 for anyone else). */
type Deleted = { success: true; message: string };

export async function deleteComment(userId: number, postId: number, commentId: number): Promise<Outcome<Deleted>> {
  const comment = await prisma.postComment.findFirst({ where: { id: commentId, postId }, select: { userId: true } });
  if (!comment) return refuse(404, COMMUNITY_MESSAGES.commentNotFound);
  if (comment.userId !== userId) return refuse(403, COMMUNITY_MESSAGES.notYourComment);
  await prisma.postComment.deleteMany({ where: { id: commentId, userId } });
  return { ok: true, success: true, message: COMMUNITY_MESSAGES.commentDeleted };
}

/** Deletes a post with its likes and comments, then its photo; only its author may (403 for anyone else). */
export async function deletePost(userId: number, postId: number): Promise<Outcome<Deleted>> {
  const post = await prisma.communityPost.findUnique({ where: { id: postId }, select: { userId: true, image: true } });
  if (!post) return refuse(404, COMMUNITY_MESSAGES.postNotFound);
  if (post.userId !== userId) return refuse(403, COMMUNITY_MESSAGES.notYourPost);
  await prisma.communityPost.deleteMany({ where: { id: postId, userId } });
  await deleteUnusedDishPhotos([post.image]);
  return { ok: true, success: true, message: COMMUNITY_MESSAGES.postDeleted };
}

// ---------- The JSON calls under /api ----------

/**
 * The caller of a community JSON call and its body (JSON or a form): a guest gets 401, a body naming a
 * user_id other than the caller's own 403.
 */
export async function readCommunityCall(request: Request): Promise<{ userId: number; formData: FormData }> {
  const userId = await requireApiUserId(request);
  const { formData } = await readFormOrJson(request);
  assertOwnUserId(userId, formData.get("user_id"));
  return { userId, formData };
}

/** What a successful outcome answers (without its `ok`). */
export function answerOf<Value extends object>(outcome: { ok: true } & Value): Value {
  const { ok: _ok, ...answer } = outcome;
  return answer as unknown as Value;
}

/** A service outcome as a JSON answer: the refusal's status and message, or the answer itself. */
export function outcomeResponse<Value extends object>(outcome: Outcome<Value>, status = 200): Response {
  return outcome.ok ? Response.json(answerOf(outcome), { status }) : jsonError(outcome.message, outcome.status);
}
