/**
 * Which of the spec's dietary preferences a recipe fits, from its ingredients (types, allergen groups)
 * and its nutrition per serving. The rules and their sources are written down in docs/diet-rules.md.
 */
import type { AllergenGroup } from "./allergen-groups";
import type { CatalogueIngredient } from "./catalogue";
import { DIETARY_PREFERENCES, type DietaryPreference } from "./constants";
import type { Nutrition } from "./nutrition";

type DietIngredient = Pick<CatalogueIngredient, "name" | "type" | "allergens">;

export const DIET_THRESHOLDS = {
  keto: { maxCarbohydrates: 10, minFatEnergyShare: 0.6 },
  lowCarb: { maxCarbohydrates: 20 },
  highCarb: { minCarbohydrates: 45, minCarbohydrateEnergyShare: 0.55 },
  highProtein: { minProtein: 25, minProteinEnergyShare: 0.2 },
  diabetes: { maxCarbohydrates: 45, maxSugar: 10 },
  healthy: { maxCalories: 600, maxFat: 21, maxSugar: 27, maxSodium: 720 },
} as const;

const SEAFOOD: AllergenGroup[] = ["fish", "crustaceans", "molluscs"];
/** Made from slaughtered land animals without being typed as meat. */
const MEAT_DERIVED = new Set(["gelatin", "lard", "chicken stock", "beef stock", "gravy"]);
const RED_MEAT_DERIVED = new Set(["lard", "beef stock", "gravy"]);
/** Birds; every other land meat in the catalogue (beef, veal, pork and its sausages, lamb, goat) is red meat. */
const POULTRY = /\b(chicken|turkey|duck|goose|quail|pheasant)\b/;
/** Under 0.1 g lactose per 100 g (aged hard cheeses) or used in small amounts of nearly pure fat. */
const NEARLY_LACTOSE_FREE = new Set(["ghee", "butter", "parmesan", "pecorino", "cheddar", "gruyère", "gouda"]);

const isSeafood = (ingredient: DietIngredient) => ingredient.allergens.some((group) => SEAFOOD.includes(group));
const isLandMeat = (ingredient: DietIngredient) =>
  ingredient.type === "Meat sausages and fish" && !isSeafood(ingredient);
const isMeat = (ingredient: DietIngredient) => isLandMeat(ingredient) || MEAT_DERIVED.has(ingredient.name);
const isRedMeat = (ingredient: DietIngredient) =>
  (isLandMeat(ingredient) && !POULTRY.test(ingredient.name)) || RED_MEAT_DERIVED.has(ingredient.name);
const contains = (ingredient: DietIngredient, ...groups: AllergenGroup[]) =>
  ingredient.allergens.some((group) => groups.includes(group));

type Rule = (ingredients: DietIngredient[], nutrition: Nutrition | null) => boolean;

/** Share of a serving's energy from a macronutrient (4 kcal/g protein and carbohydrate, 9 kcal/g fat). */
function energyShare(nutrition: Nutrition, grams: number, kcalPerGram: number): number {
  return nutrition.calories > 0 ? (grams * kcalPerGram) / nutrition.calories : 0;
}

function byNutrition(test: (nutrition: Nutrition) => boolean): Rule {
  return (_, nutrition) => nutrition !== null && test(nutrition);
}

const { keto, lowCarb, highCarb, highProtein, diabetes, healthy } = DIET_THRESHOLDS;

const RULES: Record<DietaryPreference, Rule> = {
  Vegetarian: (ingredients) => !ingredients.some((i) => isMeat(i) || isSeafood(i)),
  "Lactose Intolerance": (ingredients) =>
    !ingredients.some((i) => contains(i, "milk") && !NEARLY_LACTOSE_FREE.has(i.name)),
  Pescatarian: (ingredients) => !ingredients.some(isMeat),
  "Gluten intolerance": (ingredients) => !ingredients.some((i) => contains(i, "gluten")),
  "No red meat": (ingredients) => !ingredients.some(isRedMeat),
  Keto: byNutrition(
    (n) => n.carbohydrates <= keto.maxCarbohydrates && energyShare(n, n.fat, 9) >= keto.minFatEnergyShare
  ),
  Diabetes: byNutrition((n) => n.carbohydrates <= diabetes.maxCarbohydrates && n.sugar <= diabetes.maxSugar),
  "Dairy-free": (ingredients) => !ingredients.some((i) => contains(i, "milk")),
  "Low carb": byNutrition((n) => n.carbohydrates <= lowCarb.maxCarbohydrates),
  "High carb": byNutrition(
    (n) =>
      n.carbohydrates >= highCarb.minCarbohydrates &&
      energyShare(n, n.carbohydrates, 4) >= highCarb.minCarbohydrateEnergyShare
  ),
  "High protein": byNutrition(
    (n) => n.protein >= highProtein.minProtein && energyShare(n, n.protein, 4) >= highProtein.minProteinEnergyShare
  ),
  "Nuts Allergies": (ingredients) => !ingredients.some((i) => contains(i, "tree nuts", "peanuts")),
  Healthy: byNutrition(
    (n) =>
      n.calories <= healthy.maxCalories &&
      n.fat <= healthy.maxFat &&
      n.sugar <= healthy.maxSugar &&
      n.sodium <= healthy.maxSodium
  ),
};

/** The dietary preferences a recipe fits, in the spec's order. Without nutrition, only ingredient rules apply. */
export function dietaryPreferencesOf(ingredients: DietIngredient[], nutrition: Nutrition | null): DietaryPreference[] {
  return DIETARY_PREFERENCES.filter((preference) => RULES[preference](ingredients, nutrition));
}

export function fitsDietaryPreference(
  preference: DietaryPreference,
  ingredients: DietIngredient[],
  nutrition: Nutrition | null
): boolean {
  return RULES[preference](ingredients, nutrition);
}
