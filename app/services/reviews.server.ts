/** Reviews of recipes: one per user and recipe, readable with a rating summary, written only by their author. */
import type { ReviewInput } from "~/domain/review-schema";
import { summarizeRatings, type RatingSummary, type ReviewsBlock, type ReviewView } from "~/domain/reviews";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";

export const REVIEW_RESULTS = {
  created: "Review added successfully",
  updated: "Review updated successfully",
  deleted: "Review deleted successfully",
  menuNotFound: "Menu not found",
  alreadyReviewed: "You have already reviewed this menu. Confirm to replace your review.",
  notReviewed: "You have not reviewed this menu yet.",
} as const;

export type ReviewSummary = RatingSummary & { menu_id: number; reviews: ReviewView[] };

export type ReviewOutcome =
  | { ok: true; review: ReviewView }
  | { ok: false; status: 404 | 409; message: string };

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

async function menuExists(recipeId: number): Promise<boolean> {
  return (await prisma.recipe.count({ where: { id: recipeId } })) > 0;
}

/** All reviews of a recipe, newest (last written) first. */
export async function listReviews(recipeId: number): Promise<ReviewView[]> {
  const rows = await prisma.review.findMany({
    where: { recipeId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: reviewFields,
  });
  return rows.map(toView);
}

/** The spec's review summary of a recipe, or null when the recipe does not exist. */
export async function reviewSummary(recipeId: number): Promise<ReviewSummary | null> {
  if (!(await menuExists(recipeId))) return null;
  const reviews = await listReviews(recipeId);
  return { reviews, menu_id: recipeId, ...summarizeRatings(reviews.map((review) => review.rating)) };
}

/** The recipe screen's reviews block (see app/components/reviews-section.tsx). */
export async function loadReviewsBlock(recipeId: number, userId: number): Promise<ReviewsBlock> {
  const reviews = await listReviews(recipeId);
  return {
    menuId: recipeId,
    summary: summarizeRatings(reviews.map((review) => review.rating)),
    latest: reviews[0] ?? null,
    ownReview: reviews.find((review) => review.user_id === userId) ?? null,
  };
}

export async function findOwnReview(userId: number, recipeId: number): Promise<ReviewView | null> {
  const row = await prisma.review.findUnique({ where: { userId_recipeId: { userId, recipeId } }, select: reviewFields });
  return row ? toView(row) : null;
}

// By code, not class: the SQLite and PostgreSQL clients each have their own error classes.
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

/** A user's first review of a recipe; a second one is refused (409) so that replacing is always confirmed. */
export async function createReview(userId: number, input: ReviewInput): Promise<ReviewOutcome> {
  if (!(await menuExists(input.menu_id))) return { ok: false, status: 404, message: REVIEW_RESULTS.menuNotFound };
  try {
    const row = await prisma.review.create({
      data: { userId, recipeId: input.menu_id, rating: input.rating, comment: input.comment },
      select: reviewFields,
    });
    return { ok: true, review: toView(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: REVIEW_RESULTS.alreadyReviewed };
    throw error;
  }
}

/** Replaces the user's review of a recipe (rating and comment; the written time moves on). */
export async function replaceReview(userId: number, input: ReviewInput): Promise<ReviewOutcome> {
  if (!(await menuExists(input.menu_id))) return { ok: false, status: 404, message: REVIEW_RESULTS.menuNotFound };
  const where = { userId, recipeId: input.menu_id };
  const { count } = await prisma.review.updateMany({ where, data: { rating: input.rating, comment: input.comment } });
  if (count === 0) return { ok: false, status: 404, message: REVIEW_RESULTS.notReviewed };
  const row = await prisma.review.findUniqueOrThrow({ where: { userId_recipeId: where }, select: reviewFields });
  return { ok: true, review: toView(row) };
}

/** Deletes the user's own review of a recipe; false when there was none. */
export async function deleteReview(userId: number, recipeId: number): Promise<boolean> {
  const { count } = await prisma.review.deleteMany({ where: { userId, recipeId } });
  return count > 0;
}
