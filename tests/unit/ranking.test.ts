import { describe, expect, it } from "vitest";
import {
  createRecipeIndex,
  type QuickFilters,
  type PantryEntry,
  type RankableRecipe,
  type RankingIngredient,
  type RankingQuery,
} from "../../app/domain/ranking";
import { starterCookbook } from "../support/starter-cookbook";

const ids = {
  tomato: 1,
  egg: 2,
  onion: 3,
  pork: 4,
  rice: 5,
  cheese: 6,
  basil: 7,
  garlic: 8,
  pepper: 9,
  salt: 100,
  oil: 101,
};
const names = new Map<number, RankingIngredient>(
  Object.entries(ids).map(([name, id]) => [id, { name, parentId: null }])
);
const id = (name: string) => [...names].find(([, value]) => value.name === name)![0];
/** Items a month from their date: all equally urgent, none due soon. */
const items = (pantry: string[]): PantryEntry[] => pantry.map((name) => ({ ingredientId: id(name), daysLeft: 30 }));
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
  const query = { pantry: items(pantry), cuisines: [], dietaryPreferences: [], mealOccasions: [], ...preferences };
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

  // Changed by issue 15: the share of a recipe covered no longer decides; the groups do (nothing to buy, 1–2 to
  // buy, more), then the food rescued less the shopping.
  it("puts the recipe using more of the cook's items first, less an eighth of an item per thing to buy", () => {
    const recipes = [
      recipe("Three to buy", ["tomato", "egg", "pork", "pepper", "garlic"]),
      recipe("One to buy", ["tomato", "pepper"]),
      recipe("Nothing to buy", ["tomato", "salt"]),
    ];
    expect(ranked(recipes, ["tomato", "egg"])).toEqual(["Three to buy", "Nothing to buy", "One to buy"]);
  });

  it("within a group, puts the recipe with less to buy first when it rescues as much", () => {
    const recipes = [
      recipe("Two of four", ["tomato", "egg", "pork", "pepper"]),
      recipe("One of two", ["tomato", "garlic"]),
    ];
    expect(ranked(recipes, ["tomato"])).toEqual(["One of two", "Two of four"]);
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
    expect(ranked(recipes, ["tomato", "salt"], { mealOccasions: ["Breakfast"] })).toEqual([
      "Breakfast",
      "Uses the salt too",
    ]);
  });

  it("does not count a staple in the pantry as an item used up: the rating decides", () => {
    const recipes = [
      recipe("Well rated", ["tomato", "pepper"], { rating: 5 }),
      recipe("Uses the oil too", ["tomato", "garlic", "oil"]),
    ];
    expect(ranked(recipes, ["tomato", "oil"])).toEqual(["Well rated", "Uses the oil too"]);
  });

  it("then prefers the better rated recipe", () => {
    const recipes = [
      recipe("Alright", ["tomato", "pepper"], { rating: 3 }),
      recipe("Zesty", ["tomato", "garlic"], { rating: 4.5 }),
    ];
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

  it("counts a recipe of staples only as ready, after the recipes using the cook's food", () => {
    const recipes = [recipe("Half covered", ["tomato", "pepper", "salt"]), recipe("Seasoned oil", ["salt", "oil"])];
    expect(ranked(recipes, ["tomato", "salt"])).toEqual(["Half covered", "Seasoned oil"]);
    const index = createRecipeIndex(recipes, names);
    const query = { pantry: items(["tomato", "salt"]), cuisines: [], dietaryPreferences: [], mealOccasions: [] };
    expect(index.rank(query, 20).map((result) => result.group)).toEqual(["few-missing", "ready"]);
  });

  it("names what the cook has and what they would have to get, staples never missing", () => {
    const index = createRecipeIndex([recipe("Shakshuka", ["tomato", "egg", "onion", "pepper", "salt", "oil"])], names);
    const [result] = index.rank(
      { pantry: items(["egg", "tomato", "oil"]), cuisines: [], dietaryPreferences: [], mealOccasions: [] },
      20
    );
    expect(result.have).toEqual(["tomato", "egg", "oil"]);
    expect(result.missing).toEqual(["onion", "pepper"]);
    expect(result.group).toBe("few-missing");
  });

  it("matches the pantry through the catalogue: cherry tomatoes count as tomato", () => {
    const book = starterCookbook();
    const idOf = (name: string) => book.idOf(book.catalogue.match(name)!);
    const lines = [idOf("tomatoes"), idOf("basil")];
    const tomatoSalad = { ...recipe("Tomato salad", []), ingredientIds: lines, keyIngredientIds: lines };
    const index = createRecipeIndex([tomatoSalad], book.ingredients);
    const pantry = [{ ingredientId: idOf("cherry tomatoes"), name: "cherry tomatoes" }];
    const [result] = index.rank({ pantry, cuisines: [], dietaryPreferences: [], mealOccasions: [] }, 20);
    expect(result).toMatchObject({
      recipeId: tomatoSalad.id,
      have: ["tomato"],
      missing: ["basil"],
      group: "few-missing",
    });
    expect(result.uses).toEqual([{ name: "cherry tomatoes", daysLeft: 10, grams: null, standsInFor: null }]);
  });

  it("answers the same question the same way every time", () => {
    const index = createRecipeIndex(
      [recipe("Omelette", ["egg", "cheese"]), recipe("Fried rice", ["rice", "egg", "onion"])],
      names
    );
    const question = { pantry: items(["egg", "onion"]), cuisines: [], dietaryPreferences: [], mealOccasions: [] };
    const first = index.rank(question, 20);
    expect(first).toHaveLength(2);
    expect(index.rank(question, 20)).toEqual(first);
  });

  it("returns at most the requested number of results", () => {
    const recipes = ["A", "B", "C"].map((name) => recipe(name, ["tomato"]));
    const index = createRecipeIndex(recipes, names);
    expect(
      index.rank({ pantry: items(["tomato"]), cuisines: [], dietaryPreferences: [], mealOccasions: [] }, 2)
    ).toHaveLength(2);
  });
});

describe("keeping the index up to date", () => {
  const query = (pantry: string[]) => ({
    pantry: items(pantry),
    cuisines: [],
    dietaryPreferences: [],
    mealOccasions: [],
  });
  const namesOf = (index: ReturnType<typeof createRecipeIndex>, recipes: RankableRecipe[], pantry: string[]) =>
    index.rank(query(pantry), 20).map((result) => recipes.find((item) => item.id === result.recipeId)!.name);

  it("replaces a recipe put again under the same id", () => {
    const omelette = recipe("Omelette", ["egg", "cheese"]);
    const index = createRecipeIndex([omelette, recipe("Fried rice", ["rice", "egg"])], names);
    const changed = {
      ...omelette,
      ingredientIds: [id("egg"), id("basil")],
      keyIngredientIds: [id("egg"), id("basil")],
    };
    index.put([changed]);
    expect(index.size).toBe(2);
    expect(namesOf(index, [changed], ["cheese"])).toEqual([]);
    expect(namesOf(index, [changed], ["basil"])).toEqual(["Omelette"]);
  });

  it("adds up an ingredient's grams over its lines (a line of unknown weight adds nothing) in what a recipe uses", () => {
    const stew = recipe("Tomato stew", ["tomato", "onion", "tomato", "tomato"], {
      ingredientGrams: [200, 50, null, 150],
    });
    const pantry: PantryEntry[] = [
      { ingredientId: id("tomato"), daysLeft: 2, grams: 1_000 },
      { ingredientId: id("onion"), daysLeft: 5 },
    ];
    const query = { pantry, cuisines: [], dietaryPreferences: [], mealOccasions: [] };
    const [found] = createRecipeIndex([stew], names).page(query, 0, 10).recipes;
    expect(found.have).toEqual(["tomato", "onion"]);
    expect(found.missing).toEqual([]);
    // 200 + 150 g of the cook's 1 kg of tomatoes; the onion's 50 g though the cook's amount is not known
    expect(found.uses).toEqual([
      { name: "tomato", daysLeft: 2, grams: 350, standsInFor: null },
      { name: "onion", daysLeft: 5, grams: 50, standsInFor: null },
    ]);
  });

  it("takes out a removed recipe: never suggested again, counted nowhere, and put back when saved again", () => {
    const recipes = [
      recipe("Omelette", ["egg", "cheese"], { diets: ["Vegetarian"] }),
      recipe("Fried rice", ["rice", "egg"], { diets: ["Vegetarian"] }),
      recipe("Egg fried pork", ["pork", "egg"]),
    ];
    const index = createRecipeIndex(recipes, names);
    index.remove([recipes[0].id, 12345]);
    expect(index.size).toBe(2);
    expect(namesOf(index, recipes, ["egg"]).sort()).toEqual(["Egg fried pork", "Fried rice"]);
    expect(namesOf(index, recipes, [])).not.toContain("Omelette");
    expect(index.countWithDiets(["Vegetarian"])).toBe(1);
    // removing most of the index lays it out afresh: what is left ranks as before
    index.remove([recipes[1].id]);
    expect(namesOf(index, recipes, ["egg"])).toEqual(["Egg fried pork"]);
    index.put([recipes[0]]);
    expect(namesOf(index, recipes, ["cheese"])).toEqual(["Omelette"]);
    expect(index.size).toBe(2);
  });

  it("takes new ratings, a recipe without one counting as unrated", () => {
    const recipes = [
      recipe("Alright", ["tomato", "pepper"], { rating: 3 }),
      recipe("Zesty", ["tomato", "garlic"], { rating: 4.5 }),
    ];
    const index = createRecipeIndex(recipes, names);
    index.setRatings(new Map([[recipes[0].id, 5]]));
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Alright", "Zesty"]);
  });

  it("changes the ratings of the recipes listed alone, a rating gone counting as unrated", () => {
    const recipes = [
      recipe("Alright", ["tomato", "pepper"], { rating: 3 }),
      recipe("Basic", ["tomato", "onion"], { rating: 2 }),
      recipe("Zesty", ["tomato", "garlic"], { rating: 4.5 }),
    ];
    const index = createRecipeIndex(recipes, names);
    index.updateRatings(new Map([[recipes[1].id, 5]]));
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Basic", "Zesty", "Alright"]);
    index.updateRatings(
      new Map([
        [recipes[2].id, null],
        [999_999, 5],
      ])
    );
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Basic", "Alright", "Zesty"]);
  });

  it("ranks the same after many replacements, ratings included", () => {
    const recipes = [
      recipe("Alright", ["tomato", "pepper"]),
      recipe("Zesty", ["tomato", "garlic"]),
      recipe("Pork rice", ["pork", "rice"]),
    ];
    const index = createRecipeIndex(recipes, names);
    index.setRatings(new Map([[recipes[1].id, 4]]));
    for (let round = 0; round < 50; round++) index.put([{ ...recipes[2], name: `Pork rice ${round}` }]);
    expect(index.size).toBe(3);
    expect(namesOf(index, recipes, ["tomato"])).toEqual(["Zesty", "Alright"]);
    expect(index.rank(query(["pork"]), 20)).toMatchObject([
      { recipeId: recipes[2].id, have: ["pork"], missing: ["rice"] },
    ]);
  });

  it("describes a recipe as it was put, after the index is laid out afresh: lines said twice, a key ingredient without a line, amounts", () => {
    const stew = recipe("Stew", ["pork", "onion", "pork", "salt"], {
      ingredientGrams: [150.5, null, 100, 2],
      keyIngredientIds: [id("pork"), id("onion"), id("pepper")],
      cuisines: ["Italian"],
      occasions: ["Dinner"],
      minutes: 45,
      rating: 4,
      visibleTo: 7,
    });
    const others = [recipe("Onion soup", ["onion", "salt"]), recipe("Pork chop", ["pork"])];
    const pantry = { ...query(["pork", "onion", "salt"]), viewerId: 7, filters: { maxMinutes: 60 } };
    pantry.pantry[0].grams = 200;
    const fresh = createRecipeIndex([stew, ...others], names).page(pantry, 0, 20);
    const replaced = createRecipeIndex([stew, ...others], names);
    for (let round = 0; round < 10; round++) replaced.put([{ ...others[0], name: `Onion soup ${round}` }]);
    replaced.put([{ ...others[0] }]);
    expect(replaced.page(pantry, 0, 20)).toEqual(fresh);
    expect(fresh.recipes.find((found) => found.recipeId === stew.id)).toMatchObject({
      have: ["pork", "onion", "salt"],
      uses: expect.arrayContaining([expect.objectContaining({ name: "pork", grams: 200 })]),
    });
    expect(replaced.page({ ...pantry, viewerId: 8 }, 0, 20).recipes.map((found) => found.recipeId)).not.toContain(
      stew.id
    );
    // both indexes above go through the same layout; what the rebuilt one says must also be what the stew is:
    // pepper, a key ingredient without a line, is still to buy ("ready now" leaves the stew out until there is
    // pepper), and the stew is still Italian
    const rebuilt = (filters: QuickFilters, pantryNames = ["pork", "onion", "salt"]) =>
      replaced.page({ ...pantry, ...query(pantryNames), filters: { ...pantry.filters, ...filters } }, 0, 20).recipes;
    expect(rebuilt({ maxMissing: 0 }).map((found) => found.recipeId)).not.toContain(stew.id);
    expect(rebuilt({ maxMissing: 0 }, ["pork", "onion", "salt", "pepper"]).map((found) => found.recipeId)).toContain(
      stew.id
    );
    expect(rebuilt({ cuisine: "Italian" }).map((found) => found.recipeId)).toEqual([stew.id]);
  });
});

describe("ranking by the food a recipe rescues", () => {
  const book = starterCookbook();
  const idOf = (name: string) => book.idOf(book.catalogue.byName(name)!);
  const byId = new Map(book.recipes.map((item) => [item.id, item]));
  const query = (pantry: PantryEntry[], preferences: Partial<RankingQuery> = {}): RankingQuery => ({
    pantry,
    cuisines: [],
    dietaryPreferences: [],
    mealOccasions: [],
    ...preferences,
  });

  it("gives the pork-and-chicken pantry pork or chicken recipes first (issue 15's case, on the starter cookbook)", () => {
    const index = createRecipeIndex(book.recipes, book.ingredients);
    const pantry = ["pork", "chicken breast", "tomato", "onion"].map((name) => ({ ingredientId: idOf(name), name }));
    const meat = new Set(book.catalogue.ingredients.filter((item) => /pork|chicken/.test(item.name)).map(book.idOf));
    const results = index.rank(query(pantry, { mealOccasions: ["Dinner"] }), 20);
    const usesMeat = results.map((result) =>
      byId.get(result.recipeId)!.keyIngredientIds.some((line) => meat.has(line))
    );
    expect(usesMeat.slice(0, 5)).toEqual([true, true, true, true, true]);
    expect(results[0].uses[0]).toMatchObject({ name: "chicken breast", daysLeft: 2 });
  });

  it("puts the spinach that spoils tomorrow before the carrots that keep three weeks", () => {
    const lines = (names: string[]) => ({ ingredientIds: names.map(idOf), keyIngredientIds: names.map(idOf) });
    const recipes = [
      { ...recipe("Carrot soup", []), ...lines(["carrot", "potato"]), ingredientGrams: [600, 300] },
      { ...recipe("Spinach omelette", []), ...lines(["spinach", "egg"]), ingredientGrams: [100, 150] },
    ];
    const index = createRecipeIndex(recipes, book.ingredients);
    const pantry = [
      { ingredientId: idOf("carrot"), grams: 1000, daysLeft: 21 },
      { ingredientId: idOf("spinach"), grams: 200, daysLeft: 1 },
    ];
    expect(index.rank(query(pantry), 20).map((result) => result.recipeId)).toEqual([recipes[1].id, recipes[0].id]);
  });

  it("does not let a recipe using up a long-lasting item beat one using the chicken that spoils tomorrow", () => {
    const lines = (names: string[]) => ({ ingredientIds: names.map(idOf), keyIngredientIds: names.map(idOf) });
    const recipes = [
      { ...recipe("Plain rice", []), ...lines(["rice"]), ingredientGrams: [1000] },
      {
        ...recipe("Chicken and rice", []),
        ...lines(["chicken breast", "rice", "lemon"]),
        ingredientGrams: [300, 200, 50],
      },
    ];
    const index = createRecipeIndex(recipes, book.ingredients);
    const pantry = [
      { ingredientId: idOf("rice"), grams: 1000, daysLeft: 300 },
      { ingredientId: idOf("chicken breast"), grams: 300, daysLeft: 1 },
    ];
    const results = index.rank(query(pantry), 20);
    expect(results.map((result) => result.recipeId)).toEqual([recipes[1].id, recipes[0].id]);
    expect(results[0].uses).toEqual([
      { name: "chicken breast", daysLeft: 1, grams: 300, standsInFor: null },
      { name: "rice", daysLeft: 300, grams: 200, standsInFor: null },
    ]);
  });

  it("prefers the recipe that uses more of what spoils, up to what the cook has", () => {
    const lines = (names: string[]) => ({ ingredientIds: names.map(idOf), keyIngredientIds: names.map(idOf) });
    const recipes = [
      { ...recipe("A little chicken", []), ...lines(["chicken thigh", "lemon"]), ingredientGrams: [100, 50] },
      { ...recipe("Lots of chicken", []), ...lines(["chicken thigh", "garlic"]), ingredientGrams: [800, 10] },
    ];
    const index = createRecipeIndex(recipes, book.ingredients);
    const pantry = [{ ingredientId: idOf("chicken thigh"), grams: 500, daysLeft: 2 }];
    const results = index.rank(query(pantry), 20);
    expect(results.map((result) => result.recipeId)).toEqual([recipes[1].id, recipes[0].id]);
    expect(results[0].uses[0].grams).toBe(500);
  });

  describe("generic and specific names", () => {
    const lines = (names: string[]) => ({ ingredientIds: names.map(idOf), keyIngredientIds: names.map(idOf) });
    const recipes = [
      { ...recipe("Pulled pork", []), ...lines(["pork shoulder"]) },
      { ...recipe("Pork dumplings", []), ...lines(["ground pork"]) },
      { ...recipe("Chicken thighs", []), ...lines(["chicken thigh"]) },
      { ...recipe("Cheese toastie", []), ...lines(["cheese"]) },
      { ...recipe("Pork roast", []), ...lines(["pork"]) },
    ];
    const index = createRecipeIndex(recipes, book.ingredients);
    const found = (name: string) =>
      index
        .rank(query([{ ingredientId: idOf(name) }]), 20)
        .map((result) => recipes.find((item) => item.id === result.recipeId)!.name);

    it("counts a generic item for the specific recipes: pork for pork shoulder and ground pork, chicken for thighs", () => {
      expect(found("pork").sort()).toEqual(["Pork dumplings", "Pork roast", "Pulled pork"]);
      expect(found("chicken")).toEqual(["Chicken thighs"]);
    });

    it("counts a specific item for a recipe asking for the generic one, not for its siblings", () => {
      expect(found("cheddar")).toEqual(["Cheese toastie"]);
      expect(found("pork shoulder").sort()).toEqual(["Pork roast", "Pulled pork"]);
      const [result] = index.rank(query([{ ingredientId: idOf("pork") }]), 1);
      expect(result.missing).toEqual([]);
    });
  });
});
