import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RecipeList } from "~/components/recipe-list";
import { listFavorites } from "~/services/favorites.server";
import { requireUserId } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Liked Meals · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireUserId(request);
  return { favorites: await listFavorites(userId) };
}

export default function FavoritesScreen() {
  const { favorites } = useLoaderData<typeof loader>();
  return (
    <main className="recipe-list-screen">
      <h1>Liked Meals</h1>
      {favorites.length === 0 ? (
        <p className="recipe-list-empty">
          No liked meals yet. Tap the heart on a recipe to keep it here. <Link to="/search">Find a recipe</Link>
        </p>
      ) : (
        <RecipeList label="Liked meals" items={favorites.map((menu) => ({ ...menu, key: menu.menu_id }))} />
      )}
    </main>
  );
}
