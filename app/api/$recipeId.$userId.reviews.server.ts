import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireOwnUserId } from "~/services/api-auth.server";
import { jsonError } from "~/services/request.server";
import { deleteReview, REVIEW_RESULTS } from "~/services/reviews.server";

/** DELETE /api/<recipeId>/<userId>/reviews: deletes the signed-in user's own review of the menu. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const userId = await requireOwnUserId(request, params.userId);
  const recipeId = parseId(params.recipeId);
  if (recipeId === null || !(await deleteReview(userId, recipeId))) return jsonError(REVIEW_RESULTS.notReviewed, 404);
  return Response.json({ message: REVIEW_RESULTS.deleted });
}
