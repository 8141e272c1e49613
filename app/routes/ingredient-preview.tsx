import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { PlusIcon } from "~/components/icons";
import { LoggedNotice, PantryItemList } from "~/components/pantry-item-forms";
import { PendingOverlay } from "~/components/pending-overlay";
import { useRefreshWhileOpen } from "~/components/use-refresh-while-open";
import { ScreenHeader } from "~/components/screen-header";
import { changeIngredientPreview, ingredientPreviewScreen } from "~/services/ingredient-preview-screen.server";
import { oneAtATimePerSession } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Your ingredients · Recipe Helper" }];
const PREVIEW = "/ingredient-preview";

export async function loader({ request }: LoaderFunctionArgs) {
  return ingredientPreviewScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changeIngredientPreview(request));
}

export default function IngredientPreviewScreen() {
  const { items, editKey, signedIn, logged, editConstraint } = useLoaderData<typeof loader>();
  // a household's pantry: what another member changed shows up
  useRefreshWhileOpen({ enabled: signedIn });
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failedEdit = actionData && "editKey" in actionData ? actionData : null;
  const editing = failedEdit?.editKey ?? editKey;
  const confirming = navigation.state === "loading" && navigation.location.pathname === "/preferences";

  return (
    <main className="ingredients-screen">
      <ScreenHeader
        back="/search"
        backLabel="Back to search"
        title="Your ingredients"
        end={
          <Link to="/search" className="icon-button screen-header-end" aria-label="Add more ingredients">
            <PlusIcon />
          </Link>
        }
      />
      <Flash />
      {logged ? <LoggedNotice logged={logged} action={PREVIEW} /> : null}

      {items.length === 0 ? (
        <p className="empty-state">No ingredients detected</p>
      ) : (
        <PantryItemList
          label="Ingredients"
          items={items}
          action={PREVIEW}
          signedIn={signedIn}
          editing={editing}
          failedEdit={failedEdit}
          constraint={editConstraint}
        />
      )}

      {items.length > 0 ? (
        <Link to="/preferences" className="button button-primary screen-cta">
          CONFIRM
        </Link>
      ) : (
        <button type="button" className="button button-primary screen-cta" disabled>
          CONFIRM
        </button>
      )}
      {confirming ? <PendingOverlay message="Creating your menu, just a moment!" /> : null}
    </main>
  );
}
