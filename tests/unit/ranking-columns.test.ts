/**
 * A whole cookbook is built into the ranking index from columns (recipeIndexFromColumns: every array made at its
 * final length, no object per recipe), not recipe by recipe. The index must answer exactly as the one put()
 * builds from the same recipes — before and after later saves replace and add recipes.
 */
import { describe, expect, it } from "vitest";
import { bitsOf, createRecipeIndex, recipeIndexFromColumns, recipesOfColumns } from "~/domain/ranking";
import type { RankableRecipe, RecipeColumns, RecipeIndex } from "~/domain/ranking";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { seededRandom } from "~/domain/vision-head";
import { ingredients, pick, randomQuery, tiedCookbook } from "../support/tied-cookbook";

/** The recipes as columns, as the store's reader writes them. */
function columnsOf(recipes: readonly RankableRecipe[]): RecipeColumns {
  const lines = recipes.flatMap((recipe) => {
    const keyIds = new Set(recipe.keyIngredientIds);
    return recipe.ingredientIds.map((id, line) => ({
      id,
      grams: recipe.ingredientGrams?.[line] ?? Number.NaN,
      key: keyIds.has(id) ? 1 : 0,
    }));
  });
  const lineStarts = [0];
  for (const recipe of recipes) lineStarts.push(lineStarts.at(-1)! + recipe.ingredientIds.length);
  return {
    count: recipes.length,
    ids: Int32Array.from(recipes, (recipe) => recipe.id),
    names: recipes.map((recipe) => recipe.name),
    owners: Int32Array.from(recipes, (recipe) => recipe.visibleTo ?? 0),
    dietMasks: Uint16Array.from(recipes, (recipe) => bitsOf(recipe.diets, DIETARY_PREFERENCES)),
    cuisineMasks: Uint16Array.from(recipes, (recipe) => bitsOf(recipe.cuisines, CUISINES)),
    occasionMasks: Uint8Array.from(recipes, (recipe) => bitsOf(recipe.occasions, MEAL_OCCASIONS)),
    ratings: Float64Array.from(recipes, (recipe) => recipe.rating ?? Number.NaN),
    minutes: Float32Array.from(recipes, (recipe) => recipe.minutes ?? Number.NaN),
    lineStarts: Int32Array.from(lineStarts),
    lineIds: Int32Array.from(lines, (line) => line.id),
    lineGrams: Float64Array.from(lines, (line) => line.grams),
    lineIsKey: Uint8Array.from(lines, (line) => line.key),
  };
}

/** The tied cookbook, with some recipes writing one ingredient on two or three lines (weighed, or not). */
function cookbookWithRepeatedLines(random: () => number, size: number): RankableRecipe[] {
  return tiedCookbook(random, size).map((recipe) => {
    if (random() < 0.7) return recipe;
    const repeated = Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(random, recipe.ingredientIds));
    return {
      ...recipe,
      ingredientIds: [...recipe.ingredientIds, ...repeated],
      ingredientGrams: [...recipe.ingredientGrams!, ...repeated.map(() => pick(random, [null, 30, 250]))],
    };
  });
}

function expectSameAnswers(built: RecipeIndex, put: RecipeIndex, random: () => number, searches: number): void {
  expect(built.size).toBe(put.size);
  let found = 0;
  for (let search = 0; search < searches; search++) {
    const query = randomQuery(random);
    const answer = put.page(query, 0, 40);
    expect(built.page(query, 0, 40)).toEqual(answer);
    found += answer.recipes.length;
  }
  expect(found).toBeGreaterThan(searches * 20);
}

describe("the index built from columns", () => {
  it("answers as the index of the same recipes put one by one, on 300 random searches", () => {
    const random = seededRandom(163);
    const recipes = cookbookWithRepeatedLines(random, 3_000);
    const built = recipeIndexFromColumns(columnsOf(recipes), ingredients);
    expectSameAnswers(built, createRecipeIndex(recipes, ingredients), random, 300);
    for (const diets of [[], ["Vegetarian"], ["Vegan", "Gluten-free"]]) {
      expect(built.countWithDiets(diets)).toBe(createRecipeIndex(recipes, ingredients).countWithDiets(diets));
    }
  });

  it("keeps answering as that index once saves replace recipes, add new ones and change ratings", () => {
    const random = seededRandom(164);
    const recipes = cookbookWithRepeatedLines(random, 2_000);
    const built = recipeIndexFromColumns(columnsOf(recipes), ingredients);
    const put = createRecipeIndex(recipes, ingredients);
    const later = cookbookWithRepeatedLines(random, 2_600).map((recipe, offset) => ({
      ...recipe,
      // the first 1,200 replace recipes of the cookbook (enough dead slots to lay the index out afresh), the rest are new
      id: offset < 1_200 ? recipes[offset].id : 10_000 + offset,
    }));
    for (const index of [built, put]) {
      index.put(later.slice(0, 300));
      index.put(later.slice(300));
      index.setRatings(new Map(recipes.slice(0, 500).map((recipe, offset) => [recipe.id, 1 + (offset % 5)])));
    }
    expectSameAnswers(built, put, random, 200);
  });

  it("holds its arrays at their length, and a save after the build adds a quarter at most, not double", () => {
    const recipes = cookbookWithRepeatedLines(seededRandom(166), 3_000);
    const built = recipeIndexFromColumns(columnsOf(recipes), ingredients);
    // each distinct ingredient of a recipe: an entry (id, grams, flags) and a posting (slot, grams)
    const entries = recipes.reduce((sum, recipe) => sum + new Set(recipe.ingredientIds).size, 0);
    const perSlot = 4 + 2 + 2 + 1 + 2 + 8 + 4 + 4; // id, masks, key total, rating, minutes, owner
    expect(built.bytes).toBe(recipes.length * perSlot + 4 * (recipes.length + 1) + entries * (4 + 8 + 1 + 4 + 4));
    const before = built.bytes;
    built.put([{ ...recipes[0], id: 99_999 }]);
    expect(built.bytes).toBeGreaterThan(before);
    expect(built.bytes).toBeLessThan(before * 1.3);
  });

  it("lets go of every ingredient entry when every recipe is removed", () => {
    const recipes = cookbookWithRepeatedLines(seededRandom(167), 300);
    const built = recipeIndexFromColumns(columnsOf(recipes), ingredients);
    built.remove(recipes.map((recipe) => recipe.id));
    expect(built.size).toBe(0);
    // the per-slot arrays keep their room for the next saves; the entries and postings are gone
    const perSlot = 4 + 2 + 2 + 1 + 2 + 8 + 4 + 4;
    expect(built.bytes).toBe(recipes.length * perSlot + 4);
  });

  it("gives back the recipes it was made of", () => {
    const recipes = cookbookWithRepeatedLines(seededRandom(165), 200);
    expect(recipesOfColumns(columnsOf(recipes))).toEqual(
      recipes.map((recipe) => ({
        ...recipe,
        ingredientGrams: recipe.ingredientGrams ?? recipe.ingredientIds.map(() => null),
        keyIngredientIds: recipe.ingredientIds.filter((id) => recipe.keyIngredientIds.includes(id)),
        cuisines: CUISINES.filter((value) => recipe.cuisines.includes(value)),
        occasions: MEAL_OCCASIONS.filter((value) => recipe.occasions.includes(value)),
        diets: DIETARY_PREFERENCES.filter((value) => recipe.diets.includes(value)),
        minutes: recipe.minutes ?? null,
        visibleTo: recipe.visibleTo ?? 0,
      }))
    );
  });
});
