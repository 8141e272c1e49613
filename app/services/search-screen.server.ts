/**
 * The ingredient search screen: what it shows for a search, and the changes its forms post (add a result, add
 * what was typed, switch a recommended ingredient). The screen's route module imports only this server module
 * for its loader and action (decision 069).
 */
import { data } from "@remix-run/node";
import { INGREDIENT_ADDED } from "~/domain/ingredient-added";
import { MAX_SEARCH_QUERY_LENGTH, searchIngredients } from "~/domain/ingredient-search";
import { NAME_REQUIRED_MESSAGE, alreadyListedMessage, cleanName, resolveName } from "~/domain/pantry";
import { RECOMMENDED_TOGGLES } from "~/domain/suggestions";
import { loadCatalogue } from "./catalogue.server";
import {
  addToPantry,
  ingredientImages,
  parseSearchAction,
  readPantry,
  recordIngredientSearch,
  toggleAndGoBack,
} from "./pantry.server";
import { firstSubmissionError, readForm } from "./request.server";
import { redirectWithFlash, startSessionIfNone, flashWaiting, type FlashMessage } from "./session.server";

const MAX_RESULTS = 20;

/** The screen's address for a search: its forms post there, so the same results show again afterwards. */
function searchPath(query: string): string {
  return query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
}

function queryOf(request: Request): string {
  const value = new URL(request.url).searchParams.get("q");
  return typeof value === "string" ? cleanName(value).slice(0, MAX_SEARCH_QUERY_LENGTH) : "";
}

export async function searchScreen(request: Request) {
  const query = queryOf(request);
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
      path: searchPath(query),
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

/** A form of the screen: back to the same search with 'Ingredient added.', the item removed, or why not. */
export async function changeSearchList(request: Request): Promise<Response> {
  const formData = await readForm(request);
  const back = searchPath(queryOf(request));
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
