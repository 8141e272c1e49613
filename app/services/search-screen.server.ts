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
import { looksLikeList, MAX_TYPED_LIST_LENGTH } from "~/domain/typed-list";
import { loadCatalogue } from "./catalogue.server";
import { getCook } from "./cook.server";
import { ingredientImages } from "./ingredient-images.server";
import { recordIngredientSearch } from "./ingredient-popularity.server";
import { addTypedList, parseSearchAction, toggleAndGoBack, typedListView } from "./pantry-forms.server";
import { addToPantry, readPantry } from "./pantry-store.server";
import { firstSubmissionError, readForm } from "./request.server";
import { redirectWithFlash, startSessionIfNone, flashWaiting, type FlashMessage } from "./session.server";

const MAX_RESULTS = 20;

/** The screen's address for a search: its forms post there, so the same results show again afterwards. */
function searchPath(query: string): string {
  return query ? `/search?${new URLSearchParams({ q: query })}` : "/search";
}

/** What was typed: one name (cleaned, as long as a search may be), or a list of several as typed. */
function queryOf(request: Request): { query: string; list: string | null } {
  const value = new URL(request.url).searchParams.get("q");
  if (typeof value !== "string") return { query: "", list: null };
  const raw = value.slice(0, MAX_TYPED_LIST_LENGTH);
  if (looksLikeList(raw)) return { query: raw.trim(), list: raw };
  return { query: cleanName(value).slice(0, MAX_SEARCH_QUERY_LENGTH), list: null };
}

export async function searchScreen(request: Request) {
  const { query, list } = queryOf(request);
  const [catalogue, items, shownAgain] = await Promise.all([
    loadCatalogue(),
    getCook(request).then(readPantry),
    flashWaiting(request),
  ]);
  const headers = new Headers();
  await startSessionIfNone(request, headers);
  // The page shown again after adding from its results (a message waits for it) is not a new search.
  if (query && !list && !shownAgain) await recordIngredientSearch(query);
  const results = query && !list ? searchIngredients(catalogue, query, MAX_RESULTS) : [];
  const typed = query && !list ? resolveName(catalogue, query) : null;
  // What was typed, as typed, when it is not one of the results ("grandma's chutney" → Other).
  const typedExtra =
    typed && !results.some((result) => result.key === typed.key) ? { name: typed.name, type: typed.type } : null;
  const images = new Map(
    (await ingredientImages([...results.map((result) => result.name), ...(typedExtra ? [typedExtra.name] : [])])).map(
      (image) => [image.ingredient, image.imageUrl]
    )
  );
  const listedKeys = items.map((item) => item.key);
  const typedList = list ? typedListView(catalogue, list, listedKeys) : null;
  return data(
    {
      query,
      typedList,
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
  const back = searchPath(queryOf(request).query);
  if (formData.get("intent") === "add-all") return addTypedList(await getCook(request), formData, back);
  const submission = parseSearchAction(formData);
  if (submission.status !== "success") {
    return redirectWithFlash(back, {
      type: "error",
      message: firstSubmissionError(submission, NAME_REQUIRED_MESSAGE).message,
    });
  }
  const { intent, name, quantity, unit } = submission.value;
  const cook = await getCook(request);
  if (intent === "toggle") return toggleAndGoBack(cook, name, back);
  const added = await addToPantry(cook, [{ name, quantity, unit }]);
  if (!added.ok) return redirectWithFlash(back, { type: "error", message: added.message });
  const flash: FlashMessage =
    added.added.length > 0
      ? { type: "success", message: INGREDIENT_ADDED }
      : { type: "error", message: alreadyListedMessage(added.alreadyListed[0]?.name ?? name) };
  return redirectWithFlash(back, flash, added.headers);
}
