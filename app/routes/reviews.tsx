import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Flash, FormMessage, useFlash } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { ConfirmUpdateDialog, ReviewCard, ReviewForm, reviewsPath } from "~/components/reviews-section";
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
          ownReview={reviews.find((review) => review.user_id === userId) ?? null}
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
