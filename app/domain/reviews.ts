/** Review maths (the rating summary) and display rules, shared by the server and the screen. */
import { formatDayMonthYear } from "./dates";

export const STAR_VALUES = [5, 4, 3, 2, 1] as const;
export type StarValue = (typeof STAR_VALUES)[number];

/** A review as the JSON calls and the screens show it. */
export interface ReviewView {
  user_id: number;
  menu_id: number;
  comment: string;
  rating: number;
  created_at: string | null;
  updated_at: string | null;
  username: string;
  avatar: string | null;
}

export interface RatingSummary {
  sum_rating: number;
  avg_rating: number;
  rate_1: number;
  rate_2: number;
  rate_3: number;
  rate_4: number;
  rate_5: number;
  percent_rate_1: number;
  percent_rate_2: number;
  percent_rate_3: number;
  percent_rate_4: number;
  percent_rate_5: number;
  /** the number of reviews, spelled as the spec's call spells it */
  review_lenght: number;
}

/** What the recipe screen's reviews block needs; built by loadReviewsBlock on the server. */
export interface ReviewsBlock {
  recipeId: number;
  summary: RatingSummary;
  latest: ReviewView | null;
  /** the signed-in user's own review, when they have written one */
  ownReview: ReviewView | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Counts per star and each star's share (count / number of reviews x 100); zeros when there are none. */
export function summarizeRatings(ratings: readonly number[]): RatingSummary {
  const count = (star: StarValue) => ratings.filter((rating) => rating === star).length;
  const percent = (star: StarValue) => (ratings.length === 0 ? 0 : round2((count(star) / ratings.length) * 100));
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return {
    sum_rating: sum,
    avg_rating: ratings.length === 0 ? 0 : round2(sum / ratings.length),
    rate_1: count(1),
    rate_2: count(2),
    rate_3: count(3),
    rate_4: count(4),
    rate_5: count(5),
    percent_rate_1: percent(1),
    percent_rate_2: percent(2),
    percent_rate_3: percent(3),
    percent_rate_4: percent(4),
    percent_rate_5: percent(5),
    review_lenght: ratings.length,
  };
}

/** The average shown as whole stars out of 5 (nearest, halves up). */
export function roundedStars(average: number): number {
  if (!Number.isFinite(average)) return 0;
  return Math.min(5, Math.max(0, Math.round(average)));
}

/**
 * The date part of the updated (else created) time as dd/mm/yyyy, or 'No date'. The date part is the
 * stored UTC date, so the server's and the browser's rendering agree.
 */
export function reviewDate(review: Pick<ReviewView, "updated_at" | "created_at">): string {
  const stamp = [review.updated_at, review.created_at].find(
    (value) => value && !Number.isNaN(new Date(value).getTime())
  );
  return stamp ? formatDayMonthYear(stamp) : "No date";
}

export const starsLabel = (stars: number) => `${stars} out of 5 stars`;
