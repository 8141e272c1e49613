/**
 * Everything the suggestions screen shows: the ranked cards narrowed by "Cook with these" and the screen's
 * filters, each with its reason already worded. The screen's route module imports only this server module for
 * its loader (decision 069).
 */
import { parseIsoDay, usesReason } from "~/domain/shelf-life";
import {
  applySuggestionView,
  filterLinks,
  NARROWED_POOL,
  narrowsSuggestions,
  parseSuggestionView,
  sortLinks,
} from "~/domain/suggestion-view";
import { readPantry } from "./pantry.server";
import { readPreferences } from "./preferences.server";
import { SUGGESTION_LIMIT, suggestRecipeCards } from "./recipe-search.server";
import { getUserId } from "./session.server";
import { withSuggestionFacts } from "./suggestion-facts.server";

/** `path` is the screen's own, which its filter and sort links keep. */
export async function suggestionScreen(request: Request, path: string) {
  const [pantry, preferences, viewerId] = await Promise.all([
    readPantry(request),
    readPreferences(request),
    getUserId(request),
  ]);
  const searchParams = new URL(request.url).searchParams;
  // "Cook with these" on Home: only recipes that use at least one of the named items
  const mustUse = new Set(
    searchParams
      .getAll("use")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean)
  );
  const ingredients = pantry.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    unit: item.unit,
    bestBefore: parseIsoDay(item.bestBefore),
    storage: item.storage,
  }));
  const view = parseSuggestionView(searchParams, preferences);
  const narrowed = mustUse.size > 0 || narrowsSuggestions(view);
  const ranked = await suggestRecipeCards({
    ingredients,
    ...preferences,
    viewerId,
    limit: narrowed ? NARROWED_POOL : SUGGESTION_LIMIT,
  });
  const candidates =
    mustUse.size === 0 ? ranked : ranked.filter((card) => card.uses.some((used) => mustUse.has(used.ingredient_name)));
  const menus = applySuggestionView(await withSuggestionFacts(candidates), view, SUGGESTION_LIMIT);
  return {
    ingredientCount: pantry.length,
    mustUse: [...mustUse],
    suggestionCount: Math.min(candidates.length, SUGGESTION_LIMIT),
    menus: menus.map((menu) => ({
      ...menu,
      reason: usesReason(menu.uses.map((item) => ({ name: item.ingredient_name, daysLeft: item.days_left }))),
    })),
    filters: filterLinks(path, view, preferences),
    sorts: sortLinks(path, view),
  };
}
