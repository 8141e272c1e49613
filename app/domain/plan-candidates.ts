/**
 * The recipes "Plan my week" chooses from, taken from the ranking index instead of the whole cookbook: those that
 * use at least one pantry item (most urgent first, up to PLAN_CANDIDATES) and the best fits of an empty pantry, for
 * meals the pantry has nothing for. bench/meal-plan.ts measures that the plan is as good from these as from all.
 */
import type { PantryEntry, RecipeIndex } from "./ranking";

/** Recipes that use pantry food looked at: more than any pantry meets in a week. */
export const PLAN_CANDIDATES = 2_000;
/** Recipes looked at besides, for meals nothing in the pantry is for. */
export const PLAN_FALLBACKS = 300;

export function planCandidateIds(
  index: RecipeIndex,
  pantry: readonly PantryEntry[],
  viewerId: number | null
): number[] {
  const query = { cuisines: [], dietaryPreferences: [], mealOccasions: [], viewerId };
  const users = index.rank({ ...query, pantry }, PLAN_CANDIDATES).filter((found) => found.uses.length > 0);
  const fallbacks = index.rank({ ...query, pantry: [] }, PLAN_FALLBACKS);
  return [...new Set([...users, ...fallbacks].map((found) => found.recipeId))];
}
