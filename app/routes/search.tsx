import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CountBadge, itemCount } from "~/components/count-badge";
import { Flash, useFlash } from "~/components/flash";
import { useHydrated } from "~/components/use-hydrated";
import { CameraIcon, ListIcon, SearchIcon } from "~/components/icons";
import { IngredientCombobox } from "~/components/ingredient-combobox";
import { IngredientToggles } from "~/components/ingredient-toggles";
import { ScreenHeader } from "~/components/screen-header";
import { TypedListBox, TypedListResults } from "~/components/typed-list";
import { INGREDIENT_ADDED, INGREDIENT_ADDED_POPUP_MS } from "~/domain/ingredient-added";
import { changeSearchList, searchScreen } from "~/services/search-screen.server";
import { oneAtATimePerSession, type FlashMessage } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Searching · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return searchScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changeSearchList(request));
}

/** 'Ingredient added.' for 2 s with JavaScript; without it, a status line until the next page. */
function AddedPopup({ flash }: { flash: FlashMessage }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), INGREDIENT_ADDED_POPUP_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  if (hydrated && !shown) return null;
  return <p className="added-popup">{flash.message}</p>;
}

export default function SearchScreen() {
  const { query, typedList, path, results, typedExtra, listedKeys, count, toggles } = useLoaderData<typeof loader>();
  const flash = useFlash();
  const submit = useSubmit();

  const addByName = (name: string) =>
    submit({ intent: "add", name }, { method: "post", action: path, preventScrollReset: true, replace: true });

  return (
    <main className="ingredients-screen">
      <ScreenHeader
        back="/home"
        backLabel="Back to Home"
        title="Searching"
        end={
          <Link
            to="/ingredient-preview"
            className="icon-button screen-header-end"
            aria-label={`Ingredient list, ${itemCount(count)}`}
          >
            <ListIcon />
            <CountBadge count={count} />
          </Link>
        }
      />

      <div role="status" aria-live="polite" className="popup-region">
        {flash?.message === INGREDIENT_ADDED ? <AddedPopup flash={flash} /> : null}
      </div>
      {flash?.message !== INGREDIENT_ADDED ? <Flash /> : null}

      <div className="search-row">
        <Form method="get" action="/search" role="search" className="search-box">
          <SearchIcon />
          <IngredientCombobox key={query} defaultQuery={query} listedKeys={listedKeys} onPick={addByName} />
          <button type="submit" className="search-submit">
            Search
          </button>
        </Form>
        <Link to="/camera-search" className="icon-button" aria-label="Add ingredients with the camera">
          <CameraIcon />
        </Link>
      </div>

      <TypedListBox action="/search" name="q" />

      {typedList ? <TypedListResults items={typedList} list={query} path={path} listedNote="In your list" /> : null}

      {query && !typedList ? (
        <section aria-labelledby="results-title" className="search-results">
          <h2 id="results-title">Results for “{query}”</h2>
          {results.length === 0 ? <p className="muted">No ingredient in our list matches “{query}”.</p> : null}
          <ul className="ingredient-rows">
            {[...results, ...(typedExtra ? [{ ...typedExtra, key: "", via: null }] : [])].map((result) => {
              const listed = result.key !== "" && listedKeys.includes(result.key);
              return (
                <li key={result.key || `typed:${result.name}`} className="ingredient-row">
                  <img src={result.imageUrl} alt="" width={40} height={40} />
                  <span className="ingredient-row-text">
                    <span className="ingredient-name">
                      {result.key === "" ? `Add “${result.name}” as typed` : result.name}
                      {result.via ? <span className="muted"> ({result.via})</span> : null}
                    </span>
                    <span className="ingredient-type">{result.type}</span>
                  </span>
                  {listed ? (
                    <span className="listed-note">In your list</span>
                  ) : (
                    <Form method="post" action={path} preventScrollReset replace>
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="name" value={result.name} />
                      <button type="submit" className="button button-small" aria-label={`Add ${result.name}`}>
                        Add
                      </button>
                    </Form>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="recommended-title" className="recommended">
        <h2 id="recommended-title">Recommended</h2>
        <IngredientToggles label="Recommended ingredients" toggles={toggles} action={path} />
      </section>

      <Link to="/ingredient-preview" className="button button-primary screen-cta">
        SEARCH FOR RECIPE
      </Link>
    </main>
  );
}
