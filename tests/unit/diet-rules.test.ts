import { describe, expect, it } from "vitest";

import { getCatalogue } from "../../app/domain/catalogue-data";
import { dietaryPreferencesOf, fitsDietaryPreference } from "../../app/domain/diet-rules";
import type { Nutrition } from "../../app/domain/nutrition";

const catalogue = getCatalogue();
const ingredients = (...names: string[]) => names.map((name) => catalogue.byName(name)!);
const nutrition = (values: Partial<Nutrition>): Nutrition => ({
  calories: 500,
  protein: 20,
  fat: 20,
  carbohydrates: 50,
  sodium: 400,
  sugar: 5,
  ...values,
});

describe("ingredient-based preferences", () => {
  it("a vegetable curry with coconut milk is vegetarian, dairy-free and nut-free", () => {
    const curry = ingredients("chickpea", "spinach", "coconut milk", "onion", "garam masala");
    const fits = dietaryPreferencesOf(curry, null);
    expect(fits).toEqual(
      expect.arrayContaining([
        "Vegetarian",
        "Pescatarian",
        "Dairy-free",
        "Lactose Intolerance",
        "Nuts Allergies",
        "No red meat",
        "Gluten intolerance",
      ])
    );
  });

  it("fish sauce or stock made from animals rule out vegetarian", () => {
    expect(fitsDietaryPreference("Vegetarian", ingredients("rice noodle", "fish sauce"), null)).toBe(false);
    expect(fitsDietaryPreference("Vegetarian", ingredients("rice", "chicken stock"), null)).toBe(false);
  });

  it("pescatarians eat fish but not chicken", () => {
    expect(fitsDietaryPreference("Pescatarian", ingredients("salmon", "shrimp", "lemon"), null)).toBe(true);
    expect(fitsDietaryPreference("Pescatarian", ingredients("chicken thigh", "lemon"), null)).toBe(false);
  });

  it("no red meat allows poultry but not beef, pork, bacon or lamb", () => {
    expect(fitsDietaryPreference("No red meat", ingredients("chicken breast", "turkey"), null)).toBe(true);
    for (const meat of ["ground beef", "pork belly", "bacon", "lamb", "chorizo"]) {
      expect(fitsDietaryPreference("No red meat", ingredients(meat), null)).toBe(false);
    }
  });

  it("tells red meat by name and type alone, agreeing with the CO2 product each meat was sourced as", () => {
    const RED_MEAT_PRODUCTS = ["beef (beef herd)", "beef (dairy herd)", "pork", "bacon", "lamb & mutton"];
    const meats = catalogue.ingredients.filter((ingredient) => ingredient.type === "Meat sausages and fish");
    const misjudged = meats.filter(
      (meat) => fitsDietaryPreference("No red meat", [meat], null) === RED_MEAT_PRODUCTS.includes(meat.co2Product ?? "")
    );
    expect(meats.length).toBeGreaterThan(50);
    expect(misjudged.map((meat) => meat.name)).toEqual([]);
  });

  it("parmesan suits lactose intolerance but not a dairy-free diet; cream suits neither", () => {
    expect(fitsDietaryPreference("Lactose Intolerance", ingredients("pasta", "parmesan"), null)).toBe(true);
    expect(fitsDietaryPreference("Dairy-free", ingredients("pasta", "parmesan"), null)).toBe(false);
    expect(fitsDietaryPreference("Lactose Intolerance", ingredients("pasta", "heavy cream"), null)).toBe(false);
  });

  it("soy sauce carries gluten; peanuts and walnuts break nut allergies", () => {
    expect(fitsDietaryPreference("Gluten intolerance", ingredients("rice", "soy sauce"), null)).toBe(false);
    expect(fitsDietaryPreference("Nuts Allergies", ingredients("peanut"), null)).toBe(false);
    expect(fitsDietaryPreference("Nuts Allergies", ingredients("walnut"), null)).toBe(false);
  });
});

describe("nutrition-based preferences", () => {
  it("keto needs few carbohydrates and most energy from fat", () => {
    expect(
      fitsDietaryPreference("Keto", [], nutrition({ calories: 600, fat: 45, carbohydrates: 8, protein: 35 }))
    ).toBe(true);
    expect(
      fitsDietaryPreference("Keto", [], nutrition({ calories: 600, fat: 20, carbohydrates: 8, protein: 35 }))
    ).toBe(false);
    expect(fitsDietaryPreference("Keto", [], nutrition({ calories: 600, fat: 45, carbohydrates: 15 }))).toBe(false);
  });

  it("low carb, high carb and high protein follow their thresholds", () => {
    expect(fitsDietaryPreference("Low carb", [], nutrition({ carbohydrates: 20 }))).toBe(true);
    expect(fitsDietaryPreference("Low carb", [], nutrition({ carbohydrates: 21 }))).toBe(false);
    expect(fitsDietaryPreference("High carb", [], nutrition({ calories: 500, carbohydrates: 80 }))).toBe(true);
    expect(fitsDietaryPreference("High carb", [], nutrition({ calories: 900, carbohydrates: 80 }))).toBe(false);
    expect(fitsDietaryPreference("High protein", [], nutrition({ calories: 450, protein: 30 }))).toBe(true);
    expect(fitsDietaryPreference("High protein", [], nutrition({ calories: 900, protein: 30 }))).toBe(false);
  });

  it("diabetes-friendly and healthy limit sugar, energy, fat and salt", () => {
    expect(fitsDietaryPreference("Diabetes", [], nutrition({ carbohydrates: 40, sugar: 6 }))).toBe(true);
    expect(fitsDietaryPreference("Diabetes", [], nutrition({ carbohydrates: 40, sugar: 25 }))).toBe(false);
    expect(fitsDietaryPreference("Healthy", [], nutrition({}))).toBe(true);
    expect(fitsDietaryPreference("Healthy", [], nutrition({ sodium: 1200 }))).toBe(false);
    expect(fitsDietaryPreference("Healthy", [], nutrition({ calories: 950 }))).toBe(false);
  });

  it("claims nothing nutritional without nutrition", () => {
    expect(dietaryPreferencesOf(ingredients("salmon"), null)).not.toContain("High protein");
  });

  it("lists preferences in the spec's order", () => {
    const fits = dietaryPreferencesOf(
      ingredients("tofu", "broccoli"),
      nutrition({ calories: 300, protein: 25, fat: 12, carbohydrates: 15 })
    );
    expect(fits).toEqual([
      "Vegetarian",
      "Lactose Intolerance",
      "Pescatarian",
      "Gluten intolerance",
      "No red meat",
      "Diabetes",
      "Dairy-free",
      "Low carb",
      "High protein",
      "Nuts Allergies",
      "Healthy",
    ]);
  });
});
