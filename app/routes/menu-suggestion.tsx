import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FindingRecipesOverlay } from "~/components/pending-overlay";
import { RecipeList, recipeListLinks } from "~/components/recipe-list";
import { ScreenHeader } from "~/components/screen-header";
import { readPantry } from "~/services/pantry.server";
import { readPreferences } from "~/services/preferences.server";
import { usesReason } from "~/domain/pantry-input";
import type { SuggestionGroup } from "~/domain/ranking";
import { suggestRecipeCards } from "~/services/recipe-search.server";
import styles from "~/styles/suggestions.css";

export const meta: MetaFunction = () => [{ title: "Menu suggestions · Recipe Helper" }];
export const links: LinksFunction = () => [...recipeListLinks(), { rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [pantry, preferences] = await Promise.all([readPantry(request), readPreferences(request)]);
  const menus = await suggestRecipeCards({ ingredients: pantry.map((item) => item.name), ...preferences });
  return { ingredientCount: pantry.length, menus };
}

const GROUP_LABELS: Record<SuggestionGroup, string> = {
  ready: "Ready now",
  "few-missing": "Missing 1–2",
  rest: "Missing more",
};

function FitLine({ kind, label, names, none }: { kind: "have" | "missing"; label: string; names: string[]; none: string }) {
  return (
    <span className={`menu-fit menu-fit-${kind}`}>
      <span className="menu-fit-label">{label}:</span> {names.length > 0 ? names.join(", ") : none}
    </span>
  );
}

export default function MenuSuggestionScreen() {
  const { menus, ingredientCount } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/menu-suggestion";
  return (
    <main className="suggestions-screen">
      <ScreenHeader back="/preferences" backLabel="Back to preferences" title="Menu suggestions" />
      {ingredientCount === 0 ? (
        <p className="screen-lead">
          You haven&apos;t added any ingredients yet, so these are simply recipes to try. <Link to="/search">Add ingredients</Link>
        </p>
      ) : null}
      {reloading ? <FindingRecipesOverlay /> : null}
      {menus.length === 0 ? (
        <p className="empty-state">No recommendations available.</p>
      ) : (
        <RecipeList
          label="Suggested recipes"
          items={menus.map((menu) => ({
            ...menu,
            key: menu.menu_id,
            note: (
              <>
                <span className={`menu-group menu-group-${menu.group}`}>{GROUP_LABELS[menu.group]}</span>
                {menu.uses.length > 0 ? (
                  <span className="menu-reason">
                    {usesReason(menu.uses.map((item) => ({ name: item.ingredient_name, daysLeft: item.days_left })))}
                  </span>
                ) : null}
                <FitLine kind="have" label="You have" names={menu.have} none="none of it yet" />
                <FitLine kind="missing" label="Missing" names={menu.missing} none="nothing" />
              </>
            ),
          }))}
        />
      )}
    </main>
  );
}
