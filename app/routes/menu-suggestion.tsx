import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FindingRecipesOverlay } from "~/components/pending-overlay";
import { RecipeList } from "~/components/recipe-list";
import { ScreenHeader } from "~/components/screen-header";
import type { SuggestionGroup } from "~/domain/ranking";
import type { ViewLink } from "~/domain/suggestion-view";
import { suggestionScreen } from "~/services/suggestion-screen.server";

export const meta: MetaFunction = () => [{ title: "Menu suggestions · Recipe Helper" }];
const PATH = "/menu-suggestion";

export async function loader({ request }: LoaderFunctionArgs) {
  return suggestionScreen(request, PATH);
}

const GROUP_LABELS: Record<SuggestionGroup, string> = {
  ready: "Ready now",
  "few-missing": "Missing 1–2",
  rest: "Missing more",
};

function FitLine({
  kind,
  label,
  names,
  none,
}: {
  kind: "have" | "missing";
  label: string;
  names: string[];
  none: string;
}) {
  return (
    <span className={`menu-fit menu-fit-${kind}`}>
      <span className="menu-fit-label">{label}:</span> {names.length > 0 ? names.join(", ") : none}
    </span>
  );
}

/** Links drawn as chips: each switches one filter (or picks the sort) and keeps the others. */
function ViewLinks({ label, links, kind }: { label: string; links: ViewLink[]; kind: "filter" | "sort" }) {
  return (
    <nav className={`view-links view-links-${kind}`} aria-label={label}>
      <span className="view-links-label" aria-hidden="true">
        {label}
      </span>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <Link
              to={link.href}
              className="view-chip"
              aria-current={link.active ? "true" : undefined}
              preventScrollReset
              replace
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function MenuSuggestionScreen() {
  const { menus, ingredientCount, mustUse, suggestionCount, filters, sorts } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loadingHere = navigation.state === "loading" && navigation.location.pathname === PATH;
  // A filter or sort reloads in place; coming from another screen, the search itself is under way.
  const refiltering = loadingHere && location.pathname === PATH;
  return (
    <main className="suggestions-screen">
      <ScreenHeader back="/preferences" backLabel="Back to preferences" title="Menu suggestions" />
      {mustUse.length > 0 ? (
        <p className="screen-lead">
          Recipes that use your {mustUse.join(", ")}. <Link to={PATH}>Show all suggestions</Link>
        </p>
      ) : null}
      {ingredientCount === 0 ? (
        <p className="screen-lead">
          You haven&apos;t added any ingredients yet, so these are simply recipes to try.{" "}
          <Link to="/search">Add ingredients</Link>
        </p>
      ) : null}
      {loadingHere && !refiltering ? <FindingRecipesOverlay /> : null}
      {suggestionCount === 0 ? (
        <p className="empty-state">No recommendations available.</p>
      ) : (
        <>
          <div className="suggestion-views">
            <ViewLinks label="Filters" links={filters} kind="filter" />
            <ViewLinks label="Sort by" links={sorts} kind="sort" />
          </div>
          <div aria-busy={refiltering} className="suggestion-results">
            {menus.length === 0 ? (
              <p className="empty-state">
                None of the {suggestionCount} suggestions fits these filters. <Link to={PATH}>Show all</Link>
              </p>
            ) : (
              <RecipeList
                label="Suggested recipes"
                items={menus.map((menu) => ({
                  ...menu,
                  key: menu.menu_id,
                  note: (
                    <>
                      <span className={`menu-group menu-group-${menu.group}`}>{GROUP_LABELS[menu.group]}</span>
                      {menu.reason ? <span className="menu-reason">{menu.reason}</span> : null}
                      <FitLine kind="have" label="You have" names={menu.have} none="none of it yet" />
                      <FitLine kind="missing" label="Missing" names={menu.missing} none="nothing" />
                    </>
                  ),
                }))}
              />
            )}
          </div>
        </>
      )}
    </main>
  );
}
