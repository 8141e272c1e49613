import { describe, expect, it } from "vitest";
import { allergyMatches } from "~/domain/allergens";
import { clashingDietPairs, dietClashMessage } from "~/domain/diet-clashes";
import { rankingIngredients } from "~/domain/ranking-catalogue";
import { createRecipeIndex } from "~/domain/ranking";
import { starterCookbook } from "../support/starter-cookbook";

const book = starterCookbook();
const index = createRecipeIndex(book.recipes, book.ingredients);
const pairs = clashingDietPairs((diets) => index.countWithDiets(diets));

describe("contradictory diets on /preferences", () => {
  it("finds Keto and High carb contradictory on the starter cookbook", () => {
    expect(pairs).toContainEqual(["Keto", "High carb"]);
    expect(pairs).not.toContainEqual(["Vegetarian", "Healthy"]);
  });

  it("names the clashing pairs among the chosen diets, or nothing when they fit together", () => {
    const message = dietClashMessage(["Vegetarian", "Keto", "High carb", "Diabetes"], pairs, true);
    expect(message).toMatch(/^These diets contradict each other: no recipe is .*Keto and High carb/);
    expect(dietClashMessage(["Vegetarian", "Healthy"], pairs, false)).toBeNull();
    expect(dietClashMessage(["Vegetarian", "Healthy"], [], true)).toBe(
      "No recipe is Vegetarian, Healthy all at once. Recipes must fit every diet you choose, so untick one."
    );
  });
});

describe("what the ranking knows of the catalogue", () => {
  const ingredients = rankingIngredients(book.catalogue.ingredients, book.idOf);
  const idOf = (name: string) => book.idOf(book.catalogue.byName(name)!);

  it("records stand-ins: chicken cuts for each other, lemon and lime for a little juice", () => {
    expect(ingredients.get(idOf("chicken breast"))!.standIns).toEqual([
      { ingredientId: idOf("chicken thigh"), upToGrams: null },
      { ingredientId: idOf("chicken drumstick"), upToGrams: null },
    ]);
    expect(ingredients.get(idOf("lime"))!.standIns).toEqual([{ ingredientId: idOf("lemon"), upToGrams: 60 }]);
  });

  it("does not file ground beef under the catalogue's beef (steak), while ground pork stays a kind of pork", () => {
    expect(ingredients.get(idOf("ground beef"))!.parentId).toBeNull();
    expect(ingredients.get(idOf("ground pork"))!.parentId).toBe(idOf("pork"));
  });

  it("leaves out what an allergy names: its allergen group, else the words of the name", () => {
    const names = (allergy: string) => allergyMatches(allergy, ingredients).map((id) => ingredients.get(id)!.name);
    expect(names("milk")).toEqual(expect.arrayContaining(["butter", "cheddar", "yogurt", "milk"]));
    expect(names("milk")).not.toContain("coconut milk");
    expect(names("nuts")).toEqual(expect.arrayContaining(["peanut butter"]));
    expect(names("kiwi")).toEqual(["kiwi"]);
    expect(names("  ")).toEqual([]);
  });
});
