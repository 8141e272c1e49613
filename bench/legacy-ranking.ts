/**
 * The ranking as it was before issue 27 (issue 15's: the first priority window, then ready / missing 1–2 / rest,
 * then the food rescued less the shopping), kept for bench/ranking.ts only, so the old and the new orders can be
 * measured side by side on the same pantries and scenarios. Not used by the app.
 */
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { bitsOf, familyOf, grown, keepingDays, lineGrams, Postings, urgency } from "~/domain/ranking";
import type { ShelfLife, Storage } from "~/domain/shelf-life";

export interface RankableRecipe {
  id: number;
  name: string;
  /** ingredient ids of the lines that are not staples (salt, oil, water...): what a cook may have to buy */
  keyIngredientIds: readonly number[];
  /** ingredient ids of every line, staples included, in recipe order */
  ingredientIds: readonly number[];
  /** grams of each line of `ingredientIds` (same order), null where the quantity does not tell; absent: unknown */
  ingredientGrams?: readonly (number | null)[];
  cuisines: readonly string[];
  occasions: readonly string[];
  diets: readonly string[];
  /** average review rating, null without reviews */
  rating: number | null;
  /** who may be suggested it: 0 or absent, everyone; else the id of the one user whose private recipe it is */
  visibleTo?: number;
}

/** What the index knows of a catalogue ingredient. */
export interface RankingIngredient {
  name: string;
  /** id of the more general ingredient it is a kind of (pork for pork shoulder), or null */
  parentId: number | null;
  /** the catalogue's figures; without them an undated item counts as keeping DEFAULT_DAYS_LEFT days */
  shelfLife?: ShelfLife;
}

export interface RankingPreferences {
  cuisines: readonly string[];
  dietaryPreferences: readonly string[];
  mealOccasions: readonly string[];
}

/** One item of the cook's pantry. */
export interface PantryEntry {
  ingredientId: number;
  /** the cook's wording ("cherry tomatoes"), said back in `uses`; the ingredient's name when absent */
  name?: string;
  /** grams the cook has; unknown when absent */
  grams?: number | null;
  /** days to its best-before day (negative once past); when absent, the ingredient's shelf life where it is kept */
  daysLeft?: number | null;
  /** where it is kept; when absent, the ingredient's usual place */
  storage?: Storage | null;
}

export interface RankingQuery extends RankingPreferences {
  pantry: readonly PantryEntry[];
  /** the user asking: their private recipes are ranked with everyone's, others' never are; absent or null, a guest */
  viewerId?: number | null;
}

/**
 * Recipes using perishable food that spoils soon come first, in these windows of days left (expired food in the
 * first): what spoils by tomorrow, then within 3 days, then within a week. Within a window, the groups.
 */
export const PRIORITY_WINDOWS = [1, 3, 7] as const;
/** Food that keeps this many days or fewer where it is kept is perishable; only it earns a priority window. */
export const PERISHABLE_DAYS = 14;

/** ready: nothing to buy; few-missing: one or two non-staple ingredients to buy; rest: more. */
export const SUGGESTION_GROUPS = ["ready", "few-missing", "rest"] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number];
/** The most non-staple ingredients a "few-missing" recipe lacks. */
export const FEW_MISSING = 2;

/** A pantry item a recipe uses, most urgent first. */
export interface UsedItem {
  name: string;
  daysLeft: number;
  /** grams of it the recipe would use (at most what the cook has), null when neither amount is known */
  grams: number | null;
}

export interface RankedRecipe {
  recipeId: number;
  /** names of the recipe's ingredients the cook has (directly, or through a more general or specific item) */
  have: string[];
  /** names of the recipe's non-staple ingredients the cook lacks */
  missing: string[];
  /** the pantry's non-staple items the recipe uses, most urgent first */
  uses: UsedItem[];
  group: SuggestionGroup;
  /** rescued food less the cost of shopping, plus the preference bonus (docs/ranking.md) */
  score: number;
}

export interface RecipeIndex {
  /** recipes in the index */
  readonly size: number;
  rank(query: RankingQuery, limit: number): RankedRecipe[];
  /** Adds recipes, each replacing the one indexed under the same id. */
  put(recipes: readonly RankableRecipe[]): void;
  /** Sets every recipe's average rating; recipes missing from `ratings` have none. */
  setRatings(ratings: ReadonlyMap<number, number>): void;
}

/** Days an undated item of an ingredient without shelf-life figures is taken to keep. */
export const DEFAULT_DAYS_LEFT = 7;
/** Weight of a recipe line whose quantity gives none. */
export const DEFAULT_LINE_GRAMS = 100;
/** When the cook gave no amount, a recipe is taken to rescue at most this much of an item (a usual pack). */
export const UNKNOWN_AMOUNT_CAP_GRAMS = 500;
/** Score lost per non-staple ingredient to buy: the value of rescuing 100 g of food with about a week left. */
export const BUY_COST = 0.1;
/** Score gained for carrying a chosen cuisine, and again for a chosen meal occasion. */
export const PREFERENCE_BONUS = 0.05;

/** Index of the priority window of an item with these days left, -1 when not perishable or not due soon. */
export function priorityWindow(daysLeft: number, keeps: number): number {
  return keeps <= PERISHABLE_DAYS ? PRIORITY_WINDOWS.findIndex((days) => daysLeft <= days) : -1;
}

interface Candidate {
  slot: number;
  /** the first priority window an item the recipe uses falls in; PRIORITY_WINDOWS.length for none */
  tier: number;
  /** 0 ready, 1 few missing, 2 rest */
  group: number;
  score: number;
  /** how many of the recipe's lines the cook has, staples included */
  used: number;
  rating: number;
  name: string;
}

/** Negative when a ranks before b. */
function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.tier - b.tier ||
    a.group - b.group ||
    b.score - a.score ||
    b.used - a.used ||
    b.rating - a.rating ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/**
 * Keeps the best `limit` candidates in order, inserting a copy of `candidate` (a scratch object the caller
 * reuses); most candidates are refused by one comparison with the last.
 */
function insertIntoTop(top: Candidate[], candidate: Candidate, limit: number): void {
  if (top.length === limit && compareCandidates(candidate, top[limit - 1]) >= 0) return;
  let low = 0;
  let high = top.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareCandidates(candidate, top[middle]) < 0) high = middle;
    else low = middle + 1;
  }
  top.splice(low, 0, { ...candidate });
  if (top.length > limit) top.pop();
}

/** A pantry item as the query uses it: one per ingredient, the most urgent date and the amounts added up. */
interface QueryItem {
  ingredientId: number;
  name: string;
  daysLeft: number;
  /** null: unknown */
  grams: number | null;
  urgency: number;
  /** index of its priority window, -1 when it is not perishable or not due within the last one */
  window: number;
  /** the item itself, its more general and its more specific ingredients */
  relatives: readonly number[];
}

/**
 * Every recipe has a slot; a replaced recipe leaves a dead slot behind (skipped by queries) and takes a new one,
 * so updates never rewrite posting lists. When dead slots outnumber live ones, the index is laid out afresh.
 */
class SlottedRecipeIndex implements RecipeIndex {
  private recipes: (RankableRecipe | undefined)[] = [];
  private slotOf = new Map<number, number>();
  private deadSlots = 0;
  private dietMasks = new Uint16Array(0);
  private cuisineMasks = new Uint16Array(0);
  private occasionMasks = new Uint8Array(0);
  private keyTotals = new Uint16Array(0);
  private ratings = new Float64Array(0);
  /** per slot: 0, everyone's recipe; else the id of the user whose private recipe it is */
  private owners = new Int32Array(0);
  private keyPostings = new Map<number, Postings>();
  private staplePostings = new Map<number, Postings>();
  /** per-slot figures of a query, kept between queries (zero outside one) so queries allocate little */
  private keyHaveCounts = new Uint16Array(0);
  private usedCounts = new Uint16Array(0);
  private rescue = new Float64Array(0);
  /** per slot: 1 + the first priority window of the items the recipe uses, 0 for none */
  private windows = new Uint8Array(0);
  private touchedSlots = new Int32Array(0);
  private readonly relatives: (id: number) => readonly number[];

  constructor(private readonly ingredients: ReadonlyMap<number, RankingIngredient>) {
    this.relatives = familyOf(ingredients);
  }

  get size(): number {
    return this.slotOf.size;
  }

  put(recipes: readonly RankableRecipe[]): void {
    for (const recipe of recipes) {
      const previous = this.slotOf.get(recipe.id);
      if (previous !== undefined) {
        this.recipes[previous] = undefined;
        this.deadSlots++;
      }
      this.append(recipe);
    }
    if (this.deadSlots > this.slotOf.size) this.layOutAfresh();
  }

  setRatings(ratings: ReadonlyMap<number, number>): void {
    for (const [id, slot] of this.slotOf) this.ratings[slot] = ratings.get(id) ?? 0;
  }

  private append(recipe: RankableRecipe): void {
    const slot = this.recipes.length;
    this.recipes.push(recipe);
    this.slotOf.set(recipe.id, slot);
    const capacity = slot + 1;
    this.dietMasks = grown(this.dietMasks, capacity);
    this.cuisineMasks = grown(this.cuisineMasks, capacity);
    this.occasionMasks = grown(this.occasionMasks, capacity);
    this.keyTotals = grown(this.keyTotals, capacity);
    this.ratings = grown(this.ratings, capacity);
    this.owners = grown(this.owners, capacity);
    this.owners[slot] = recipe.visibleTo ?? 0;
    this.dietMasks[slot] = bitsOf(recipe.diets, DIETARY_PREFERENCES);
    this.cuisineMasks[slot] = bitsOf(recipe.cuisines, CUISINES);
    this.occasionMasks[slot] = bitsOf(recipe.occasions, MEAL_OCCASIONS);
    this.ratings[slot] = recipe.rating ?? 0;
    const keyIds = new Set(recipe.keyIngredientIds);
    this.keyTotals[slot] = keyIds.size;
    const gramsOf = lineGrams(recipe);
    for (const id of keyIds) this.post(this.keyPostings, id, slot, gramsOf.get(id) ?? null);
    for (const id of new Set(recipe.ingredientIds)) if (!keyIds.has(id)) this.post(this.staplePostings, id, slot, null);
  }

  private post(postings: Map<number, Postings>, ingredientId: number, slot: number, grams: number | null): void {
    let list = postings.get(ingredientId);
    if (!list) postings.set(ingredientId, (list = new Postings()));
    list.push(slot, grams);
  }

  private layOutAfresh(): void {
    const live = this.recipes.filter((recipe): recipe is RankableRecipe => recipe !== undefined);
    const ratings = new Map(live.map((recipe) => [recipe.id, this.ratings[this.slotOf.get(recipe.id)!]]));
    this.recipes = [];
    this.slotOf = new Map();
    this.deadSlots = 0;
    this.keyPostings = new Map();
    this.staplePostings = new Map();
    for (const recipe of live) this.append({ ...recipe, rating: ratings.get(recipe.id)! });
  }

  /** The pantry as the query uses it: one item per ingredient, the most urgent date, the amounts added up. */
  private queryItems(pantry: readonly PantryEntry[]): QueryItem[] {
    const byIngredient = new Map<number, QueryItem>();
    for (const entry of pantry) {
      const ingredient = this.ingredients.get(entry.ingredientId);
      const keeps = keepingDays(ingredient, entry.storage);
      const daysLeft = entry.daysLeft ?? keeps;
      const grams = entry.grams ?? null;
      const dated = { daysLeft, urgency: urgency(daysLeft), window: priorityWindow(daysLeft, keeps) };
      const known = byIngredient.get(entry.ingredientId);
      if (known) {
        known.grams = known.grams === null || grams === null ? null : known.grams + grams;
        if (daysLeft < known.daysLeft) Object.assign(known, dated);
        continue;
      }
      byIngredient.set(entry.ingredientId, {
        ingredientId: entry.ingredientId,
        name: entry.name ?? ingredient?.name ?? String(entry.ingredientId),
        grams,
        ...dated,
        relatives: this.relatives(entry.ingredientId),
      });
    }
    return [...byIngredient.values()];
  }

  rank(query: RankingQuery, limit: number): RankedRecipe[] {
    if (limit <= 0) return [];
    const slotCount = this.recipes.length;
    const items = this.queryItems(query.pantry);
    const requiredDiets = bitsOf(query.dietaryPreferences, DIETARY_PREFERENCES);
    const chosenCuisines = bitsOf(query.cuisines, CUISINES);
    const chosenOccasions = bitsOf(query.mealOccasions, MEAL_OCCASIONS);
    const keyHave = (this.keyHaveCounts = grown(this.keyHaveCounts, slotCount));
    const used = (this.usedCounts = grown(this.usedCounts, slotCount));
    const rescue = (this.rescue = grown(this.rescue, slotCount));
    const soon = (this.windows = grown(this.windows, slotCount));
    const touched = (this.touchedSlots = grown(this.touchedSlots, slotCount));
    let touchedCount = 0;
    if (items.length === 0) {
      // With nothing in the pantry every recipe is a candidate; otherwise only those sharing an ingredient.
      for (let slot = 0; slot < slotCount; slot++) touched[slot] = slot;
      touchedCount = slotCount;
    }
    const covered = new Set<number>();
    for (const item of items) {
      for (const id of item.relatives) {
        const keyList = this.keyPostings.get(id);
        if (!covered.has(id)) {
          covered.add(id);
          const staples = this.staplePostings.get(id);
          if (keyList) touchedCount = tally(keyList, used, keyHave, touched, touchedCount);
          if (staples) touchedCount = tally(staples, used, null, touched, touchedCount);
        }
        if (keyList) addRescue(keyList, rescue, item, soon);
      }
    }

    const { recipes, dietMasks, keyTotals, cuisineMasks, occasionMasks, ratings, owners } = this;
    const viewer = query.viewerId ?? 0;
    const top: Candidate[] = [];
    const candidate: Candidate = { slot: 0, tier: 0, group: 0, score: 0, used: 0, rating: 0, name: "" };
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i];
      // Skipped before taking a place: another user's private recipe never pushes a recipe out of the top.
      if (owners[slot] !== 0 && owners[slot] !== viewer) continue;
      if ((dietMasks[slot] & requiredDiets) !== requiredDiets) continue;
      const missing = keyTotals[slot] - keyHave[slot];
      const preferences =
        (cuisineMasks[slot] & chosenCuisines ? 1 : 0) + (occasionMasks[slot] & chosenOccasions ? 1 : 0);
      const tier = soon[slot] ? soon[slot] - 1 : PRIORITY_WINDOWS.length;
      const group = missing === 0 ? 0 : missing <= FEW_MISSING ? 1 : 2;
      const score = rescue[slot] - BUY_COST * missing + PREFERENCE_BONUS * preferences;
      // Once the top is full, most candidates fall behind its last on these numbers alone.
      const last = top.length === limit ? top[limit - 1] : null;
      if (last && (tier - last.tier || group - last.group || last.score - score) > 0) continue;
      const recipe = recipes[slot];
      if (!recipe) continue;
      candidate.slot = slot;
      candidate.tier = tier;
      candidate.group = group;
      candidate.score = score;
      candidate.used = used[slot];
      candidate.rating = ratings[slot];
      candidate.name = recipe.name;
      insertIntoTop(top, candidate, limit);
    }
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i];
      keyHave[slot] = used[slot] = soon[slot] = 0;
      rescue[slot] = 0;
    }
    return top.map((found) => this.describe(this.recipes[found.slot]!, found, items, covered));
  }

  private describe(recipe: RankableRecipe, found: Candidate, items: QueryItem[], covered: Set<number>): RankedRecipe {
    const nameOf = (id: number) => this.ingredients.get(id)?.name ?? String(id);
    const keyIds = new Set(recipe.keyIngredientIds);
    const lineIds = [...new Set(recipe.ingredientIds)];
    const gramsOf = lineGrams(recipe);
    const uses: UsedItem[] = [];
    for (const item of items) {
      const lines = item.relatives.filter((id) => keyIds.has(id));
      if (lines.length === 0) continue;
      const known = lines.map((id) => gramsOf.get(id) ?? null);
      const needed = known.every((grams) => grams === null)
        ? null
        : known.reduce<number>((sum, grams) => sum + (grams ?? 0), 0);
      const grams = needed === null ? item.grams : item.grams === null ? needed : Math.min(needed, item.grams);
      uses.push({ name: item.name, daysLeft: item.daysLeft, grams });
    }
    uses.sort((a, b) => a.daysLeft - b.daysLeft);
    return {
      recipeId: recipe.id,
      have: lineIds.filter((id) => covered.has(id)).map(nameOf),
      missing: lineIds.filter((id) => keyIds.has(id) && !covered.has(id)).map(nameOf),
      uses,
      group: SUGGESTION_GROUPS[found.group],
      score: found.score,
    };
  }
}

/**
 * Counts the covered ingredient's recipes: one more line the cook has per slot, one more key ingredient they
 * have when `keyHave` is given; slots seen for the first time are appended to `touched`. Answers the new count
 * of touched slots.
 */
function tally(
  list: Postings,
  used: Uint16Array,
  keyHave: Uint16Array | null,
  touched: Int32Array,
  touchedCount: number
): number {
  const slots = list.slots;
  for (let i = 0; i < list.length; i++) {
    const slot = slots[i];
    if (used[slot]++ === 0) touched[touchedCount++] = slot;
    if (keyHave) keyHave[slot]++;
  }
  return touchedCount;
}

/**
 * Adds what each recipe of the list would rescue of one pantry item: urgency × grams rescued / 100 g; when the
 * item falls in a priority window, keeps in `windows` the first window each recipe reaches (1 + its index).
 */
function addRescue(list: Postings, rescue: Float64Array, item: QueryItem, windows: Uint8Array): void {
  const { slots, grams } = list;
  const cap = item.grams ?? UNKNOWN_AMOUNT_CAP_GRAMS;
  const mark = item.window + 1;
  for (let i = 0; i < list.length; i++) {
    const slot = slots[i];
    const line = grams[i];
    const needed = line === line ? line : DEFAULT_LINE_GRAMS; // NaN: unknown
    rescue[slot] += (item.urgency * (needed < cap ? needed : cap)) / 100;
    if (mark && (windows[slot] === 0 || mark < windows[slot])) windows[slot] = mark;
  }
}

export function createRecipeIndex(
  recipes: readonly RankableRecipe[],
  ingredients: ReadonlyMap<number, RankingIngredient>
): RecipeIndex {
  const index = new SlottedRecipeIndex(ingredients);
  index.put(recipes);
  return index;
}
