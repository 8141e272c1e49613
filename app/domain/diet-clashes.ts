/**
 * Diets that contradict each other. Apart from preferences.ts (and its zod schema) because /preferences draws the
 * message in the browser: a screen imports what it draws (decision 069), not a validation library.
 */
import { DIETARY_PREFERENCES } from "./constants";

/** Pairs of diets no recipe of the cookbook fits at once (Keto and High carb), found by counting recipes. */
export function clashingDietPairs(countWithDiets: (diets: readonly string[]) => number): [string, string][] {
  const pairs: [string, string][] = [];
  DIETARY_PREFERENCES.forEach((first, index) => {
    for (const second of DIETARY_PREFERENCES.slice(index + 1))
      if (countWithDiets([first, second]) === 0) pairs.push([first, second]);
  });
  return pairs;
}

/** Why the chosen diets leave nothing to suggest, or null: the clashing pairs among them, else the whole set. */
export function dietClashMessage(
  chosen: readonly string[],
  pairs: readonly (readonly [string, string])[],
  noneFitsAll: boolean
): string | null {
  const clashes = pairs.filter(([first, second]) => chosen.includes(first) && chosen.includes(second));
  if (clashes.length > 0)
    return `These diets contradict each other: no recipe is ${clashes
      .map(([first, second]) => `${first} and ${second}`)
      .join(", nor ")} at once. Recipes must fit every diet you choose, so untick one of each pair.`;
  if (noneFitsAll && chosen.length > 1)
    return `No recipe is ${chosen.join(", ")} all at once. Recipes must fit every diet you choose, so untick one.`;
  return null;
}
