/**
 * The suggestions screen's choices carried in the address (so they are links that work without JavaScript):
 * quick filters ?ready=now|one, ?quick=30, ?cuisine=…, ?occasion=…; ?sort=pantry|quickest|rated; ?page=N (20 a
 * page, the first N shown); ?allergens=show (recipes hidden for the cook's allergies shown, marked); ?meal=any
 * (the chosen occasions not applied); ?without=<diet> (a chosen diet not applied to this list). The filters are
 * passed to the ranking, which looks at every candidate (docs/ranking.md "Choices").
 */
import type { Choice, QuickFilters, RankingPreferences } from "./ranking";

export const QUICK_MINUTES = 30;
export const PAGE_SIZE = 20;
/** The most pages one address shows (500 recipes). */
export const MAX_PAGES = 25;

export type ReadyFilter = "now" | "one";
export type SuggestionSort = "pantry" | "quickest" | "rated";

export interface SuggestionView {
  ready: ReadyFilter | null;
  quick: boolean;
  cuisine: string | null;
  occasion: string | null;
  sort: SuggestionSort;
  /** pages shown, 1 or more */
  page: number;
  showAllergens: boolean;
  anyMeal: boolean;
  /** chosen diets not applied to this list */
  without: string[];
}

/** What the screen knows of each suggestion to sort it. */
export interface SuggestionFacts {
  missing: readonly string[];
  prep_time: number | null;
  cooking_time: number | null;
  /** the average star rating, null before the first review */
  rating: number | null;
}

export const SORTS: { value: SuggestionSort; label: string }[] = [
  { value: "pantry", label: "Best use of my pantry" },
  { value: "quickest", label: "Quickest" },
  { value: "rated", label: "Best rated" },
];

const READY: Record<ReadyFilter, { label: string; maxMissing: number }> = {
  now: { label: "Ready now", maxMissing: 0 },
  one: { label: "Missing one", maxMissing: 1 },
};

type Chosen = Pick<RankingPreferences, "cuisines" | "mealOccasions" | "dietaryPreferences">;

/** The view the address asks for; anything unknown (or a cuisine, occasion or diet not chosen) is left out. */
export function parseSuggestionView(search: URLSearchParams, chosen: Chosen): SuggestionView {
  const ready = search.get("ready");
  const sort = search.get("sort");
  const cuisine = search.get("cuisine");
  const occasion = search.get("occasion");
  const page = Number.parseInt(search.get("page") ?? "", 10);
  return {
    ready: ready === "now" || ready === "one" ? ready : null,
    quick: search.get("quick") === String(QUICK_MINUTES),
    cuisine: cuisine && chosen.cuisines.includes(cuisine) ? cuisine : null,
    occasion: occasion && chosen.mealOccasions.includes(occasion) ? occasion : null,
    sort: SORTS.some((option) => option.value === sort) ? (sort as SuggestionSort) : "pantry",
    page: Number.isFinite(page) ? Math.min(MAX_PAGES, Math.max(1, page)) : 1,
    showAllergens: search.get("allergens") === "show",
    anyMeal: search.get("meal") === "any",
    without: chosen.dietaryPreferences.filter((diet) => search.getAll("without").includes(diet)),
  };
}

/** The ranking's choices for this view of the cook's preferences. */
export function rankingChoices(view: SuggestionView, chosen: Chosen) {
  const filters: QuickFilters = {
    maxMissing: view.ready ? READY[view.ready].maxMissing : null,
    maxMinutes: view.quick ? QUICK_MINUTES : null,
    cuisine: view.cuisine,
  };
  return {
    cuisines: chosen.cuisines,
    dietaryPreferences: chosen.dietaryPreferences.filter((diet) => !view.without.includes(diet)),
    mealOccasions: view.anyMeal ? [] : view.occasion ? [view.occasion] : chosen.mealOccasions,
    filters,
    showAllergens: view.showAllergens,
  };
}

export function totalMinutes(facts: Pick<SuggestionFacts, "prep_time" | "cooking_time">): number | null {
  if (facts.prep_time === null && facts.cooking_time === null) return null;
  return (facts.prep_time ?? 0) + (facts.cooking_time ?? 0);
}

/**
 * The suggestions sorted as the view asks. "Best use of my pantry" is the ranking's own order; the other sorts
 * keep it among equals (and put unknown times and unrated recipes last).
 */
export function sortSuggestions<Item extends SuggestionFacts>(items: readonly Item[], sort: SuggestionSort): Item[] {
  const ranked = items.map((item, rank) => ({ item, rank }));
  const last = Number.POSITIVE_INFINITY;
  if (sort === "quickest")
    ranked.sort((a, b) => (totalMinutes(a.item) ?? last) - (totalMinutes(b.item) ?? last) || a.rank - b.rank);
  if (sort === "rated") ranked.sort((a, b) => (b.item.rating ?? -1) - (a.item.rating ?? -1) || a.rank - b.rank);
  return ranked.map(({ item }) => item);
}

export function suggestionViewSearch(view: SuggestionView, extra?: URLSearchParams): string {
  const query = new URLSearchParams(extra);
  if (view.ready) query.set("ready", view.ready);
  if (view.quick) query.set("quick", String(QUICK_MINUTES));
  if (view.cuisine) query.set("cuisine", view.cuisine);
  if (view.occasion) query.set("occasion", view.occasion);
  if (view.sort !== "pantry") query.set("sort", view.sort);
  if (view.page > 1) query.set("page", String(view.page));
  if (view.showAllergens) query.set("allergens", "show");
  if (view.anyMeal) query.set("meal", "any");
  for (const diet of view.without) query.append("without", diet);
  const search = query.toString();
  return search ? `?${search}` : "";
}

export interface ViewLink {
  label: string;
  /** the address with this filter switched (on if off, off if on) or this sort chosen */
  href: string;
  active: boolean;
}

/** The quick filters as links: ready now / missing one, under 30 minutes, each chosen cuisine and occasion. */
export function filterLinks(path: string, view: SuggestionView, chosen: Chosen): ViewLink[] {
  // a filter changes the list: back to its first page
  const link = (label: string, active: boolean, next: SuggestionView): ViewLink => ({
    label,
    active,
    href: `${path}${suggestionViewSearch({ ...next, page: 1 })}`,
  });
  return [
    ...(Object.keys(READY) as ReadyFilter[]).map((ready) =>
      link(READY[ready].label, view.ready === ready, { ...view, ready: view.ready === ready ? null : ready })
    ),
    link(`Under ${QUICK_MINUTES} min`, view.quick, { ...view, quick: !view.quick }),
    ...chosen.cuisines.map((cuisine) =>
      link(cuisine, view.cuisine === cuisine, { ...view, cuisine: view.cuisine === cuisine ? null : cuisine })
    ),
    ...(chosen.mealOccasions.length > 1 && !view.anyMeal
      ? chosen.mealOccasions.map((occasion) =>
          link(occasion, view.occasion === occasion, {
            ...view,
            occasion: view.occasion === occasion ? null : occasion,
          })
        )
      : []),
  ];
}

export function sortLinks(path: string, view: SuggestionView): ViewLink[] {
  return SORTS.map(({ value, label }) => ({
    label,
    active: view.sort === value,
    href: `${path}${suggestionViewSearch({ ...view, sort: value })}`,
  }));
}

/** The view without one choice: what the empty state's links offer. */
export function withoutChoice(view: SuggestionView, choice: Choice): SuggestionView {
  switch (choice.kind) {
    case "diet":
      return { ...view, page: 1, without: [...view.without, choice.value] };
    case "occasion":
      return { ...view, page: 1, occasion: null, anyMeal: true };
    case "ready":
      return { ...view, page: 1, ready: null };
    case "quick":
      return { ...view, page: 1, quick: false };
    case "cuisine":
      return { ...view, page: 1, cuisine: null };
    case "use":
      return { ...view, page: 1 };
  }
}

/** How the empty state names a choice: "your Keto diet", "Breakfast", "Ready now". */
export function choiceLabel(choice: Choice): string {
  switch (choice.kind) {
    case "diet":
      return `your ${choice.value} diet`;
    case "occasion":
      return `the meal (${choice.value})`;
    case "ready":
      return "the Ready now / Missing one filter";
    case "quick":
      return `Under ${QUICK_MINUTES} min`;
    case "cuisine":
      return `the ${choice.value} filter`;
    case "use":
      return "the items you picked to cook with";
  }
}
