/**
 * The built-in ingredient suggestion list (35 items across the eight types) and the
 * five recommended toggles on Search. Every name is a catalogue ingredient (checked by a unit test).
 */
import type { IngredientType } from "./ingredient-types";

export interface SuggestedIngredient {
  name: string;
  type: IngredientType;
}

/** What people most often have at home and want to use up before it spoils. */
export const BUILT_IN_SUGGESTIONS: readonly SuggestedIngredient[] = [
  { name: "rice", type: "Grains nuts and baking products" },
  { name: "pasta", type: "Grains nuts and baking products" },
  { name: "bread", type: "Grains nuts and baking products" },
  { name: "flour", type: "Grains nuts and baking products" },
  { name: "chickpea", type: "Grains nuts and baking products" },
  { name: "tomato", type: "Vegetables" },
  { name: "onion", type: "Vegetables" },
  { name: "garlic", type: "Vegetables" },
  { name: "potato", type: "Vegetables" },
  { name: "carrot", type: "Vegetables" },
  { name: "bell pepper", type: "Vegetables" },
  { name: "spinach", type: "Vegetables" },
  { name: "broccoli", type: "Vegetables" },
  { name: "mushroom", type: "Vegetables" },
  { name: "chicken breast", type: "Meat sausages and fish" },
  { name: "ground beef", type: "Meat sausages and fish" },
  { name: "bacon", type: "Meat sausages and fish" },
  { name: "salmon", type: "Meat sausages and fish" },
  { name: "shrimp", type: "Meat sausages and fish" },
  { name: "egg", type: "Eggs" },
  { name: "milk", type: "Milk and dairy products" },
  { name: "cheese", type: "Milk and dairy products" },
  { name: "yogurt", type: "Milk and dairy products" },
  { name: "heavy cream", type: "Milk and dairy products" },
  { name: "lemon", type: "Fruit" },
  { name: "apple", type: "Fruit" },
  { name: "banana", type: "Fruit" },
  { name: "lime", type: "Fruit" },
  { name: "strawberry", type: "Fruit" },
  { name: "parsley", type: "Seasoning" },
  { name: "cilantro", type: "Seasoning" },
  { name: "basil", type: "Seasoning" },
  { name: "soy sauce", type: "Seasoning" },
  { name: "butter", type: "Oil and fat" },
  { name: "olive oil", type: "Oil and fat" },
];

/** Search's recommended ingredient toggles, labelled as in the spec. */
export const RECOMMENDED_TOGGLES = ["Bread", "Tomato", "Celery", "Pork", "Shrimp"] as const;

/** How many most-searched toggles Home shows. */
export const MOST_SEARCHED_TOGGLE_COUNT = 6;

/**
 * Home's most-searched toggles: the names people search for and add most, topped up from the built-in list
 * while few (or none) have been searched yet.
 */
export function mostSearchedToggles(mostSearched: readonly string[], count = MOST_SEARCHED_TOGGLE_COUNT): string[] {
  const names = new Set([...mostSearched, ...BUILT_IN_SUGGESTIONS.map((item) => item.name)]);
  return [...names].slice(0, count);
}
