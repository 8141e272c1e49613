/**
 * /cooked/{completionId}: "Update your pantry" after a meal, on its own page (the form the recipe screen shows
 * inline with JavaScript posts here too). `?servings=N`: the servings the cook made, for the prefilled amounts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { PantryUpdate } from "~/components/pantry-update";
import { ScreenHeader } from "~/components/screen-header";
import { ServingsEaten } from "~/components/servings-eaten";
import { changeCooked, cookedScreen } from "~/services/cooked-screen.server";

export const meta: MetaFunction = () => [{ title: "Update your pantry · Recipe Helper" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return cookedScreen(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return changeCooked(request, params.id);
}

export default function CookedScreen() {
  const { view, servingsNote, servings } = useLoaderData<typeof loader>();
  return (
    <main className="pantry-update-screen">
      <ScreenHeader
        back={`/menu-detail/${view.recipeId}`}
        backLabel={`Back to ${view.recipeName}`}
        title="Update your pantry"
      />
      <Flash />
      <p>
        You cooked <Link to={`/menu-detail/${view.recipeId}`}>{view.recipeName}</Link>.{servingsNote}
      </p>
      <PantryUpdate view={view} back="page" />
      {servings ? <ServingsEaten servings={servings} /> : null}
      <p>
        <Link to="/ingredient-preview">See your pantry</Link>
      </p>
    </main>
  );
}
