/**
 * /reviews?menu_id=N: a recipe's reviews, and what the review forms post (create, replace after confirmation,
 * delete), from this screen and from the recipe screen's reviews block. The screen's route module imports only
 * this server module for its loader and action (decision 069).
 */
import { data } from "@remix-run/node";
import { reviewsPath } from "~/components/reviews-section";
import { safeRedirectPath } from "~/domain/auth-messages";
import { parseId } from "~/domain/ids";
import { findVisibleRecipeName } from "./recipe-lookup.server";
import { readForm } from "./request.server";
import {
  createReview,
  deleteReview,
  listReviews,
  parseReviewDeletion,
  parseReviewForm,
  replaceReview,
  REVIEW_RESULTS,
} from "./reviews.server";
import { redirectWithFlash, requireUserId } from "./session.server";

function recipeIdOf(request: Request): number {
  const recipeId = parseId(new URL(request.url).searchParams.get("menu_id"));
  if (recipeId === null) throw new Response("Not Found", { status: 404 });
  return recipeId;
}

/** The recipe's reviews for a signed-in cook; a recipe they may not see is a 404. */
export async function reviewsScreen(request: Request) {
  const userId = await requireUserId(request);
  const recipeId = recipeIdOf(request);
  const menu = await findVisibleRecipeName(recipeId, userId);
  if (!menu) throw new Response("Not Found", { status: 404 });
  const reviews = await listReviews(recipeId);
  // "Delete my review" without JavaScript: the question first, then back where the review was shown
  const search = new URL(request.url).searchParams;
  const askDelete =
    search.get("delete") === "ask" ? { back: safeRedirectPath(search.get("back"), reviewsPath(recipeId)) } : null;
  return { menu, reviews, userId, askDelete };
}

/**
 * Creates, replaces (after confirmation) or deletes the signed-in user's review. Forms sent by a fetcher
 * get action data back; forms posted without JavaScript carry redirectTo and are redirected there.
 */
export async function changeReview(request: Request) {
  const userId = await requireUserId(request);
  const formData = await readForm(request);
  const redirectTo = formData.has("redirectTo")
    ? safeRedirectPath(formData.get("redirectTo"), reviewsPath(recipeIdOf(request)))
    : null;
  const done = async (message: string, anchor = "#reviews") =>
    redirectTo ? redirectWithFlash(`${redirectTo}${anchor}`, { type: "success", message }) : null;

  if (formData.get("intent") === "delete") {
    const submission = parseReviewDeletion(formData);
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const deleted = await deleteReview(userId, submission.value.menu_id);
    if (!deleted)
      return data({ result: submission.reply({ formErrors: [REVIEW_RESULTS.notReviewed] }) }, { status: 404 });
    return (
      (await done(REVIEW_RESULTS.deleted, "")) ?? data({ result: submission.reply(), message: REVIEW_RESULTS.deleted })
    );
  }

  const submission = parseReviewForm(formData);
  if (submission.status !== "success") return data({ result: submission.reply(), redirectTo }, { status: 400 });
  const replacing = formData.get("intent") === "update";
  const outcome = replacing
    ? await replaceReview(userId, submission.value)
    : await createReview(userId, submission.value);
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [outcome.message] });
    // A second review replaces the first only once the user has confirmed it.
    if (outcome.status === 409) return data({ result, redirectTo, confirm: submission.value }, { status: 409 });
    return data({ result, redirectTo }, { status: outcome.status });
  }
  const message = replacing ? REVIEW_RESULTS.updated : REVIEW_RESULTS.created;
  return (await done(message)) ?? data({ result: submission.reply({ resetForm: true }), message });
}
