/**
 * The top of the ranking is found without fully scoring every recipe that shares an ingredient with the pantry
 * (decision 153): a candidate is compared with the current 20th on the keys known from the pantry walk, and only
 * those that can still enter are read in full. These cases check that the answer is exactly the exhaustive one —
 * every recipe scored and sorted — on random pantries and choices over a cookbook made to be full of ties.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "~/domain/vision-head";
import { createRecipeIndex, type RankableRecipe } from "~/domain/ranking";
import { ingredients, named, pick, randomQuery, tiedCookbook } from "../support/tied-cookbook";

describe("the pruned top of the ranking", () => {
  it("is the exhaustive ranking's, recipe for recipe and count for count, on 600 random searches", () => {
    const random = seededRandom(153);
    const recipes = tiedCookbook(random, 3_000);
    const index = createRecipeIndex(recipes, ingredients);
    // replaced recipes leave dead slots behind, as saves do
    index.put(recipes.slice(0, 400).map((recipe) => ({ ...recipe, rating: pick(random, [null, 3, 4.5]) })));
    let nonEmpty = 0;
    for (let search = 0; search < 600; search++) {
      const query = randomQuery(random);
      const exhaustive = index.page(query, 0, index.size);
      for (const offset of [0, 20]) {
        const pruned = index.page(query, offset, 20);
        expect(pruned).toEqual({ ...exhaustive, recipes: exhaustive.recipes.slice(offset, offset + 20) });
      }
      if (exhaustive.recipes.length > 20) nonEmpty++;
    }
    // the comparison is not vacuous: most searches have more than a page of results to prune
    expect(nonEmpty).toBeGreaterThan(300);
  });

  it("orders recipes equal on every key, name included, the same way whatever the order of the pantry", () => {
    const [onion, garlic] = named(["onion", "garlic"]);
    const soup = (id: number, ingredient: number): RankableRecipe => ({
      id,
      name: "Soup",
      ingredientIds: [ingredient],
      keyIngredientIds: [ingredient],
      cuisines: [],
      occasions: [],
      diets: [],
      rating: null,
    });
    const index = createRecipeIndex([soup(1, garlic), soup(2, onion)], ingredients);
    const order = (pantry: number[]) =>
      index
        .rank(
          {
            pantry: pantry.map((ingredientId) => ({ ingredientId })),
            cuisines: [],
            dietaryPreferences: [],
            mealOccasions: [],
          },
          20
        )
        .map((found) => found.recipeId);
    expect(order([onion, garlic])).toEqual([1, 2]);
    expect(order([garlic, onion])).toEqual([1, 2]);
  });
});
