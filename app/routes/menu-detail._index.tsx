import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { BackIcon } from "~/components/icons";
import { lastOpenedRecipeId } from "~/services/history.server";
import { requireUserId } from "~/services/session.server";
import styles from "~/styles/menu-detail.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

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
      <header className="menu-detail-header">
        <Link to="/home" className="icon-button" aria-label="Back">
          <BackIcon />
        </Link>
      </header>
      <h1 className="menu-detail-title">No recipe opened yet</h1>
      <p className="menu-hint">Tell us what&apos;s in your fridge and pick one of the recipes we suggest.</p>
      <Link to="/search" className="button button-primary">
        Find a recipe
      </Link>
    </main>
  );
}
