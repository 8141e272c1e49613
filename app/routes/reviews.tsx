import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Flash, useFlash } from "~/components/flash";
import { FormMessage, useHydrated } from "~/components/forms";
import { ConfirmUpdateDialog, ReviewCard, ReviewForm, reviewsPath } from "~/components/reviews-section";
import { ScreenHeader } from "~/components/screen-header";
import { safeRedirectPath } from "~/domain/auth-messages";
import { parseId } from "~/domain/ids";
import { findVisibleRecipeName } from "~/services/recipe-lookup.server";
import { readForm } from "~/services/request.server";
import {
  createReview,
  deleteReview,
  listReviews,
  parseReviewDeletion,
  parseReviewForm,
  replaceReview,
  REVIEW_RESULTS,
} from "~/services/reviews.server";
import { redirectWithFlash, requireUserId } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Reviews of ${data.menu.name} · Recipe Helper` : "Reviews · Recipe Helper" },
];

const recipePath = (recipeId: number) => `/menu-detail/${recipeId}`;

function recipeIdOf(request: Request): number {
  const recipeId = parseId(new URL(request.url).searchParams.get("menu_id"));
  if (recipeId === null) throw new Response("Not Found", { status: 404 });
  return recipeId;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const recipeId = recipeIdOf(request);
  const menu = await findVisibleRecipeName(recipeId, userId);
  if (!menu) throw new Response("Not Found", { status: 404 });
  const reviews = await listReviews(recipeId);
  return { menu, reviews, userId };
}

/**
 * Creates, replaces (after confirmation) or deletes the signed-in user's review. Forms sent by a fetcher
 * get action data back; forms posted without JavaScript carry redirectTo and are redirected there.
 */
export async function action({ request }: ActionFunctionArgs) {
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

type Confirmation = { menu_id: number; rating: number; comment: string };

/** Without JavaScript: the confirm step before a review replaces the user's earlier one. */
function ConfirmUpdate({ review, redirectTo }: { review: Confirmation; redirectTo: string }) {
  const navigate = useNavigate();
  const cancelPath = `${redirectTo}#reviews`;
  return (
    <ConfirmUpdateDialog id="review-confirm" onClose={() => navigate(cancelPath)}>
      <Form method="post" action={reviewsPath(review.menu_id)} className="modal-dialog-actions">
        <input type="hidden" name="menu_id" value={review.menu_id} />
        <input type="hidden" name="rating" value={review.rating} />
        <input type="hidden" name="comment" value={review.comment} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" name="intent" value="update" className="button button-primary">
          Update review
        </button>
        <Link to={cancelPath} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmUpdateDialog>
  );
}

const deleteFetcherKey = (recipeId: number) => `delete-review-${recipeId}`;

function DeleteOwnReview({ recipeId }: { recipeId: number }) {
  const fetcher = useFetcher<typeof action>({ key: deleteFetcherKey(recipeId) });
  const hydrated = useHydrated();
  const error = fetcher.data?.result.error?.[""]?.[0];
  return (
    <fetcher.Form method="post" action={reviewsPath(recipeId)} className="review-delete">
      <input type="hidden" name="menu_id" value={recipeId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={reviewsPath(recipeId)} />}
      <FormMessage type="error" message={error} />
      <button
        type="submit"
        name="intent"
        value="delete"
        className="button button-secondary"
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? "Deleting..." : "Delete my review"}
      </button>
    </fetcher.Form>
  );
}

export default function ReviewsScreen() {
  const { menu, reviews, userId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Only a post without JavaScript brings the form here (its errors or the confirm step).
  const posted = actionData && "redirectTo" in actionData ? actionData : undefined;
  const backTo = posted?.redirectTo ?? recipePath(menu.id);
  const flash = useFlash();
  const deletion = useFetcher<typeof action>({ key: deleteFetcherKey(menu.id) });
  const deleted =
    deletion.state === "idle" && deletion.data && "message" in deletion.data ? deletion.data.message : undefined;

  return (
    <main className="reviews-screen">
      <ScreenHeader
        back={recipePath(menu.id)}
        backLabel={`Back to ${menu.name}`}
        title={
          <>
            Reviews <span className="reviews-menu-name">{menu.name}</span>
          </>
        }
      />
      {flash ? <Flash /> : <FormMessage type="success" message={deleted} />}
      {posted && "confirm" in posted ? (
        <ConfirmUpdate review={posted.confirm} redirectTo={backTo} />
      ) : (
        <ReviewForm
          recipeId={menu.id}
          hasReviewed={reviews.some((review) => review.user_id === userId)}
          redirectTo={posted ? backTo : reviewsPath(menu.id)}
          lastResult={posted?.result}
          headingLevel={2}
        />
      )}
      {reviews.length === 0 ? (
        <p className="reviews-empty">Be the first to leave a review!</p>
      ) : (
        <ul className="reviews-list" aria-label={`All reviews of ${menu.name}`}>
          {reviews.map((review) => (
            <li key={review.user_id}>
              <ReviewCard review={review}>
                {review.user_id === userId ? <DeleteOwnReview recipeId={menu.id} /> : null}
              </ReviewCard>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
