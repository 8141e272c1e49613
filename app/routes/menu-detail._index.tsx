import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ScreenHeader } from "~/components/screen-header";
import { lastOpenedRecipeId } from "~/services/history.server";
import { requireUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Recipe · Recipe Helper" }];

/** /menu-detail: the recipe the cook opened last. */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  const recipeId = await lastOpenedRecipeId(userId);
  if (recipeId !== null) throw redirect(`/menu-detail/${recipeId}`);
  return null;
}

export default function NoRecipeYet() {
  return (
    <main className="menu-detail">
      <ScreenHeader back="/home" backLabel="Back" title="No recipe opened yet" />
      <p className="menu-hint">Tell us what&apos;s in your fridge and pick one of the recipes we suggest.</p>
      <Link to="/search" className="button button-primary">
        Find a recipe
      </Link>
    </main>
  );
}
