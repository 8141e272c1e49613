/**
 * Orders recipes for "what can I cook with what I have" (docs/ranking.md explains the order).
 * An index is built once over the cookbook: an inverted index ingredient id → recipes, so a query only
 * visits recipes sharing something with the pantry, and bit masks for tags, so filters cost one AND.
 */
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "./constants";

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
  readonly size: number;
  rank(query: RankingQuery, limit: number): RankedRecipe[];
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
  index: number;
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

/** Keeps the best `limit` candidates in order; most candidates are refused by one comparison with the last. */
function insertIntoTop(top: Candidate[], candidate: Candidate, limit: number): void {
  if (top.length === limit && compareCandidates(candidate, top[limit - 1]) >= 0) return;
  let low = 0;
  let high = top.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareCandidates(candidate, top[middle]) < 0) high = middle;
    else low = middle + 1;
  }
  top.splice(low, 0, candidate);
  if (top.length > limit) top.pop();
}

export function createRecipeIndex(recipes: readonly RankableRecipe[], ingredientNames: ReadonlyMap<number, string>): RecipeIndex {
  const count = recipes.length;
  const dietMasks = new Uint16Array(count);
  const cuisineMasks = new Uint16Array(count);
  const occasionMasks = new Uint8Array(count);
  const keyTotals = new Uint16Array(count);
  const ratings = new Float64Array(count);
  const keyPostings = new Map<number, number[]>();
  const staplePostings = new Map<number, number[]>();
  const post = (postings: Map<number, number[]>, ingredientId: number, recipeIndex: number) => {
    const list = postings.get(ingredientId);
    if (list) list.push(recipeIndex);
    else postings.set(ingredientId, [recipeIndex]);
  };

  recipes.forEach((recipe, index) => {
    dietMasks[index] = bitsOf(recipe.diets, DIETARY_PREFERENCES);
    cuisineMasks[index] = bitsOf(recipe.cuisines, CUISINES);
    occasionMasks[index] = bitsOf(recipe.occasions, MEAL_OCCASIONS);
    ratings[index] = recipe.rating ?? 0;
    const keyIds = new Set(recipe.keyIngredientIds);
    keyTotals[index] = keyIds.size;
    for (const id of keyIds) post(keyPostings, id, index);
    for (const id of new Set(recipe.ingredientIds)) if (!keyIds.has(id)) post(staplePostings, id, index);
  });
  const frozen = (postings: Map<number, number[]>) => new Map([...postings].map(([id, list]) => [id, Int32Array.from(list)]));
  const keyIndex = frozen(keyPostings);
  const stapleIndex = frozen(staplePostings);
  const nameOf = (id: number) => ingredientNames.get(id) ?? String(id);

  function rank(query: RankingQuery, limit: number): RankedRecipe[] {
    if (limit <= 0) return [];
    const pantry = new Set(query.pantry);
    const requiredDiets = bitsOf(query.dietaryPreferences, DIETARY_PREFERENCES);
    const chosenCuisines = bitsOf(query.cuisines, CUISINES);
    const chosenOccasions = bitsOf(query.mealOccasions, MEAL_OCCASIONS);
    const keyHave = new Uint16Array(count);
    const used = new Uint16Array(count);
    const touched: number[] = [];
    const touch = (postings: Map<number, Int32Array>, id: number, isKey: boolean) => {
      const list = postings.get(id);
      if (!list) return;
      for (let i = 0; i < list.length; i++) {
        const recipeIndex = list[i];
        if (used[recipeIndex] === 0) touched.push(recipeIndex);
        used[recipeIndex]++;
        if (isKey) keyHave[recipeIndex]++;
      }
    };
    for (const id of pantry) {
      touch(keyIndex, id, true);
      touch(stapleIndex, id, false);
    }
    // With nothing in the pantry every recipe is a candidate; otherwise only those sharing an ingredient.
    const candidates = pantry.size === 0 ? Array.from({ length: count }, (_, index) => index) : touched;

    const top: Candidate[] = [];
    for (const index of candidates) {
      if ((dietMasks[index] & requiredDiets) !== requiredDiets) continue;
      insertIntoTop(
        top,
        {
          index,
          coverage: keyTotals[index] === 0 ? 1 : keyHave[index] / keyTotals[index],
          keyHave: keyHave[index],
          keyTotal: keyTotals[index],
          preferenceMatches: (cuisineMasks[index] & chosenCuisines ? 1 : 0) + (occasionMasks[index] & chosenOccasions ? 1 : 0),
          used: used[index],
          rating: ratings[index],
          name: recipes[index].name,
        },
        limit,
      );
    }

    return top.map((candidate) => {
      const recipe = recipes[candidate.index];
      const keyIds = new Set(recipe.keyIngredientIds);
      const lineIds = [...new Set(recipe.ingredientIds)];
      return {
        recipeId: recipe.id,
        have: lineIds.filter((id) => pantry.has(id)).map(nameOf),
        missing: lineIds.filter((id) => keyIds.has(id) && !pantry.has(id)).map(nameOf),
      };
    });
  }

  return { size: count, rank };
}
