/**
 * The ranking as it was before issue 15 (share of the recipe covered first), kept for bench/ranking.ts only, so
 * the old and the new orders can be measured side by side on the same pantries. Not used by the app.
 */
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";

export interface RankableRecipe {
  id: number;
  name: string;
  /** ingredient ids of the lines that are not staples (salt, oil, water...): what a cook may have to buy */
  keyIngredientIds: readonly number[];
  /** ingredient ids of every line, staples included, in recipe order */
  ingredientIds: readonly number[];
  cuisines: readonly string[];
  occasions: readonly string[];
  diets: readonly string[];
  /** average review rating, null without reviews */
  rating: number | null;
}

export interface RankingPreferences {
  cuisines: readonly string[];
  dietaryPreferences: readonly string[];
  mealOccasions: readonly string[];
}

export interface RankingQuery extends RankingPreferences {
  /** ingredient ids the cook has */
  pantry: readonly number[];
}

export interface RankedRecipe {
  recipeId: number;
  /** names of the recipe's ingredients the cook has */
  have: string[];
  /** names of the recipe's non-staple ingredients the cook lacks */
  missing: string[];
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

function bitsOf(values: readonly string[], known: readonly string[]): number {
  let mask = 0;
  for (const value of values) {
    const bit = known.indexOf(value);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask;
}

interface Candidate {
  slot: number;
  /**
   * share of the recipe's non-staple ingredients the cook has, 0..1; division is correctly rounded, so equal
   * shares (1/2, 2/4) compare equal
   */
  coverage: number;
  keyHave: number;
  keyTotal: number;
  /** 1 for a chosen cuisine, 1 for a chosen meal occasion */
  preferenceMatches: number;
  /** how many of the cook's items the recipe uses up, staples included */
  used: number;
  rating: number;
  name: string;
}

/** Negative when a ranks before b. */
function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.coverage - a.coverage ||
    a.keyTotal - a.keyHave - (b.keyTotal - b.keyHave) ||
    b.preferenceMatches - a.preferenceMatches ||
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

/** The array, or a copy at least twice as long when it is shorter than `capacity`. */
function grown<T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(array: T, capacity: number): T {
  if (array.length >= capacity) return array;
  const larger = new (array.constructor as new (length: number) => T)(Math.max(capacity, array.length * 2, 16));
  larger.set(array);
  return larger;
}

/** Slots of the recipes using one ingredient. */
class Postings {
  slots = new Int32Array(0);
  length = 0;

  push(slot: number): void {
    this.slots = grown(this.slots, this.length + 1);
    this.slots[this.length++] = slot;
  }
}

/**
 * Counts the pantry ingredient's recipes: one more item used per slot, one more key ingredient the cook has
 * when `keyHave` is given; slots seen for the first time are appended to `touched`. Answers the new count of
 * touched slots.
 */
function tally(
  list: Postings | undefined,
  used: Uint16Array,
  keyHave: Uint16Array | null,
  touched: Int32Array,
  touchedCount: number
): number {
  if (!list) return touchedCount;
  const slots = list.slots;
  for (let i = 0; i < list.length; i++) {
    const slot = slots[i];
    if (used[slot]++ === 0) touched[touchedCount++] = slot;
    if (keyHave) keyHave[slot]++;
  }
  return touchedCount;
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
  private keyPostings = new Map<number, Postings>();
  private staplePostings = new Map<number, Postings>();
  /** per-slot counts of a query, kept between queries (zero outside one) so queries allocate little */
  private keyHaveCounts = new Uint16Array(0);
  private usedCounts = new Uint16Array(0);
  private touchedSlots = new Int32Array(0);

  constructor(private readonly ingredientNames: ReadonlyMap<number, string>) {}

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
    this.dietMasks[slot] = bitsOf(recipe.diets, DIETARY_PREFERENCES);
    this.cuisineMasks[slot] = bitsOf(recipe.cuisines, CUISINES);
    this.occasionMasks[slot] = bitsOf(recipe.occasions, MEAL_OCCASIONS);
    this.ratings[slot] = recipe.rating ?? 0;
    const keyIds = new Set(recipe.keyIngredientIds);
    this.keyTotals[slot] = keyIds.size;
    for (const id of keyIds) this.post(this.keyPostings, id, slot);
    for (const id of new Set(recipe.ingredientIds)) if (!keyIds.has(id)) this.post(this.staplePostings, id, slot);
  }

  private post(postings: Map<number, Postings>, ingredientId: number, slot: number): void {
    let list = postings.get(ingredientId);
    if (!list) postings.set(ingredientId, (list = new Postings()));
    list.push(slot);
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

  rank(query: RankingQuery, limit: number): RankedRecipe[] {
    if (limit <= 0) return [];
    const slotCount = this.recipes.length;
    const pantry = new Set(query.pantry);
    const requiredDiets = bitsOf(query.dietaryPreferences, DIETARY_PREFERENCES);
    const chosenCuisines = bitsOf(query.cuisines, CUISINES);
    const chosenOccasions = bitsOf(query.mealOccasions, MEAL_OCCASIONS);
    const keyHave = (this.keyHaveCounts = grown(this.keyHaveCounts, slotCount));
    const used = (this.usedCounts = grown(this.usedCounts, slotCount));
    const touched = (this.touchedSlots = grown(this.touchedSlots, slotCount));
    let touchedCount = 0;
    if (pantry.size === 0) {
      // With nothing in the pantry every recipe is a candidate; otherwise only those sharing an ingredient.
      for (let slot = 0; slot < slotCount; slot++) touched[slot] = slot;
      touchedCount = slotCount;
    }
    for (const id of pantry) {
      touchedCount = tally(this.keyPostings.get(id), used, keyHave, touched, touchedCount);
      touchedCount = tally(this.staplePostings.get(id), used, null, touched, touchedCount);
    }

    const { recipes, dietMasks, keyTotals, cuisineMasks, occasionMasks, ratings } = this;
    const top: Candidate[] = [];
    const candidate: Candidate = {
      slot: 0,
      coverage: 0,
      keyHave: 0,
      keyTotal: 0,
      preferenceMatches: 0,
      used: 0,
      rating: 0,
      name: "",
    };
    // The first rule alone refuses most candidates once the top is full.
    let lowestCoverage = -1;
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i];
      if ((dietMasks[slot] & requiredDiets) !== requiredDiets) continue;
      const keyTotal = keyTotals[slot];
      const coverage = keyTotal === 0 ? 1 : keyHave[slot] / keyTotal;
      const recipe = recipes[slot];
      if (coverage < lowestCoverage || !recipe) continue;
      candidate.slot = slot;
      candidate.coverage = coverage;
      candidate.keyHave = keyHave[slot];
      candidate.keyTotal = keyTotal;
      candidate.preferenceMatches =
        (cuisineMasks[slot] & chosenCuisines ? 1 : 0) + (occasionMasks[slot] & chosenOccasions ? 1 : 0);
      candidate.used = used[slot];
      candidate.rating = ratings[slot];
      candidate.name = recipe.name;
      insertIntoTop(top, candidate, limit);
      if (top.length === limit) lowestCoverage = top[limit - 1].coverage;
    }
    for (let i = 0; i < touchedCount; i++) keyHave[touched[i]] = used[touched[i]] = 0;

    const nameOf = (id: number) => this.ingredientNames.get(id) ?? String(id);
    return top.map((candidate) => {
      const recipe = this.recipes[candidate.slot]!;
      const keyIds = new Set(recipe.keyIngredientIds);
      const lineIds = [...new Set(recipe.ingredientIds)];
      return {
        recipeId: recipe.id,
        have: lineIds.filter((id) => pantry.has(id)).map(nameOf),
        missing: lineIds.filter((id) => keyIds.has(id) && !pantry.has(id)).map(nameOf),
      };
    });
  }
}

export function createRecipeIndex(
  recipes: readonly RankableRecipe[],
  ingredientNames: ReadonlyMap<number, string>
): RecipeIndex {
  const index = new SlottedRecipeIndex(ingredientNames);
  index.put(recipes);
  return index;
}
