/**
 * Everything the suggestions screen shows: a page of ranked cards for the pantry and the choices in the address
 * (filters, meal, diets, allergies), each card with its reason worded, and what to say when the choices leave
 * few or none. The screen's route module imports only this server module for its loader (decision 069).
 */
import { parseIsoDay, usesReason } from "~/domain/shelf-life";
import {
  choiceLabel,
  filterLinks,
  PAGE_SIZE,
  parseSuggestionView,
  rankingChoices,
  sortLinks,
  sortSuggestions,
  suggestionViewSearch,
  withoutChoice,
} from "~/domain/suggestion-view";
import { getCook } from "./cook.server";
import { suggestionsForEveryone } from "./household.server";
import { readPantry } from "./pantry-store.server";
import { readPreferences } from "./preferences.server";
import { suggestionCardPage, type SuggestedCard } from "./recipe-search.server";
import { withRatings } from "./suggestion-facts.server";

/**
 * What a card shows, and nothing else: the data is sent, and hydrated, with the page (decisions 160 and 167). The
 * facts it was filtered and sorted on, and the pantry items it uses, stay here; the reason is worded from them.
 */
function shownCard(menu: SuggestedCard) {
  return {
    menu_id: menu.menu_id,
    menu_name: menu.menu_name,
    prep_time: menu.prep_time,
    cooking_time: menu.cooking_time,
    image: menu.image,
    ...(menu.image_srcset ? { image_srcset: menu.image_srcset } : {}),
    ...(menu.image_credit ? { image_credit: menu.image_credit } : {}),
    ...(menu.generated ? { generated: menu.generated } : {}),
    group: menu.group,
    allergens: menu.allergens,
    reason: usesReason(menu.uses.map((item) => ({ name: item.ingredient_name, daysLeft: item.days_left }))),
    have: menu.have,
    missing: menu.missing,
  };
}

/** With this few items, the screen says so when no suggestion uses all of them. */
const FEW_ITEMS = 4;

/** `path` is the screen's own, which its filter and sort links keep. */
export async function suggestionScreen(request: Request, path: string) {
  const cook = await getCook(request);
  const viewerId = cook.userId;
  const [pantry, everyone] = await Promise.all([
    readPantry(cook),
    cook.userId === null ? null : suggestionsForEveryone(cook),
  ]);
  // A guest's choices are in their session; a cook's were read with their household's.
  const ownPreferences = everyone?.own.preferences ?? (await readPreferences(cook));
  const ownAllergies = everyone?.own.allergies ?? [];
  // "For everyone" (decision 093): every member's diets and allergies with the cook's own
  const union = (own: string[], theirs: string[]) => (everyone?.on ? [...new Set([...own, ...theirs])] : own);
  const preferences = {
    ...ownPreferences,
    dietaryPreferences: union(ownPreferences.dietaryPreferences, everyone?.dietaryPreferences ?? []),
  };
  const allergies = union(ownAllergies, everyone?.allergies ?? []);
  const searchParams = new URL(request.url).searchParams;
  // "Cook with these" on Home: only recipes that use at least one of the named items
  const mustUse = [
    ...new Set(
      searchParams
        .getAll("use")
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean)
    ),
  ];
  const ingredients = pantry.map((item) => ({
    name: item.name,
    quantity: item.quantity,
    unit: item.unit,
    bestBefore: parseIsoDay(item.bestBefore),
    storage: item.storage,
  }));
  const view = parseSuggestionView(searchParams, preferences);
  const choices = rankingChoices(view, preferences);
  const page = await suggestionCardPage({
    ingredients,
    ...choices,
    allergies,
    mustUse,
    viewerId,
    limit: view.page * PAGE_SIZE,
  });
  const keep = new URLSearchParams(mustUse.map((name) => ["use", name]));
  const href = (next: typeof view) => `${path}${suggestionViewSearch(next, keep)}`;
  const menus = sortSuggestions(
    view.sort === "rated" ? await withRatings(page.items) : page.items.map((item) => ({ ...item, rating: null })),
    view.sort
  );
  const nonStaple = new Set(menus.flatMap((menu) => menu.uses.map((used) => used.ingredient_name)));
  const listedNames = pantry.map((item) => item.name);
  const usedByAll = (menu: (typeof menus)[number]) => menu.uses.length >= Math.min(nonStaple.size, listedNames.length);
  return {
    ingredientCount: pantry.length,
    forEveryone: everyone?.shared ? { on: everyone.on, diets: everyone.dietaryPreferences } : null,
    mustUse,
    total: page.total,
    menus: menus.map(shownCard),
    moreHref: page.total > menus.length ? href({ ...view, page: view.page + 1 }) : null,
    allergies: {
      hidden: view.showAllergens ? 0 : page.hiddenForAllergies,
      shown: view.showAllergens ? page.hiddenForAllergies : 0,
      showHref: href({ ...view, showAllergens: true, page: 1 }),
      hideHref: href({ ...view, showAllergens: false, page: 1 }),
    },
    occasion:
      page.occasionMode === null
        ? null
        : {
            mode: page.occasionMode,
            meals: choices.mealOccasions.join(" or "),
            count: page.occasionCount,
            anyHref: href(withoutChoice(view, { kind: "occasion", value: "" })),
          },
    anyMeal: view.anyMeal && preferences.mealOccasions.length > 0 ? href({ ...view, anyMeal: false, page: 1 }) : null,
    dietsIgnored:
      view.without.length > 0 ? { diets: view.without, keepHref: href({ ...view, without: [], page: 1 }) } : null,
    // A small pantry no recipe uses all of: say so, the list shows the closest.
    noneUsesAll:
      menus.length > 0 &&
      listedNames.length >= 2 &&
      listedNames.length <= FEW_ITEMS &&
      mustUse.length === 0 &&
      !menus.some(usedByAll)
        ? listedNames
        : null,
    emptyReasons:
      page.total === 0
        ? page.withoutChoice.map(({ choice, more }) => ({
            label: choiceLabel(choice),
            more,
            href: choice.kind === "use" ? path : href(withoutChoice(view, choice)),
          }))
        : [],
    filters: filterLinks(path, view, preferences),
    sorts: sortLinks(path, view),
  };
}
