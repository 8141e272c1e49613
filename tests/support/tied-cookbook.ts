/**
 * A cookbook made to be full of ties (few ingredients, names, ratings and grams) and random searches over it,
 * for the tests that compare two ways of ranking recipe for recipe (tests/unit/ranking-pruning.test.ts,
 * tests/unit/ranking-columns.test.ts).
 */
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { getCatalogue } from "~/domain/catalogue-data";
import type { PantryEntry, RankableRecipe, RankingQuery } from "~/domain/ranking";
import { rankingIngredients } from "~/domain/ranking-catalogue";

const catalogue = getCatalogue();
const idOf = new Map(catalogue.ingredients.map((ingredient, position) => [ingredient, position]));
export const ingredients = rankingIngredients(catalogue.ingredients, (ingredient) => idOf.get(ingredient) ?? null);
export const named = (names: string[]) =>
  names.map((name) => catalogue.byName(name)).flatMap((ingredient) => (ingredient ? [idOf.get(ingredient)!] : []));
/** Kinds and stand-ins of each other, allergens (milk, butter, cheese, peanuts, flour), and everyday food. */
const COMMON = named([
  "chicken breast",
  "chicken thigh",
  "pork",
  "ground pork",
  "pork shoulder",
  "milk",
  "butter",
  "cheese",
  "cheddar",
  "peanuts",
  "flour",
  "spinach",
  "chard",
  "kale",
  "lemon",
  "lime",
  "onion",
  "garlic",
  "tomato",
  "rice",
]);
const STAPLES = catalogue.ingredients.filter((ingredient) => ingredient.isStaple).map((item) => idOf.get(item)!);
const RARE = catalogue.ingredients
  .filter((ingredient) => !ingredient.isStaple)
  .map((item) => idOf.get(item)!)
  .filter((id) => !COMMON.includes(id))
  .slice(0, 150);

export function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}
const some = <T>(random: () => number, values: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(random, values))),
];

/** Few ingredients, few names, few ratings and grams: many recipes equal on every key but the name, or all. */
export function tiedCookbook(random: () => number, size: number): RankableRecipe[] {
  return Array.from({ length: size }, (_, offset) => {
    const key = [...new Set([...some(random, COMMON, 5), ...some(random, RARE, 2)])];
    if (key.length === 0) key.push(pick(random, COMMON));
    const lines = [...key, ...some(random, STAPLES, 2)];
    return {
      id: offset + 1,
      name: `Dish ${Math.floor(random() * 40)}`,
      ingredientIds: lines,
      ingredientGrams: lines.map(() => pick(random, [null, 50, 100, 300, 600])),
      keyIngredientIds: key,
      cuisines: some(random, CUISINES.slice(0, 3), 2),
      occasions: some(random, MEAL_OCCASIONS.slice(0, 3), 2),
      diets: some(random, DIETARY_PREFERENCES.slice(0, 3), 2),
      rating: pick(random, [null, 3, 4.5]),
      minutes: pick(random, [null, 20, 45]),
      visibleTo: random() < 0.9 ? 0 : pick(random, [1, 2]),
    };
  });
}

export function randomQuery(random: () => number): RankingQuery {
  const pool = random() < 0.3 ? RARE.slice(0, 20) : COMMON;
  const pantry = Array.from(
    { length: random() < 0.05 ? 0 : 1 + Math.floor(random() * 12) },
    (): PantryEntry => ({
      ingredientId: pick(random, random() < 0.1 ? STAPLES : pool),
      daysLeft: pick(random, [null, -1, 0, 2, 3, 5, 30]),
      grams: pick(random, [null, null, 100, 400]),
      mustUse: random() < 0.08,
    })
  );
  return {
    pantry,
    viewerId: pick(random, [null, 1, 2]),
    cuisines: some(random, CUISINES.slice(0, 3), 1),
    dietaryPreferences: random() < 0.3 ? some(random, DIETARY_PREFERENCES.slice(0, 3), 2) : [],
    mealOccasions: random() < 0.5 ? some(random, MEAL_OCCASIONS.slice(0, 4), 2) : [],
    allergies: random() < 0.3 ? pick(random, [["milk"], ["nuts", "gluten"], ["peanut"]]) : [],
    showAllergens: random() < 0.3,
    filters: {
      maxMissing: pick(random, [null, null, 0, 2]),
      maxMinutes: pick(random, [null, null, 30]),
      cuisine: random() < 0.15 ? pick(random, CUISINES.slice(0, 3)) : null,
    },
  };
}
