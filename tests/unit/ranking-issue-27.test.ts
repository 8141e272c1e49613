/**
 * Issue 27's cases, on the starter cookbook: the lists a cook would pick. Each fails on the ranking before
 * issue 27 (bench/legacy-ranking.ts: checked by pointing `createRecipeIndex` below at it).
 */
import { describe, expect, it } from "vitest";
import { createRecipeIndex, type PantryEntry, type RankableRecipe, type RankingQuery } from "../../app/domain/ranking";
import { starterCookbook } from "../support/starter-cookbook";

const book = starterCookbook();
const index = createRecipeIndex(book.recipes, book.ingredients);
const byId = new Map(book.recipes.map((recipe) => [recipe.id, recipe]));
const idOf = (name: string) => book.idOf(book.catalogue.match(name)!);
const nameOf = (id: number) => book.ingredients.get(id)!.name;

type Item = string | (Omit<PantryEntry, "ingredientId"> & { name: string });
function query(pantry: Item[], choices: Partial<RankingQuery> = {}): RankingQuery {
  return {
    pantry: pantry.map((given) => {
      const item = typeof given === "string" ? { name: given } : given;
      return { ...item, ingredientId: idOf(item.name) };
    }),
    cuisines: [],
    dietaryPreferences: [],
    mealOccasions: [],
    ...choices,
  };
}
const top = (pantry: Item[], choices: Partial<RankingQuery> = {}, count = 20): RankableRecipe[] =>
  index.rank(query(pantry, choices), count).map((result) => byId.get(result.recipeId)!);

/** How many of the named catalogue ingredients (or kinds of them) the recipe has a line of. */
function usesCount(recipe: RankableRecipe, names: string[]): number {
  const lineNames = recipe.ingredientIds.map(nameOf);
  const kindOf = (line: string, name: string) => {
    for (let at: string | null = line; at; at = book.catalogue.byName(at)?.parent ?? null) if (at === name) return true;
    return false;
  };
  return names.filter((name) => lineNames.some((line) => kindOf(line, name))).length;
}
const contains = (recipe: RankableRecipe, group: string) =>
  recipe.ingredientIds.some((id) => (book.catalogue.byName(nameOf(id))!.allergens as string[]).includes(group));
const CHICKEN = ["chicken"];

describe("urgency does not drown fit", () => {
  it("eggs, bread and milk for breakfast: a top-3 breakfast uses two of them, and the top 8 are all breakfasts", () => {
    const found = top(["egg", "bread", "milk"], { mealOccasions: ["Breakfast"] });
    expect(found.slice(0, 3).some((recipe) => usesCount(recipe, ["egg", "bread", "milk"]) >= 2)).toBe(true);
    expect(
      found
        .slice(0, 8)
        .filter((recipe) => !recipe.occasions.includes("Breakfast"))
        .map((r) => r.name)
    ).toEqual([]);
  });

  it("chicken breast, spinach, garlic, cream: the first recipe uses three of the four, not the chicken alone", () => {
    const [first] = top(["chicken breast", "spinach", "garlic", "heavy cream"]);
    expect(usesCount(first, ["chicken", "spinach", "garlic", "heavy cream"])).toBeGreaterThanOrEqual(3);
  });

  it("yogurt expired, chicken tomorrow, spinach in two days: not six yogurt-only cards", () => {
    const pantry: Item[] = [
      { name: "yogurt", daysLeft: -1 },
      { name: "chicken breast", daysLeft: 1 },
      { name: "spinach", daysLeft: 2 },
      "garlic",
      "onion",
      "tomato",
    ];
    const found = top(pantry, {}, 6);
    const everything = ["yogurt", "chicken", "spinach", "garlic", "onion", "tomato"];
    expect(usesCount(found[0], everything)).toBeGreaterThanOrEqual(4);
    expect(found.filter((recipe) => usesCount(recipe, everything) >= 3).length).toBeGreaterThanOrEqual(3);
  });

  it("equally urgent: a recipe using my three things beats a ready one using one of them", () => {
    const base = { cuisines: [], occasions: [], diets: [], rating: null };
    const lines = (names: string[]) => ({ ingredientIds: names.map(idOf), keyIngredientIds: names.map(idOf) });
    const recipes: RankableRecipe[] = [
      { ...base, id: 1, name: "Sliced tomato", ...lines(["tomato"]) },
      { ...base, id: 2, name: "Shakshuka", ...lines(["tomato", "egg", "onion", "bell pepper"]) },
    ];
    const pantry: Item[] = ["tomato", "egg", "onion"].map((name) => ({ name, daysLeft: 2 }));
    const results = createRecipeIndex(recipes, book.ingredients).rank(query(pantry), 20);
    expect(results.map((result) => result.recipeId)).toEqual([2, 1]);
  });
});

describe("the meal chosen is honoured", () => {
  it("Dinner with pork, tomato and onion: no party snacks on top", () => {
    const found = top(["pork", "tomato", "onion"], { mealOccasions: ["Dinner"] }, 10);
    expect(found.filter((recipe) => !recipe.occasions.includes("Dinner")).map((recipe) => recipe.name)).toEqual([]);
  });

  it("too few recipes for the meal use the pantry: those first, the closest others after, and it says so", () => {
    const page = index.page(query(["plantain", "black bean"], { mealOccasions: ["Breakfast"] }), 0, 10);
    expect(page.occasionMode).toBe("closest");
    expect(page.occasionCount).toBeLessThan(5);
    const occasions = page.recipes.map((result) => byId.get(result.recipeId)!.occasions.includes("Breakfast"));
    expect(occasions.slice(0, page.occasionCount).every(Boolean)).toBe(true);
    expect(page.recipes.length).toBeGreaterThan(page.occasionCount);
  });
});

describe("allergies", () => {
  it("a cook allergic to milk gets no dairy in the top 10, and is told how many were hidden", () => {
    const pantry: Item[] = ["egg", "flour", "butter", "cheese", "tomato", "onion"];
    const page = index.page(query(pantry, { allergies: ["milk"] }), 0, 10);
    const found = page.recipes.map((result) => byId.get(result.recipeId)!);
    expect(found.filter((recipe) => contains(recipe, "milk")).map((recipe) => recipe.name)).toEqual([]);
    expect(page.hiddenForAllergies).toBeGreaterThan(10);
    expect(page.recipes.every((result) => result.allergens.length === 0)).toBe(true);
  });

  it("shows the hidden recipes again when asked, each naming the allergy it contains", () => {
    const pantry: Item[] = ["egg", "flour", "butter", "cheese"];
    const hidden = index.page(query(pantry, { allergies: ["milk", "sesame"] }), 0, 500);
    const shown = index.page(query(pantry, { allergies: ["milk", "sesame"], showAllergens: true }), 0, 500);
    expect(shown.total).toBe(hidden.total + hidden.hiddenForAllergies);
    const marked = shown.recipes.filter((result) => result.allergens.length > 0);
    expect(marked).toHaveLength(hidden.hiddenForAllergies);
    for (const result of marked)
      expect(contains(byId.get(result.recipeId)!, "milk")).toBe(result.allergens.includes("milk"));
  });
});

describe("cuts and forms", () => {
  it("chicken breast, spinach, garlic: the chicken saag made with thighs is in the top 20, saying what stands in", () => {
    const results = index.rank(query(["chicken breast", "spinach", "garlic"]), 20);
    const saag = results.find((result) => byId.get(result.recipeId)!.name === "Chicken Saag with Wilting Greens");
    expect(saag?.have).toContain("chicken breast (for chicken thigh)");
    expect(saag?.uses[0].standsInFor).toBe("chicken thigh");
  });

  it("a stand-in counts a little less than the recipe's own ingredient", () => {
    const base = { cuisines: [], occasions: [], diets: [], rating: null };
    const recipes: RankableRecipe[] = ["chicken thigh", "chicken breast"].map((cut, at) => ({
      ...base,
      id: at + 1,
      name: `A ${cut} stew`,
      ingredientIds: [idOf(cut), idOf("onion")],
      keyIngredientIds: [idOf(cut), idOf("onion")],
    }));
    const results = createRecipeIndex(recipes, book.ingredients).rank(query(["chicken breast", "onion"]), 20);
    expect(results.map((result) => result.recipeId)).toEqual([2, 1]);
    expect(results[1].fit).toBeLessThan(results[0].fit);
    expect(results[1].have).toEqual(["chicken breast (for chicken thigh)", "onion"]);
  });

  it("ground beef brings mince recipes, not steak", () => {
    const found = top(["ground beef", "onion"], {}, 5);
    expect(found.filter((recipe) => usesCount(recipe, ["ground beef"]) === 0).map((recipe) => recipe.name)).toEqual([]);
  });

  it("a generic 'pork' matches its kinds and the card names what the cook has", () => {
    const results = index.rank(query(["pork"]), 20);
    const mince = results.find((result) =>
      byId.get(result.recipeId)!.ingredientIds.map(nameOf).includes("ground pork")
    );
    expect(mince?.have).toContain("pork (for ground pork)");
  });

  it("lime stands in for a little lemon, not for a lemon dish", () => {
    const lines = (names: string[], grams: number[]) => ({
      ingredientIds: names.map(idOf),
      keyIngredientIds: names.map(idOf),
      ingredientGrams: grams,
    });
    const base = { cuisines: [], occasions: [], diets: [], rating: null };
    const recipes: RankableRecipe[] = [
      { ...base, id: 1, name: "Fish with a squeeze of lemon", ...lines(["cod", "lemon"], [300, 30]) },
      { ...base, id: 2, name: "Lemon curd", ...lines(["lemon", "egg"], [400, 200]) },
    ];
    const small = createRecipeIndex(recipes, book.ingredients);
    const results = small.rank(query(["lime"]), 20);
    expect(results.map((result) => result.recipeId)).toEqual([1]);
    expect(results[0].have).toEqual(["lime (for lemon)"]);
  });
});

describe("filters and the empty list", () => {
  it("counts every candidate and pages through them", () => {
    const first = index.page(query(["onion", "garlic"]), 0, 20);
    const second = index.page(query(["onion", "garlic"]), 20, 20);
    expect(first.total).toBeGreaterThan(40);
    expect(second.recipes).toHaveLength(20);
    const ids = new Set(first.recipes.map((result) => result.recipeId));
    expect(second.recipes.some((result) => ids.has(result.recipeId))).toBe(false);
  });

  it("a quick filter looks past the first 20: every ready recipe, however far down", () => {
    const everything = index.page(query(["onion", "garlic", "tomato"]), 0, 1000);
    const ready = index.page(query(["onion", "garlic", "tomato"], { filters: { maxMissing: 1 } }), 0, 1000);
    expect(ready.total).toBe(everything.recipes.filter((result) => result.missing.length <= 1).length);
  });

  it("contradictory diets: the list is empty and names the diet that emptied it", () => {
    const diets = ["Vegetarian", "Keto", "High carb", "Diabetes"];
    const page = index.page(query(["egg", "tomato", "onion"], { dietaryPreferences: diets }), 0, 20);
    expect(page.total).toBe(0);
    expect(page.withoutChoice.map((entry) => entry.choice)).toContainEqual({ kind: "diet", value: "High carb" });
  });

  it("vegetarian with tofu and broccoli: nothing uses both, the closest are vegetarian", () => {
    const page = index.page(query(["tofu", "broccoli"], { dietaryPreferences: ["Vegetarian"] }), 0, 20);
    const found = page.recipes.map((result) => byId.get(result.recipeId)!);
    expect(found.every((recipe) => recipe.diets.includes("Vegetarian"))).toBe(true);
    expect(found.some((recipe) => usesCount(recipe, ["tofu", "broccoli"]) === 2)).toBe(false);
    expect(page.recipes.every((result) => result.uses.length === 1)).toBe(true);
  });
});

it("keeps the same list for a chicken recipe whichever cut the cook names", () => {
  for (const cut of ["chicken breast", "chicken thigh", "chicken drumstick"])
    expect(top([cut], {}, 3).every((recipe) => usesCount(recipe, CHICKEN) > 0)).toBe(true);
});
