import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError } from "~/services/request.server";
import {
  createReview,
  readReviewCall,
  REVIEW_RESULTS,
  reviewCallAnswer,
  reviewSummary,
} from "~/services/reviews.server";

/** GET /api/menu-detail/<id>/reviews: the menu's reviews (newest first) with the rating summary. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireApiUserId(request);
  const recipeId = parseId(params.id);
  const summary = recipeId === null ? null : await reviewSummary(recipeId, userId);
  return summary ? Response.json(summary) : jsonError(REVIEW_RESULTS.menuNotFound, 404);
}

/** POST /api/menu-detail/<id>/reviews { user_id, menu_id, comment, rating }: the user's first review of it. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const recipeId = parseId(params.id);
  if (recipeId === null) return jsonError(REVIEW_RESULTS.menuNotFound, 404);
  const { userId, input } = await readReviewCall(request, recipeId);
  return reviewCallAnswer(await createReview(userId, input), REVIEW_RESULTS.created, 201);
}
