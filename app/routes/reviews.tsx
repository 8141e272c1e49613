import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Flash, FormMessage, useFlash } from "~/components/flash";
import { ConfirmReviewDialog, DeleteReview, ReviewCard, ReviewForm, reviewsPath } from "~/components/reviews-section";
import { ScreenHeader } from "~/components/screen-header";
import { changeReview, reviewsScreen } from "~/services/reviews-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Reviews of ${data.menu.name} · Recipe Helper` : "Reviews · Recipe Helper" },
];

const recipePath = (recipeId: number) => `/menu-detail/${recipeId}`;

export async function loader({ request }: LoaderFunctionArgs) {
  return reviewsScreen(request);
}

/**
 * Creates, replaces (after confirmation) or deletes the signed-in user's review. Forms sent by a fetcher
 * get action data back; forms posted without JavaScript carry redirectTo and are redirected there.
 */
export async function action({ request }: ActionFunctionArgs) {
  return changeReview(request);
}

type Confirmation = { menu_id: number; rating: number; comment: string };

/** Without JavaScript: the confirm step before a review replaces the user's earlier one. */
function ConfirmUpdate({ review, redirectTo }: { review: Confirmation; redirectTo: string }) {
  const navigate = useNavigate();
  const cancelPath = `${redirectTo}#reviews`;
  return (
    <ConfirmReviewDialog id="review-confirm" question="update" onClose={() => navigate(cancelPath)}>
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
    </ConfirmReviewDialog>
  );
}

const deleteFetcherKey = (recipeId: number) => `delete-review-${recipeId}`;

/** Without JavaScript: the question before the cook's review is deleted, answered by a plain form. */
function ConfirmDelete({ recipeId, back }: { recipeId: number; back: string }) {
  const navigate = useNavigate();
  return (
    <ConfirmReviewDialog id="review-delete-confirm" question="delete" onClose={() => navigate(back)}>
      <Form method="post" action={reviewsPath(recipeId)} className="modal-dialog-actions">
        <input type="hidden" name="menu_id" value={recipeId} />
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" name="intent" value="delete" className="button button-primary">
          Delete review
        </button>
        <Link to={back} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmReviewDialog>
  );
}

export default function ReviewsScreen() {
  const { menu, reviews, userId, askDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Only a post without JavaScript brings the form here (its errors or the confirm step).
  const posted = actionData && "redirectTo" in actionData ? actionData : undefined;
  const backTo = posted?.redirectTo ?? recipePath(menu.id);
  const flash = useFlash();
  const deletion = useFetcher<typeof action>({ key: deleteFetcherKey(menu.id) });
  const deleted =
    deletion.state === "idle" && deletion.data && "message" in deletion.data ? deletion.data.message : undefined;
  const deleteError =
    deletion.state === "idle" && deletion.data && "result" in deletion.data
      ? deletion.data.result.error?.[""]?.[0]
      : undefined;
  const ownReview = reviews.find((review) => review.user_id === userId) ?? null;

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
      <FormMessage type="error" message={deleteError} />
      {askDelete && ownReview ? <ConfirmDelete recipeId={menu.id} back={askDelete.back} /> : null}
      {posted && "confirm" in posted ? (
        <ConfirmUpdate review={posted.confirm} redirectTo={backTo} />
      ) : (
        <ReviewForm
          recipeId={menu.id}
          ownReview={ownReview}
          withDelete={false}
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
                {review.user_id === userId ? (
                  <DeleteReview recipeId={menu.id} back={reviewsPath(menu.id)} fetcherKey={deleteFetcherKey(menu.id)} />
                ) : null}
              </ReviewCard>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
