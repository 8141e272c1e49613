/**
 * The recipe screen's reviews block: the rating summary, the latest review and the cook's own, and the review form.
 *
 * How a screen uses it:
 *   loader:    `reviews: await loadReviewsBlock(recipeId, userId)` (from ~/services/reviews.server)
 *   component: `<ReviewsSection block={data.reviews} />`
 *
 * The form posts to the /reviews action (intents create, update, delete), so the screen handles no review
 * intent itself. With JavaScript a fetcher sends it and Remix revalidates the screen's loader, which
 * refreshes the summary; without JavaScript the action redirects back here (#reviews) with a flash
 * message (the screen's `<Flash />`), or shows the errors or the update confirmation on /reviews.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { ErrorList } from "~/components/field-errors";
import { FormMessage } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { ModalDialog } from "~/components/modal-dialog";
import { EMPTY_STAR, FILLED_STAR, starsMarkup } from "~/components/star-icons";
import { sentValue, useLazyFormCheck } from "~/components/use-lazy-form-check";
import { MAX_COMMENT_LENGTH } from "~/domain/review-length";
import {
  reviewDate,
  roundedStars,
  STAR_VALUES,
  starsLabel,
  type RatingSummary,
  type ReviewsBlock,
  type ReviewView,
} from "~/domain/reviews";
import type { action as reviewsAction } from "~/routes/reviews";

export const reviewsPath = (recipeId: number) => `/reviews?menu_id=${recipeId}`;

/** The step that asks before the cook's review is deleted, without JavaScript; `back`: where it returns after. */
export const deleteReviewPath = (recipeId: number, back: string) =>
  `/reviews?${new URLSearchParams({ menu_id: String(recipeId), delete: "ask", back })}`;

/** Five stars, the first `stars` of them filled, read out as one text ("4 out of 5 stars"). */
export function StarRow({ stars, label = starsLabel(stars) }: { stars: number; label?: string }) {
  return (
    <span className="star-row" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: starsMarkup(stars) }} />
  );
}

export function ReviewCard({ review, children }: { review: ReviewView; children?: ReactNode }) {
  return (
    <article className="review-card">
      <header className="review-card-header">
        <span className="review-avatar" aria-hidden="true">
          {review.username.slice(0, 1).toUpperCase()}
        </span>
        <div className="review-card-who">
          <h3 className="review-author">{review.username}</h3>
          <p className="review-date">{reviewDate(review)}</p>
        </div>
        <StarRow stars={review.rating} label={`Rated ${starsLabel(review.rating)}`} />
      </header>
      <p className="review-comment">{review.comment}</p>
      {children}
    </article>
  );
}

function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const count = summary.review_lenght;
  const stars = roundedStars(summary.avg_rating);
  return (
    <div className="rating-summary">
      <div className="rating-average">
        <p className="rating-average-value">{summary.avg_rating.toFixed(1)}</p>
        <StarRow stars={stars} label={`Average rating ${starsLabel(stars)}`} />
        <p className="rating-count">{`${count} ${count === 1 ? "review" : "reviews"}`}</p>
      </div>
      <ul className="rating-breakdown" aria-label="Ratings by stars">
        {STAR_VALUES.map((star) => {
          const percent = summary[`percent_rate_${star}`];
          return (
            <li key={star}>
              <span
                className="rating-breakdown-star"
                aria-hidden="true"
                dangerouslySetInnerHTML={{ __html: `${star}${FILLED_STAR}` }}
              />
              <span className="rating-bar" aria-hidden="true">
                <span className="rating-bar-fill" style={{ width: `${percent}%` }} />
              </span>
              <span className="rating-breakdown-count">
                <span className="visually-hidden">{star === 1 ? "1 star" : `${star} stars`}: </span>
                {summary[`rate_${star}`]}
                <span className="visually-hidden"> ({Math.round(percent)}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type ReviewFormProps = {
  recipeId: number;
  /** the cook's review of this recipe, which the form starts from; null before they wrote one */
  ownReview: { rating: number; comment: string } | null;
  /** where a post without JavaScript comes back to after success */
  redirectTo: string;
  /** conform's reply when the form was posted without JavaScript */
  lastResult?: SubmissionResult<string[]>;
  /** 2 where the form is a section of its own screen (/reviews), 3 inside the recipe's reviews block */
  headingLevel?: 2 | 3;
  /** "Delete my review" under the form (false where the screen offers it on the review itself) */
  withDelete?: boolean;
};

const reviewFormId = (recipeId: number) => `review-form-${recipeId}`;
const loadCheck = () => import("~/domain/review-check").then((module) => module.reviewErrors);
const RATINGS = ["1", "2", "3", "4", "5"] as const;
/** Each rating's label: its star, named for a screen reader ("3 stars"). */
const STAR_LABELS = Object.fromEntries(
  RATINGS.map((value) => [
    value,
    `${EMPTY_STAR}<span class="visually-hidden">${value === "1" ? "1 star" : `${value} stars`}</span>`,
  ])
);

/** The star rating and comment form; asks before replacing the user's existing review. */
export function ReviewForm({
  recipeId,
  ownReview,
  redirectTo,
  lastResult,
  headingLevel = 3,
  withDelete = true,
}: ReviewFormProps) {
  const hasReviewed = ownReview !== null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const formId = reviewFormId(recipeId);
  const fetcher = useFetcher<typeof reviewsAction>({ key: formId });
  const hydrated = useHydrated();
  // The review waiting for the user to confirm that it replaces their earlier one.
  const [pendingReview, setPendingReview] = useState<FormData | null>(null);
  const reply = fetcher.data && "result" in fetcher.data ? fetcher.data : undefined;
  const shownResult = fetcher.state === "idle" ? reply?.result ?? lastResult : undefined;
  const { errors, formProps, reset } = useLazyFormCheck(loadCheck, shownResult);

  // The server also asks for confirmation when it finds a review this screen did not know about.
  const unconfirmed = fetcher.state === "idle" && reply && "confirm" in reply ? reply.confirm : null;
  useEffect(() => {
    if (!unconfirmed) return;
    const review = new FormData();
    for (const [name, value] of Object.entries(unconfirmed)) if (value !== undefined) review.set(name, String(value));
    setPendingReview(review);
  }, [unconfirmed]);

  function confirmUpdate() {
    if (!pendingReview) return;
    pendingReview.set("intent", "update");
    fetcher.submit(pendingReview, { method: "post", action: reviewsPath(recipeId) });
    setPendingReview(null);
  }

  const success = fetcher.state === "idle" && reply && "message" in reply ? reply.message : undefined;
  useEffect(() => {
    if (success) reset();
  }, [reply, success, reset]); // each review in empties the form once

  // what was sent (a refused form keeps it), else the review as stored: "Update your review" starts from it
  const sentRating = sentValue(shownResult, "rating") ?? (ownReview ? String(ownReview.rating) : undefined);
  const shownComment = sentValue(shownResult, "comment") ?? ownReview?.comment ?? "";
  // once the stored review changes (after Submit) the form shows it, whatever was typed before
  const stored = ownReview ? `${ownReview.rating}:${ownReview.comment}` : "none";
  const [comment, setComment] = useState(shownComment);
  useEffect(() => setComment(shownComment), [stored, shownComment]);
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `${formId}-${name}-error` } : {};

  return (
    <fetcher.Form
      method="post"
      action={reviewsPath(recipeId)}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented || !hasReviewed) return; // a wrong form stays; a first review is sent as it is
        event.preventDefault();
        setPendingReview(new FormData(event.currentTarget));
      }}
      id={formId}
      className="review-form"
    >
      <Heading>{hasReviewed ? "Update your review" : "Write a review"}</Heading>
      <FormMessage type="success" message={success} />
      <FormMessage type="error" message={errors[""]?.[0]} />
      <input type="hidden" name="menu_id" value={recipeId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      <fieldset key={stored} className="star-input" data-invalid={errors.rating ? true : undefined}>
        <legend>Your rating</legend>
        <div className="star-options">
          {RATINGS.map((value) => (
            <span className="star-option" key={value}>
              <input
                type="radio"
                id={`${formId}-rating-${value}`}
                name="rating"
                value={value}
                required
                defaultChecked={sentRating === value}
                className="star-radio"
                {...invalid("rating")}
              />
              {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- its text ("3 stars") is in the markup */}
              <label htmlFor={`${formId}-rating-${value}`} dangerouslySetInnerHTML={{ __html: STAR_LABELS[value] }} />
            </span>
          ))}
        </div>
        <ErrorList id={`${formId}-rating-error`} errors={errors.rating} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${formId}-comment`}>Your comment</label>
        <textarea
          id={`${formId}-comment`}
          name="comment"
          required
          maxLength={MAX_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={4}
          {...invalid("comment")}
        />
        <ErrorList id={`${formId}-comment-error`} errors={errors.comment} />
      </div>
      <button
        type="submit"
        name="intent"
        value="create"
        className="button button-primary"
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Sending..." : "Submit review"}
      </button>
      {hasReviewed && withDelete ? <DeleteReview recipeId={recipeId} back={redirectTo} fetcherKey={formId} /> : null}
      {pendingReview ? (
        <ConfirmReviewDialog id={`${formId}-confirm`} question="update" onClose={() => setPendingReview(null)}>
          <div className="modal-dialog-actions">
            <button type="button" className="button button-primary" onClick={confirmUpdate}>
              Update review
            </button>
            <button type="button" className="button button-secondary" onClick={() => setPendingReview(null)}>
              Cancel
            </button>
          </div>
        </ConfirmReviewDialog>
      ) : null}
    </fetcher.Form>
  );
}

/** The questions asked about the cook's review before it changes: what each says. */
const QUESTIONS = {
  update: {
    title: "Update your review?",
    description: "You have already reviewed this recipe. Your new rating and comment will replace your review.",
  },
  delete: {
    title: "Delete your review?",
    description: "Your rating and comment on this recipe will be removed for everyone.",
  },
};

/**
 * Asks before a review replaces the user's earlier one (one review per user and recipe), or before it is deleted.
 * `children` holds the answers: buttons with JavaScript, a form and a link on /reviews without it.
 */
export function ConfirmReviewDialog({
  id,
  question,
  onClose,
  children,
}: {
  id: string;
  question: keyof typeof QUESTIONS;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog titleId={`${id}-title`} descriptionId={`${id}-description`} onClose={onClose}>
      <h2 id={`${id}-title`}>{QUESTIONS[question].title}</h2>
      <p id={`${id}-description`}>{QUESTIONS[question].description}</p>
      {children}
    </ModalDialog>
  );
}

/**
 * "Delete my review", wherever the cook's review is shown: it asks first. With JavaScript the question opens in
 * place and the answer goes by the fetcher `fetcherKey` (whose reply the screen shows); without it the link opens
 * the question on /reviews, whose form returns to `back`.
 */
export function DeleteReview({ recipeId, back, fetcherKey }: { recipeId: number; back: string; fetcherKey: string }) {
  const fetcher = useFetcher<typeof reviewsAction>({ key: fetcherKey });
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "delete";
  const id = `delete-review-${recipeId}`;
  return (
    <>
      <Link
        to={deleteReviewPath(recipeId, back)}
        className="button button-secondary review-delete"
        aria-disabled={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) setAsking(true);
        }}
      >
        {busy ? "Deleting..." : "Delete my review"}
      </Link>
      {asking ? (
        <ConfirmReviewDialog id={id} question="delete" onClose={() => setAsking(false)}>
          <div className="modal-dialog-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                fetcher.submit(
                  { intent: "delete", menu_id: String(recipeId) },
                  { method: "post", action: reviewsPath(recipeId) }
                );
                setAsking(false);
              }}
            >
              Delete review
            </button>
            <button type="button" className="button button-secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </ConfirmReviewDialog>
      ) : null}
    </>
  );
}

export function ReviewsSection({ block }: { block: ReviewsBlock }) {
  const location = useLocation();
  return (
    <section className="reviews-section" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      <RatingSummaryView summary={block.summary} />
      {block.latest ? (
        <div className="latest-review">
          <h3 className="visually-hidden">Latest review</h3>
          <ReviewCard review={block.latest} />
        </div>
      ) : (
        <p className="reviews-empty">Be the first to leave a review!</p>
      )}
      <ReviewForm recipeId={block.recipeId} ownReview={block.ownReview} redirectTo={location.pathname} />
      <Link to={reviewsPath(block.recipeId)} className="button button-secondary reviews-see-all">
        See All Reviews
      </Link>
    </section>
  );
}
