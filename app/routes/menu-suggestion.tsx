import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FindingRecipesOverlay } from "~/components/pending-overlay";
import { RecipeList } from "~/components/recipe-list";
import { ScreenHeader } from "~/components/screen-header";
import { useFormBusy } from "~/components/use-form-busy";
import { useLinkNavigation } from "~/components/use-link-navigation";
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
      <span className="menu-fit-label">{`${label}:`}</span>
      {` ${names.length > 0 ? names.join(", ") : none}`}
    </span>
  );
}

/**
 * Links drawn as chips: each switches one filter (or picks the sort) and keeps the others, in place (the address
 * replaced, the scroll kept). Plain links with one handler, as the cards' (decision 167).
 */
function ViewLinks({ label, links, kind }: { label: string; links: ViewLink[]; kind: "filter" | "sort" }) {
  const follow = useLinkNavigation({ replace: true, preventScrollReset: true });
  return (
    <nav className={`view-links view-links-${kind}`} aria-label={label}>
      <span className="view-links-label" aria-hidden="true">
        {label}
      </span>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a
              href={link.href}
              className="view-chip"
              aria-current={link.active ? "true" : undefined}
              data-discover="true"
              onClick={follow}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "tofu and broccoli", "eggs, bread and milk" */
function spokenList(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function ChoiceNotes({ data }: { data: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { occasion, anyMeal, dietsIgnored, allergies, noneUsesAll } = data;
  return (
    <>
      {occasion?.mode === "closest" ? (
        <p className="screen-lead choice-note">
          Only {occasion.count} {occasion.meals} {occasion.count === 1 ? "recipe uses" : "recipes use"} your
          ingredients; the closest other recipes follow.
        </p>
      ) : null}
      {occasion?.mode === "filter" ? (
        <p className="screen-lead choice-note">
          {occasion.meals} recipes. <Link to={occasion.anyHref}>Show every meal</Link>
        </p>
      ) : null}
      {anyMeal ? (
        <p className="screen-lead choice-note">
          Showing every meal. <Link to={anyMeal}>Only my chosen meals</Link>
        </p>
      ) : null}
      {dietsIgnored ? (
        <p className="screen-lead choice-note">
          Not applying your {spokenList(dietsIgnored.diets)} {dietsIgnored.diets.length === 1 ? "diet" : "diets"} to
          this list.{" "}
          <Link to={dietsIgnored.keepHref}>Apply {dietsIgnored.diets.length === 1 ? "it" : "them"} again</Link>
        </p>
      ) : null}
      {allergies.hidden > 0 ? (
        <p className="screen-lead allergy-note">
          {allergies.hidden} hidden for your allergies — <Link to={allergies.showHref}>show them</Link>
        </p>
      ) : null}
      {allergies.shown > 0 ? (
        <p className="screen-lead allergy-note">
          Showing {allergies.shown} {allergies.shown === 1 ? "recipe" : "recipes"} with your allergens, marked.{" "}
          <Link to={allergies.hideHref}>Hide them</Link>
        </p>
      ) : null}
      {noneUsesAll ? (
        <p className="screen-lead choice-note">
          No recipe uses all of {spokenList(noneUsesAll)}; the closest come first.
        </p>
      ) : null}
    </>
  );
}

function EmptyState({ reasons }: { reasons: { label: string; more: number; href: string }[] }) {
  return (
    <div className="empty-state">
      <p>No recommendations available.</p>
      {reasons.length > 0 ? (
        <ul className="empty-reasons">
          {reasons.map((reason) => (
            <li key={reason.href}>
              {reason.more} {reason.more === 1 ? "recipe is" : "recipes are"} left out by {reason.label}.{" "}
              <Link to={reason.href}>Show them without it</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** In a household of more than one: suggestions that suit every member's diets and allergies, or the cook's own. */
function ForEveryoneSwitch({ on, diets, back }: { on: boolean; diets: string[]; back: string }) {
  const switching = useFormBusy({ fields: { intent: "for-everyone" } });
  return (
    <Form method="post" action="/household" className="for-everyone">
      <input type="hidden" name="intent" value="for-everyone" />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="on" value={on ? "false" : "true"} />
      <span>
        {on ? `For everyone in your household${diets.length > 0 ? ` (${diets.join(", ")})` : ""}` : "For you only"}
      </span>
      <button type="submit" className="button button-secondary button-small" disabled={switching}>
        {switching ? "Switching..." : on ? "Suit only me" : "Suit everyone"}
      </button>
    </Form>
  );
}

export default function MenuSuggestionScreen() {
  const data = useLoaderData<typeof loader>();
  const { menus, ingredientCount, mustUse, total, filters, sorts, moreHref, emptyReasons } = data;
  const navigation = useNavigation();
  const location = useLocation();
  const loadingHere = navigation.state === "loading" && navigation.location.pathname === PATH;
  // A filter or sort reloads in place; coming from another screen, the search itself is under way.
  const refiltering = loadingHere && location.pathname === PATH;
  const followInPlace = useLinkNavigation({ replace: true, preventScrollReset: true });
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
      {data.forEveryone ? <ForEveryoneSwitch {...data.forEveryone} back={location.pathname + location.search} /> : null}
      {loadingHere && !refiltering ? <FindingRecipesOverlay /> : null}
      <ChoiceNotes data={data} />
      <div className="suggestion-views">
        <ViewLinks label="Filters" links={filters} kind="filter" />
        <ViewLinks label="Sort by" links={sorts} kind="sort" />
      </div>
      <div aria-busy={refiltering} className="suggestion-results">
        {total === 0 ? (
          <EmptyState reasons={emptyReasons} />
        ) : (
          <>
            <RecipeList
              label="Suggested recipes"
              planIt
              items={menus.map((menu) => ({
                ...menu,
                key: menu.menu_id,
                note: (
                  <>
                    <span className={`menu-group menu-group-${menu.group}`}>{GROUP_LABELS[menu.group]}</span>
                    {menu.allergens.length > 0 ? (
                      <span className="menu-allergens">Contains your allergen: {menu.allergens.join(", ")}</span>
                    ) : null}
                    {menu.reason ? <span className="menu-reason">{menu.reason}</span> : null}
                    <FitLine kind="have" label="You have" names={menu.have} none="none of it yet" />
                    <FitLine kind="missing" label="Missing" names={menu.missing} none="nothing" />
                  </>
                ),
              }))}
            />
            <p className="list-count">{`Showing ${menus.length} of ${total}`}</p>
            {moreHref ? (
              <a href={moreHref} className="button show-more" data-discover="true" onClick={followInPlace}>
                Show 20 more
              </a>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
