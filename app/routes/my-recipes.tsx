import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Flash } from "~/components/flash";
import { RecipeImage } from "~/components/recipe-image";
import { ScreenHeader } from "~/components/screen-header";
import { useFormBusy } from "~/components/use-form-busy";
import { formatMinutes } from "~/domain/menu-format";
import { MAX_SEARCH_LENGTH } from "~/domain/my-recipe-messages";
import { changeMyRecipes, myRecipesScreen } from "~/services/my-recipes-screen.server";

export const meta: MetaFunction = () => [{ title: "My recipes · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return myRecipesScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return changeMyRecipes(request);
}

type Screen = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * The list's address (`screen.back`: its search and page, as the server read them from the address) with another
 * query (page, the recipe to delete). The forms post to the list's address, so the cook comes back to it.
 */
function addressWith(screen: Screen, change: Record<string, string | number | null>) {
  const params = new URLSearchParams(screen.back.split("?")[1]);
  for (const [key, value] of Object.entries(change)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/my-recipes?${query}` : "/my-recipes";
}

function ConfirmDelete({ screen, recipe }: { screen: Screen; recipe: NonNullable<Screen["confirmDelete"]> }) {
  const deleting = useFormBusy({ fields: { intent: "delete", id: String(recipe.id) } });
  return (
    <section
      className="my-recipes-confirm"
      role="alertdialog"
      aria-labelledby="delete-title"
      aria-describedby="delete-what"
    >
      <h2 id="delete-title">Delete “{recipe.name}”?</h2>
      <p id="delete-what">
        It goes from your recipes, and from every meal plan, favourites list and history it is in; its reviews go too.
        Meals you cooked from it still count. This cannot be undone.
      </p>
      <Form method="post" action={screen.back} className="my-recipes-actions">
        <input type="hidden" name="id" value={recipe.id} />
        <button type="submit" name="intent" value="delete" className="button button-danger" disabled={deleting}>
          {deleting ? "Deleting..." : "Delete recipe"}
        </button>
        <Link to={addressWith(screen, { delete: null })} className="button button-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

function RecipeRow({ screen, recipe }: { screen: Screen; recipe: Screen["recipes"][number] }) {
  const toggling = useFormBusy({ fields: { intent: recipe.shared ? "private" : "share", id: String(recipe.id) } });
  return (
    <li className="my-recipes-item">
      <Link to={`/menu-detail/${recipe.id}`} className="my-recipes-open">
        <RecipeImage src={recipe.image} width={64} height={64} loading="lazy" className="my-recipes-image" />
        <span className="my-recipes-body">
          <span className="my-recipes-name">{recipe.name}</span>
          <span className="my-recipes-meta">
            {recipe.shared ? "Shared with everyone" : "Private"} · Prep time {formatMinutes(recipe.prepTime)} · Cooking
            time {formatMinutes(recipe.cookingTime)}
          </span>
        </span>
      </Link>
      <div className="my-recipes-actions">
        <Link to={`/my-recipes/${recipe.id}`} className="button button-secondary" aria-label={`Edit ${recipe.name}`}>
          Edit
        </Link>
        <Form method="post" action={screen.back}>
          <input type="hidden" name="id" value={recipe.id} />
          <button
            type="submit"
            name="intent"
            value={recipe.shared ? "private" : "share"}
            className="button button-secondary"
            disabled={toggling}
            aria-label={`${recipe.shared ? "Make private" : "Share"}: ${recipe.name}`}
          >
            {toggling ? "Saving..." : recipe.shared ? "Make private" : "Share"}
          </button>
        </Form>
        <Link
          to={addressWith(screen, { delete: recipe.id })}
          className="button button-secondary"
          aria-label={`Delete ${recipe.name}`}
        >
          Delete
        </Link>
      </div>
    </li>
  );
}

function Pages({ screen }: { screen: Screen }) {
  if (screen.pages <= 1) return null;
  return (
    <nav className="my-recipes-pages" aria-label="Pages">
      {screen.page > 1 ? (
        <Link to={addressWith(screen, { page: screen.page - 1 })} rel="prev">
          Previous
        </Link>
      ) : null}
      <span>
        Page {screen.page} of {screen.pages}
      </span>
      {screen.page < screen.pages ? (
        <Link to={addressWith(screen, { page: screen.page + 1 })} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

export default function MyRecipesScreen() {
  const screen = useLoaderData<typeof loader>();
  const searching = useFormBusy({ action: "/my-recipes", method: "GET" });
  const counted = `${screen.total} ${screen.total === 1 ? "recipe" : "recipes"}`;
  return (
    <main className="my-recipes">
      <ScreenHeader
        back="/account"
        backLabel="Back to Account"
        title="My recipes"
        end={
          <Link to="/import" className="button button-secondary screen-header-end">
            Import
          </Link>
        }
      />
      <Flash />
      {screen.confirmDelete ? <ConfirmDelete screen={screen} recipe={screen.confirmDelete} /> : null}
      <Form method="get" action="/my-recipes" role="search" className="my-recipes-search">
        <div className="field">
          <label htmlFor="my-recipes-q">Search my recipes by name</label>
          <input
            id="my-recipes-q"
            name="q"
            type="search"
            defaultValue={screen.search}
            key={screen.search}
            maxLength={MAX_SEARCH_LENGTH}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </Form>
      {screen.owned === 0 ? (
        <p className="recipe-list-empty">
          You have not imported or added any recipes yet. <Link to="/import">Import a recipe</Link>
        </p>
      ) : screen.total === 0 ? (
        <p className="recipe-list-empty">No recipe of yours is called anything like “{screen.search}”.</p>
      ) : (
        <>
          <p className="my-recipes-count" role="status">
            {screen.search ? `${counted} found` : counted}
          </p>
          <ul className="my-recipes-list" aria-label="My recipes">
            {screen.recipes.map((recipe) => (
              <RecipeRow key={recipe.id} screen={screen} recipe={recipe} />
            ))}
          </ul>
          <Pages screen={screen} />
        </>
      )}
    </main>
  );
}
