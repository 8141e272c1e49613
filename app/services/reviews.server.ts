/**
 * Reviews of recipes: one per user and recipe, readable with a rating summary, written only by their author.
 * Every write tells the suggestions index (cookbookChanged), whose ranking uses the average ratings.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { parseId } from "~/domain/ids";
import { ReviewSchema, type ReviewInput } from "~/domain/review-schema";
import { summarizeRatings, type RatingSummary, type ReviewsBlock, type ReviewView } from "~/domain/reviews";
import type { Prisma } from "~/generated/prisma/client";
import { assertOwnUserId, requireApiUserId } from "./api-auth.server";
import { isUniqueViolation, prisma } from "./db.server";
import { canSeeRecipe } from "./recipe-access.server";
import { cookbookChanged } from "./recipe-index.server";
import { isJsonRequest, jsonError, readFormOrJson } from "./request.server";
import { rawNumber, type RawNumber } from "./raw-row.server";

export const REVIEW_RESULTS = {
  created: "Review added successfully",
  updated: "Review updated successfully",
  deleted: "Review deleted successfully",
  menuNotFound: "Menu not found",
  alreadyReviewed: "You have already reviewed this menu.",
  notReviewed: "You have not reviewed this menu yet.",
} as const;

/** The review form's post, parsed for the /reviews action (the screen itself carries no zod). */
export const parseReviewForm = (formData: FormData) => parseWithZod(formData, { schema: ReviewSchema });
/** The recipe a "Delete my review" post names. */
export const parseReviewDeletion = (formData: FormData) =>
  parseWithZod(formData, { schema: ReviewSchema.pick({ menu_id: true }) });

export type ReviewSummary = RatingSummary & { menu_id: number; reviews: ReviewView[] };

export type ReviewOutcome = { ok: true; review: ReviewView } | { ok: false; status: 404 | 409; message: string };

const reviewFields = {
  userId: true,
  recipeId: true,
  rating: true,
  comment: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { username: true, avatar: true } },
} as const;

type StoredReview = Prisma.ReviewGetPayload<{ select: typeof reviewFields }>;

function toView(review: StoredReview): ReviewView {
  return {
    user_id: review.userId,
    menu_id: review.recipeId,
    comment: review.comment,
    rating: review.rating,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
    username: review.user.username,
    avatar: review.user.avatar,
  };
}

const newestFirst = [{ updatedAt: "desc" }, { id: "desc" }] satisfies Prisma.ReviewOrderByWithRelationInput[];

/** All reviews of a recipe, newest (last written) first. */
export async function listReviews(recipeId: number): Promise<ReviewView[]> {
  const rows = await prisma.review.findMany({
    where: { recipeId },
    orderBy: newestFirst,
    select: reviewFields,
  });
  return rows.map(toView);
}

/** The spec's review summary of a recipe, or null when the recipe does not exist or the viewer may not see it. */
export async function reviewSummary(recipeId: number, viewerId: number): Promise<ReviewSummary | null> {
  if (!(await canSeeRecipe(recipeId, viewerId))) return null;
  const reviews = await listReviews(recipeId);
  return { reviews, menu_id: recipeId, ...summarizeRatings(reviews.map((review) => review.rating)) };
}

/**
 * The recipe screen's reviews block (see app/components/reviews-section.tsx): every review's rating, and the
 * comments of the latest and of the user's own only. A recipe without reviews costs one small query.
 */
export async function loadReviewsBlock(recipeId: number, userId: number): Promise<ReviewsBlock> {
  // Raw: the recipe screen reads it on every visit (decision 160); newest first, as newestFirst orders.
  const reviews = (
    await prisma.$queryRaw<{ id: RawNumber; userId: RawNumber; rating: RawNumber }[]>`
      SELECT "id", "userId", "rating" FROM "Review" WHERE "recipeId" = ${recipeId}
      ORDER BY "updatedAt" DESC, "id" DESC`
  ).map((row) => ({ id: rawNumber(row.id), userId: rawNumber(row.userId), rating: rawNumber(row.rating) }));
  const latestId = reviews[0]?.id;
  const ownId = reviews.find((review) => review.userId === userId)?.id;
  const shownIds = [...new Set([latestId, ownId])].filter((id) => id !== undefined);
  const shown =
    shownIds.length === 0
      ? []
      : await prisma.review.findMany({ where: { id: { in: shownIds } }, select: { id: true, ...reviewFields } });
  const viewOf = (id: number | undefined) => {
    const row = shown.find((review) => review.id === id);
    return row ? toView(row) : null;
  };
  return {
    recipeId,
    summary: summarizeRatings(reviews.map((review) => review.rating)),
    latest: viewOf(latestId),
    ownReview: viewOf(ownId),
  };
}

/** A user's first review of a recipe; a second one is refused (409) so that replacing is always confirmed. */
export async function createReview(userId: number, input: ReviewInput): Promise<ReviewOutcome> {
  if (!(await canSeeRecipe(input.menu_id, userId)))
    return { ok: false, status: 404, message: REVIEW_RESULTS.menuNotFound };
  try {
    const row = await prisma.review.create({
      data: { userId, recipeId: input.menu_id, rating: input.rating, comment: input.comment },
      select: reviewFields,
    });
    cookbookChanged();
    return { ok: true, review: toView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: REVIEW_RESULTS.alreadyReviewed };
    throw error;
  }
}

/** Replaces the user's review of a recipe (rating and comment; the written time moves on). */
export async function replaceReview(userId: number, input: ReviewInput): Promise<ReviewOutcome> {
  if (!(await canSeeRecipe(input.menu_id, userId)))
    return { ok: false, status: 404, message: REVIEW_RESULTS.menuNotFound };
  const where = { userId, recipeId: input.menu_id };
  const { count } = await prisma.review.updateMany({ where, data: { rating: input.rating, comment: input.comment } });
  if (count === 0) return { ok: false, status: 404, message: REVIEW_RESULTS.notReviewed };
  cookbookChanged();
  const row = await prisma.review.findUniqueOrThrow({ where: { userId_recipeId: where }, select: reviewFields });
  return { ok: true, review: toView(row) };
}

/** Deletes the user's own review of a recipe; false when there was none. */
export async function deleteReview(userId: number, recipeId: number): Promise<boolean> {
  const { count } = await prisma.review.deleteMany({ where: { userId, recipeId } });
  if (count > 0) cookbookChanged();
  return count > 0;
}

// ---------- The JSON calls under /api ----------

/**
 * The signed-in user and the review a JSON call sends ({ user_id, menu_id, comment, rating }): a guest gets
 * 401, a user_id other than the caller's own 403, a bad body 400 with the first problem's message.
 * `pathRecipeId` is the menu the path names; the body may leave menu_id out but not name another menu.
 */
export async function readReviewCall(
  request: Request,
  pathRecipeId?: number
): Promise<{ userId: number; input: ReviewInput }> {
  const userId = await requireApiUserId(request);
  if (!isJsonRequest(request)) throw jsonError("Request body must be JSON (Content-Type: application/json)", 400);
  const { formData } = await readFormOrJson(request);
  assertOwnUserId(userId, formData.get("user_id"));
  if (pathRecipeId !== undefined) {
    const bodyRecipeId = formData.get("menu_id");
    if (bodyRecipeId === null) formData.set("menu_id", String(pathRecipeId));
    else if (parseId(String(bodyRecipeId)) !== pathRecipeId)
      throw jsonError("menu_id must be the menu in the path", 400);
  }
  const submission = parseWithZod(formData, { schema: ReviewSchema });
  if (submission.status !== "success") {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? [];
    throw jsonError(messages?.[0] ?? "Invalid review", 400, { field });
  }
  return { userId, input: submission.value };
}

/** A written review as the JSON calls answer it. */
export function reviewCallAnswer(outcome: ReviewOutcome, message: string, status: number): Response {
  return outcome.ok
    ? Response.json({ message, review: outcome.review }, { status })
    : jsonError(outcome.message, outcome.status);
}
