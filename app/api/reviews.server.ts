import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { readReviewCall, replaceReview, REVIEW_RESULTS, reviewCallAnswer } from "~/services/reviews.server";

/** PUT /api/reviews { user_id, menu_id, comment, rating }: replaces the user's review of the menu. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError("Use PUT", 405);
  const { userId, input } = await readReviewCall(request);
  return reviewCallAnswer(await replaceReview(userId, input), REVIEW_RESULTS.updated, 200);
}
