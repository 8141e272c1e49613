/**
 * The suggestions screen's quick filters and sort, carried in the address (so they are links that work without
 * JavaScript): ?ready=now|one, ?quick=30, ?cuisine=…, ?occasion=…, ?sort=pantry|quickest|rated.
 */

export const QUICK_MINUTES = 30;
/**
 * A filter (or "Cook with these") keeps only some suggestions, so it looks this far down the ranking for them:
 * "Under 30 min" shows the quick recipes that fit the pantry, not only the quick ones among the first 20.
 */
export const NARROWED_POOL = 200;

export type ReadyFilter = "now" | "one";
export type SuggestionSort = "pantry" | "quickest" | "rated";

export interface SuggestionView {
  ready: ReadyFilter | null;
  quick: boolean;
  cuisine: string | null;
  occasion: string | null;
  sort: SuggestionSort;
}

/** What the screen knows of each suggestion to filter and sort it. */
export interface SuggestionFacts {
  missing: readonly string[];
  prep_time: number | null;
  cooking_time: number | null;
  cuisines: readonly string[];
  occasions: readonly string[];
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

/** The view the address asks for; anything unknown (or a cuisine or occasion not chosen) is left out. */
export function parseSuggestionView(
  search: URLSearchParams,
  chosen: { cuisines: readonly string[]; mealOccasions: readonly string[] }
): SuggestionView {
  const ready = search.get("ready");
  const sort = search.get("sort");
  const cuisine = search.get("cuisine");
  const occasion = search.get("occasion");
  return {
    ready: ready === "now" || ready === "one" ? ready : null,
    quick: search.get("quick") === String(QUICK_MINUTES),
    cuisine: cuisine && chosen.cuisines.includes(cuisine) ? cuisine : null,
    occasion: occasion && chosen.mealOccasions.includes(occasion) ? occasion : null,
    sort: SORTS.some((option) => option.value === sort) ? (sort as SuggestionSort) : "pantry",
  };
}

/** Prep plus cooking time; null when neither is known. */
/** Whether the view leaves suggestions out (a sort only reorders them). */
export const narrowsSuggestions = (view: SuggestionView) =>
  view.ready !== null || view.quick || view.cuisine !== null || view.occasion !== null;

export function totalMinutes(facts: Pick<SuggestionFacts, "prep_time" | "cooking_time">): number | null {
  if (facts.prep_time === null && facts.cooking_time === null) return null;
  return (facts.prep_time ?? 0) + (facts.cooking_time ?? 0);
}

/**
 * The suggestions the view keeps, the best `limit` of them in ranking order, then sorted. "Best use of my pantry"
 * is the ranking's own order; the other sorts keep it among equals (and put unknown times and unrated recipes last).
 */
export function applySuggestionView<Item extends SuggestionFacts>(
  items: readonly Item[],
  view: SuggestionView,
  limit = Number.POSITIVE_INFINITY
): Item[] {
  const kept = items.filter((item) => {
    if (view.ready && item.missing.length > READY[view.ready].maxMissing) return false;
    const minutes = totalMinutes(item);
    if (view.quick && (minutes === null || minutes > QUICK_MINUTES)) return false;
    if (view.cuisine && !item.cuisines.includes(view.cuisine)) return false;
    if (view.occasion && !item.occasions.includes(view.occasion)) return false;
    return true;
  });
  const ranked = kept.slice(0, limit).map((item, rank) => ({ item, rank }));
  const last = Number.POSITIVE_INFINITY;
  if (view.sort === "quickest")
    ranked.sort((a, b) => (totalMinutes(a.item) ?? last) - (totalMinutes(b.item) ?? last) || a.rank - b.rank);
  if (view.sort === "rated") ranked.sort((a, b) => (b.item.rating ?? -1) - (a.item.rating ?? -1) || a.rank - b.rank);
  return ranked.map(({ item }) => item);
}

export function suggestionViewSearch(view: SuggestionView): string {
  const query = new URLSearchParams();
  if (view.ready) query.set("ready", view.ready);
  if (view.quick) query.set("quick", String(QUICK_MINUTES));
  if (view.cuisine) query.set("cuisine", view.cuisine);
  if (view.occasion) query.set("occasion", view.occasion);
  if (view.sort !== "pantry") query.set("sort", view.sort);
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
export function filterLinks(
  path: string,
  view: SuggestionView,
  chosen: { cuisines: readonly string[]; mealOccasions: readonly string[] }
): ViewLink[] {
  const link = (label: string, active: boolean, next: SuggestionView): ViewLink => ({
    label,
    active,
    href: `${path}${suggestionViewSearch(next)}`,
  });
  return [
    ...(Object.keys(READY) as ReadyFilter[]).map((ready) =>
      link(READY[ready].label, view.ready === ready, { ...view, ready: view.ready === ready ? null : ready })
    ),
    link(`Under ${QUICK_MINUTES} min`, view.quick, { ...view, quick: !view.quick }),
    ...chosen.cuisines.map((cuisine) =>
      link(cuisine, view.cuisine === cuisine, { ...view, cuisine: view.cuisine === cuisine ? null : cuisine })
    ),
    ...chosen.mealOccasions.map((occasion) =>
      link(occasion, view.occasion === occasion, { ...view, occasion: view.occasion === occasion ? null : occasion })
    ),
  ];
}

export function sortLinks(path: string, view: SuggestionView): ViewLink[] {
  return SORTS.map(({ value, label }) => ({
    label,
    active: view.sort === value,
    href: `${path}${suggestionViewSearch({ ...view, sort: value })}`,
  }));
}
