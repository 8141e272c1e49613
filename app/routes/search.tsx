import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CountBadge, itemCount } from "~/components/count-badge";
import { Flash, useFlash } from "~/components/flash";
import { useHydrated } from "~/components/forms";
import { CameraIcon, ListIcon, SearchIcon } from "~/components/icons";
import { IngredientCombobox } from "~/components/ingredient-combobox";
import { IngredientToggles } from "~/components/ingredient-toggles";
import { ScreenHeader } from "~/components/screen-header";
import { MAX_SEARCH_QUERY_LENGTH, searchIngredients } from "~/domain/ingredient-search";
import {
  INGREDIENT_ADDED,
  INGREDIENT_ADDED_POPUP_MS,
  NAME_REQUIRED_MESSAGE,
  alreadyListedMessage,
  cleanName,
  resolveName,
} from "~/domain/pantry";
import { RECOMMENDED_TOGGLES } from "~/domain/suggestions";
import { loadCatalogue } from "~/services/catalogue.server";
import {
  addToPantry,
  ingredientImages,
  parseSearchAction,
  readPantry,
  recordIngredientSearch,
  toggleAndGoBack,
} from "~/services/pantry.server";
import { firstSubmissionError, readForm } from "~/services/request.server";
import {
  oneAtATimePerSession,
  redirectWithFlash,
  startSessionIfNone,
  flashWaiting,
  type FlashMessage,
} from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Searching · Recipe Helper" }];
const MAX_RESULTS = 20;

function searchPath(query: string): string {
  return query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
}

function queryOf(value: unknown): string {
  return typeof value === "string" ? cleanName(value).slice(0, MAX_SEARCH_QUERY_LENGTH) : "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = queryOf(new URL(request.url).searchParams.get("q"));
  const [catalogue, items, shownAgain] = await Promise.all([
    loadCatalogue(),
    readPantry(request),
    flashWaiting(request),
  ]);
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  // The page shown again after adding from its results (a message waits for it) is not a new search.
  if (query && !shownAgain) await recordIngredientSearch(query);
  const results = query ? searchIngredients(catalogue, query, MAX_RESULTS) : [];
  const typed = query ? resolveName(catalogue, query) : null;
  // What was typed, as typed, when it is not one of the results ("grandma's chutney" → Other).
  const typedExtra =
    typed && !results.some((result) => result.key === typed.key) ? { name: typed.name, type: typed.type } : null;
  const images = new Map(
    (await ingredientImages([...results.map((result) => result.name), ...(typedExtra ? [typedExtra.name] : [])])).map(
      (image) => [image.ingredient, image.imageUrl]
    )
  );
  const listedKeys = items.map((item) => item.key);
  return data(
    {
      query,
      results: results.map((result) => ({ ...result, imageUrl: images.get(result.name)! })),
      typedExtra: typedExtra && { ...typedExtra, imageUrl: images.get(typedExtra.name)! },
      listedKeys,
      count: items.length,
      toggles: RECOMMENDED_TOGGLES.map((name) => ({
        name,
        listed: listedKeys.includes(resolveName(catalogue, name)!.key),
      })),
    },
    { headers }
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return oneAtATimePerSession(request, () => changeList(request));
}

async function changeList(request: Request) {
  const formData = await readForm(request);
  // Forms post to /search?q=<the search on screen>, so the same results show again afterwards.
  const back = searchPath(queryOf(new URL(request.url).searchParams.get("q")));
  const submission = parseSearchAction(formData);
  if (submission.status !== "success") {
    return redirectWithFlash(back, {
      type: "error",
      message: firstSubmissionError(submission, NAME_REQUIRED_MESSAGE).message,
    });
  }
  const { intent, name } = submission.value;
  if (intent === "toggle") return toggleAndGoBack(request, name, back);
  const added = await addToPantry(request, [{ name }]);
  if (!added.ok) return redirectWithFlash(back, { type: "error", message: added.message });
  const flash: FlashMessage =
    added.added.length > 0
      ? { type: "success", message: INGREDIENT_ADDED }
      : { type: "error", message: alreadyListedMessage(added.alreadyListed[0]?.name ?? name) };
  return redirectWithFlash(back, flash, added.headers);
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
  const { query, results, typedExtra, listedKeys, count, toggles } = useLoaderData<typeof loader>();
  const flash = useFlash();
  const submit = useSubmit();

  const addByName = (name: string) =>
    submit(
      { intent: "add", name },
      { method: "post", action: searchPath(query), preventScrollReset: true, replace: true }
    );

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

      {query ? (
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
                    <Form method="post" action={searchPath(query)} preventScrollReset replace>
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
        <IngredientToggles label="Recommended ingredients" toggles={toggles} action={searchPath(query)} />
      </section>

      <Link to="/ingredient-preview" className="button button-primary screen-cta">
        SEARCH FOR RECIPE
      </Link>
    </main>
  );
}
