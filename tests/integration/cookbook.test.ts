import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { analyzeRecipe, type RecipeDraft } from "~/domain/recipe-analysis";
import { checkCookbook, MIN_PER_TAG, MIN_RECIPES } from "../../prisma/tools/recipes-check";

const report = checkCookbook();
const analysisOf = (name: string) => {
  const analysis = report.analyses.get(name);
  if (!analysis) throw new Error(`no starter recipe named "${name}"`);
  return analysis;
};

describe("the starter cookbook (npm run recipes:check)", () => {
  it("has no problems", () => {
    expect(report.problems).toEqual([]);
  });

  it(`has at least ${MIN_RECIPES} recipes and ${MIN_PER_TAG} per cuisine, occasion and diet`, () => {
    expect(report.total).toBeGreaterThanOrEqual(MIN_RECIPES);
    for (const [values, counts] of [
      [CUISINES, report.byCuisine],
      [MEAL_OCCASIONS, report.byOccasion],
      [DIETARY_PREFERENCES, report.byDiet],
    ] as const) {
      for (const value of values) expect(counts[value], value).toBeGreaterThanOrEqual(MIN_PER_TAG);
    }
  });

  it("tags a vegetarian dish Vegetarian, with no meat or fish line", () => {
    const tzatziki = analysisOf("Cucumber and Dill Tzatziki");
    expect(tzatziki.diets).toContain("Vegetarian");
    expect(tzatziki.lines.map((line) => line.ingredient?.type)).not.toContain("Meat sausages and fish");
  });

  it("keeps beef out of Vegetarian and No red meat, and chicken out of Vegetarian only", () => {
    const rendang = analysisOf("Slow-Cooked Malaysian Beef Rendang").diets;
    expect(rendang).not.toContain("Vegetarian");
    expect(rendang).not.toContain("No red meat");
    const satay = analysisOf("Chicken Satay Skewers with Peanut Sauce").diets;
    expect(satay).not.toContain("Vegetarian");
    expect(satay).toContain("No red meat");
    expect(satay).not.toContain("Nuts Allergies");
  });

  it("only calls a recipe Keto when a serving has at most 10 g of carbohydrate", () => {
    const keto = [...report.analyses.values()].filter((analysis) => analysis.diets.includes("Keto"));
    expect(keto.length).toBeGreaterThanOrEqual(MIN_PER_TAG);
    for (const analysis of keto) expect(analysis.nutrition!.carbohydrates).toBeLessThanOrEqual(10);
    expect(analysisOf("Ripe Banana Oat Pancakes").diets).not.toContain("Keto");
  });

  it("shows seasonings as miscellaneous items and main ingredients with their catalogue type", () => {
    const pancakes = analysisOf("Ripe Banana Oat Pancakes");
    const typeOf = (name: string) => pancakes.lines.find((line) => line.name === name)?.type;
    expect(typeOf("salt")).toBe("miscellaneous items");
    expect(typeOf("maple syrup")).toBe("miscellaneous items");
    expect(typeOf("banana")).toBe("Fruit");
    expect(typeOf("egg")).toBe("Eggs");
  });

  it("computes real nutrition per serving for every recipe", () => {
    for (const [name, analysis] of report.analyses) {
      const nutrition = analysis.nutrition;
      expect(nutrition, name).not.toBeNull();
      expect(nutrition!.calories, name).toBeGreaterThan(30);
      expect(nutrition!.calories, name).toBeLessThan(1500);
    }
    const pancakes = analysisOf("Ripe Banana Oat Pancakes").nutrition!;
    expect(pancakes.carbohydrates).toBeGreaterThan(pancakes.protein);
  });
});

describe("analyzeRecipe on a recipe with mistakes", () => {
  const draft: RecipeDraft = {
    name: "Mystery Stew",
    cuisines: ["Fusion"],
    occasions: ["Dinner"],
    servings: 2,
    ingredients: [
      { name: "chicken thigh", quantity: "400 g" },
      { name: "unobtainium", quantity: "1 cup" },
      { name: "carrot", quantity: "2 bucketfuls" },
      { name: "potato", quantity: "to taste" },
      { name: "salt", quantity: "to taste", seasoning: true },
      { name: "Chicken thigh", quantity: "1 bunch" },
    ],
    steps: ["Cook everything.", " "],
    tips: [],
    origin: "imported",
  };
  const analysis = analyzeRecipe(draft, getCatalogue());

  it("lists each problem and marks the unknown line Other", () => {
    expect(analysis.problems.map((problem) => problem.kind).sort()).toEqual(
      [
        "duplicate ingredient",
        "empty step",
        "no amount",
        "no weight for this unit",
        "unknown unit",
        "unmatched ingredient",
      ].sort()
    );
    expect(analysis.lines.find((line) => line.name === "unobtainium")?.type).toBe("Other");
  });

  it("derives no diet tags when an ingredient is unknown, but still sums what it knows", () => {
    expect(analysis.diets).toEqual([]);
    expect(analysis.nutrition!.protein).toBeGreaterThan(0);
  });
});
