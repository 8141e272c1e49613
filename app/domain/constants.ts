/** The preference lists (cuisines, diets, meal occasions), spelled exactly as the screens and JSON calls show them. */

export const CUISINES = [
  "Southeast Asian",
  "American",
  "Italian",
  "Mexican",
  "Indian",
  "Fusion",
  "South American",
  "Middle Eastern",
  "Mediterranean",
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const DIETARY_PREFERENCES = [
  "Vegetarian",
  "Lactose Intolerance",
  "Pescatarian",
  "Gluten intolerance",
  "No red meat",
  "Keto",
  "Diabetes",
  "Dairy-free",
  "Low carb",
  "High carb",
  "High protein",
  "Nuts Allergies",
  "Healthy",
] as const;
export type DietaryPreference = (typeof DIETARY_PREFERENCES)[number];

export const MEAL_OCCASIONS = ["Breakfast", "Lunch", "Dinner", "Snack", "Side Dish", "Party"] as const;
export type MealOccasion = (typeof MEAL_OCCASIONS)[number];
