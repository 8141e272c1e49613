import { describe, expect, it } from "vitest";
import { getCatalogue } from "../../app/domain/catalogue-data";
import { createRecipeIndex, type RankableRecipe, type RankingQuery } from "../../app/domain/ranking";

const names = new Map(
  Object.entries({ tomato: 1, egg: 2, onion: 3, pork: 4, rice: 5, cheese: 6, basil: 7, garlic: 8, pepper: 9, salt: 100, oil: 101 }).map(
    ([name, id]) => [id, name],
  ),
);
const id = (name: string) => [...names].find(([, value]) => value === name)![0];
const STAPLES = new Set(["salt", "oil"]);

function recipe(name: string, ingredients: string[], extra: Partial<RankableRecipe> = {}): RankableRecipe {
  return {
    id: [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 1_000_003, 7),
    name,
    ingredientIds: ingredients.map(id),
    keyIngredientIds: ingredients.filter((item) => !STAPLES.has(item)).map(id),
    cuisines: [],
    occasions: [],
    diets: [],
    rating: null,
    ...extra,
  };
}

function ranked(recipes: RankableRecipe[], pantry: string[], preferences: Partial<RankingQuery> = {}): string[] {
  const index = createRecipeIndex(recipes, names);
  const byId = new Map(recipes.map((item) => [item.id, item.name]));
  const query = { pantry: pantry.map(id), cuisines: [], dietaryPreferences: [], mealOccasions: [], ...preferences };
  return index.rank(query, 20).map((result) => byId.get(result.recipeId)!);
}

describe("recipe ranking", () => {
  it("never shows a recipe lacking a chosen diet tag, however well it fits the pantry", () => {
    const recipes = [
      recipe("Pork fried rice", ["pork", "rice", "egg"], { diets: ["High protein"] }),
      recipe("Tomato rice", ["tomato", "rice", "onion"], { diets: ["Vegetarian", "High protein"] }),
    ];
    expect(ranked(recipes, ["pork", "rice", "egg"], { dietaryPreferences: ["Vegetarian"] })).toEqual(["Tomato rice"]);
    expect(ranked(recipes, ["pork", "rice", "egg"], { dietaryPreferences: ["Vegetarian", "Keto"] })).toEqual([]);
  });

  it("puts the recipe covering the larger share of its ingredients first", () => {
    const recipes = [
      recipe("Half covered", ["tomato", "pepper"]),
      recipe("Mostly covered", ["tomato", "egg", "onion", "rice", "cheese", "basil", "garlic", "pork"]),
    ];
    // 6 of 8 (2 missing) beats 1 of 2 (1 missing)
    expect(ranked(recipes, ["tomato", "egg", "onion", "rice", "cheese", "basil"])).toEqual(["Mostly covered", "Half covered"]);
  });

  it("at equal share, puts the recipe with fewer missing ingredients first", () => {
    const recipes = [recipe("Two of four", ["tomato", "egg", "pork", "pepper"]), recipe("One of two", ["tomato", "garlic"])];
    expect(ranked(recipes, ["tomato", "egg"])).toEqual(["One of two", "Two of four"]);
  });

  it("then prefers a chosen cuisine", () => {
    const recipes = [
      recipe("Uses the salt too", ["tomato", "pepper", "salt"]),
      recipe("Italian", ["tomato", "garlic"], { cuisines: ["Italian"] }),
    ];
    expect(ranked(recipes, ["tomato", "salt"], { cuisines: ["Italian"] })).toEqual(["Italian", "Uses the salt too"]);
  });

  it("then prefers a chosen meal occasion", () => {
    const recipes = [
      recipe("Uses the salt too", ["tomato", "pepper", "salt"]),
      recipe("Breakfast", ["tomato", "garlic"], { occasions: ["Breakfast"] }),
    ];
    expect(ranked(recipes, ["tomato", "salt"], { mealOccasions: ["Breakfast"] })).toEqual(["Breakfast", "Uses the salt too"]);
  });

  it("then prefers the recipe using up more of the cook's items", () => {
    const recipes = [recipe("Well rated", ["tomato", "pepper"], { rating: 5 }), recipe("Uses the oil too", ["tomato", "garlic", "oil"])];
    expect(ranked(recipes, ["tomato", "oil"])).toEqual(["Uses the oil too", "Well rated"]);
  });

  it("then prefers the better rated recipe", () => {
    const recipes = [recipe("Alright", ["tomato", "pepper"], { rating: 3 }), recipe("Zesty", ["tomato", "garlic"], { rating: 4.5 })];
    expect(ranked(recipes, ["tomato"])).toEqual(["Zesty", "Alright"]);
  });

  it("breaks remaining ties by name, whatever the cookbook order", () => {
    const recipes = [recipe("Tomato two", ["tomato", "pepper"]), recipe("Tomato one", ["tomato", "garlic"])];
    expect(ranked(recipes, ["tomato"])).toEqual(["Tomato one", "Tomato two"]);
    expect(ranked([...recipes].reverse(), ["tomato"])).toEqual(["Tomato one", "Tomato two"]);
  });

  it("leaves out recipes sharing nothing with a non-empty pantry, and shows everything for an empty one", () => {
    const recipes = [recipe("Omelette", ["egg", "cheese"]), recipe("Pork rice", ["pork", "rice"])];
    expect(ranked(recipes, ["egg"])).toEqual(["Omelette"]);
    expect(ranked(recipes, [])).toHaveLength(2);
  });

  it("counts a staple in the pantry as shared with recipes using it", () => {
    const recipes = [recipe("Omelette", ["egg", "cheese"]), recipe("Salted eggs", ["egg", "salt"])];
    expect(ranked(recipes, ["salt"])).toEqual(["Salted eggs"]);
  });

  it("counts a recipe of staples only as covered", () => {
    const recipes = [recipe("Half covered", ["tomato", "pepper", "salt"]), recipe("Seasoned oil", ["salt", "oil"])];
    expect(ranked(recipes, ["tomato", "salt"])).toEqual(["Seasoned oil", "Half covered"]);
  });

  it("names what the cook has and what they would have to get, staples never missing", () => {
    const index = createRecipeIndex([recipe("Shakshuka", ["tomato", "egg", "onion", "pepper", "salt", "oil"])], names);
    const [result] = index.rank({ pantry: [id("egg"), id("tomato"), id("oil")], cuisines: [], dietaryPreferences: [], mealOccasions: [] }, 20);
    expect(result.have).toEqual(["tomato", "egg", "oil"]);
    expect(result.missing).toEqual(["onion", "pepper"]);
  });

  it("matches the pantry through the catalogue: cherry tomatoes count as tomato", () => {
    const catalogue = getCatalogue();
    const catalogueNames = new Map(catalogue.ingredients.map((ingredient, index) => [index, ingredient.name]));
    const idOf = (name: string) => catalogue.ingredients.indexOf(catalogue.match(name)!);
    const tomatoSalad = { ...recipe("Tomato salad", []), ingredientIds: [idOf("tomatoes"), idOf("basil")], keyIngredientIds: [idOf("tomatoes"), idOf("basil")] };
    const index = createRecipeIndex([tomatoSalad], catalogueNames);
    const [result] = index.rank({ pantry: [idOf("cherry tomatoes")], cuisines: [], dietaryPreferences: [], mealOccasions: [] }, 20);
    expect(result).toEqual({ recipeId: tomatoSalad.id, have: ["tomato"], missing: ["basil"] });
  });

  it("answers the same question the same way every time", () => {
    const index = createRecipeIndex([recipe("Omelette", ["egg", "cheese"]), recipe("Fried rice", ["rice", "egg", "onion"])], names);
    const question = { pantry: [id("egg"), id("onion")], cuisines: [], dietaryPreferences: [], mealOccasions: [] };
    const first = index.rank(question, 20);
    expect(first).toHaveLength(2);
    expect(index.rank(question, 20)).toEqual(first);
  });

  it("returns at most the requested number of results", () => {
    const recipes = ["A", "B", "C"].map((name) => recipe(name, ["tomato"]));
    const index = createRecipeIndex(recipes, names);
    expect(index.rank({ pantry: [id("tomato")], cuisines: [], dietaryPreferences: [], mealOccasions: [] }, 2)).toHaveLength(2);
  });
});

describe("keeping the index up to date", () => {
  const query = (pantry: string[]) => ({ pantry: pantry.map(id), cuisines: [], dietaryPreferences: [], mealOccasions: [] });
  const namesOf = (index: ReturnType<typeof createRecipeIndex>, recipes: RankableRecipe[], pantry: string[]) =>
    index.rank(query(pantry), 20).map((result) => recipes.find((item) => item.id === result.recipeId)!.name);

  it("replaces a recipe put again under the same id", () => {
    const omelette = recipe("Omelette", ["egg", "cheese"]);
    const index = createRecipeIndex([omelette, recipe("Fried rice", ["rice", "egg"])], names);
    const changed = { ...omelette, ingredientIds: [id("egg"), id("basil")], keyIngredientIds: [id("egg"), id("basil")] };
    index.put([changed]);
    expect(index.size).toBe(2);
    expect(namesOf(index, [changed], ["cheese"])).toEqual([]);
    expect(namesOf(index, [changed], ["basil"])).toEqual(["Omelette"]);
  });

  it("takes new ratings, a recipe without one counting as unrated", () => {
    const recipes = [recipe("Alright", ["tomato", "pepper"], { rating: 3 }), recipe("Zesty", ["tomato", "garlic"], { rating: 4.5 })];
    const index = createRecipeIndex(recipes, names);
    index.setRatings(new Map([[recipes[0].id, 5]]));
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Alright", "Zesty"]);
  });

  it("ranks the same after many replacements, ratings included", () => {
    const recipes = [recipe("Alright", ["tomato", "pepper"]), recipe("Zesty", ["tomato", "garlic"]), recipe("Pork rice", ["pork", "rice"])];
    const index = createRecipeIndex(recipes, names);
    index.setRatings(new Map([[recipes[1].id, 4]]));
    for (let round = 0; round < 50; round++) index.put([{ ...recipes[2], name: `Pork rice ${round}` }]);
    expect(index.size).toBe(3);
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Zesty", "Alright"]);
    expect(index.rank(query(["pork"]), 20)).toEqual([{ recipeId: recipes[2].id, have: ["pork"], missing: ["rice"] }]);
  });
});
