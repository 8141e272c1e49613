import { describe, expect, it } from "vitest";

import { getCatalogue } from "../../app/domain/catalogue-data";
import { recipeNutrition } from "../../app/domain/nutrition";

const catalogue = getCatalogue();

describe("recipeNutrition", () => {
  it("sums grams × values per 100 g and divides by servings", () => {
    const { perServing, unconverted } = recipeNutrition(
      [
        { name: "chicken breast", quantity: "400 g" },
        { name: "olive oil", quantity: "2 tbsp" },
      ],
      2,
      catalogue
    );
    const chicken = catalogue.byName("chicken breast")!;
    const oil = catalogue.byName("olive oil")!;
    const expectedCalories =
      (chicken.caloriesPer100g! * 4 + (oil.caloriesPer100g! * oil.unitWeights.tbsp * 2) / 100) / 2;
    expect(perServing.calories).toBe(Math.round(expectedCalories));
    expect(perServing.protein).toBeCloseTo(chicken.proteinPer100g! * 2, 1);
    expect(unconverted).toEqual([]);
  });

  it("rounds to whole kcal and mg and to one decimal for grams", () => {
    const { perServing } = recipeNutrition([{ name: "egg", quantity: "3" }], 2, catalogue);
    expect(Number.isInteger(perServing.calories)).toBe(true);
    expect(Number.isInteger(perServing.sodium)).toBe(true);
    expect(perServing.protein * 10).toBeCloseTo(Math.round(perServing.protein * 10), 6);
  });

  it("reports the lines it could not convert, but not seasoning to taste", () => {
    const { unconverted } = recipeNutrition(
      [
        { name: "tomato", quantity: "2" },
        { name: "moonbeam glitter", quantity: "1 cup" },
        { name: "pork", quantity: "1 bunch" },
        { name: "salt", quantity: "to taste" },
      ],
      4,
      catalogue
    );
    expect(unconverted).toEqual([
      { name: "moonbeam glitter", quantity: "1 cup", reason: "unknown ingredient" },
      { name: "pork", quantity: "1 bunch", reason: "no weight for this unit" },
    ]);
  });

  it("counts only the oil a deep-fried dish absorbs", () => {
    const oil = [{ name: "vegetable oil", quantity: "500 ml" }];
    const inThePan = recipeNutrition(oil, 1, catalogue).perServing.fat;
    const absorbed = recipeNutrition([{ ...oil[0], note: "for deep-frying" }], 1, catalogue).perServing.fat;
    expect(absorbed).toBeCloseTo(inThePan * 0.15, 0);
  });

  it("treats zero servings as one", () => {
    const one = recipeNutrition([{ name: "rice", quantity: "100 g" }], 1, catalogue);
    expect(recipeNutrition([{ name: "rice", quantity: "100 g" }], 0, catalogue)).toEqual(one);
  });
});
