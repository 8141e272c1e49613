/** The eight catalogue types, spelled as the screens and the JSON calls show them. */
export const INGREDIENT_TYPES = [
  "Grains nuts and baking products",
  "Vegetables",
  "Meat sausages and fish",
  "Eggs",
  "Milk and dairy products",
  "Fruit",
  "Seasoning",
  "Oil and fat",
] as const;

export type IngredientType = (typeof INGREDIENT_TYPES)[number];

/** Type given to a manually entered name the catalogue does not know. */
export const OTHER_TYPE = "Other";

/** Type marking seasonings and dressings in a recipe. */
export const MISCELLANEOUS_TYPE = "miscellaneous items";

export type DisplayType = IngredientType | typeof OTHER_TYPE | typeof MISCELLANEOUS_TYPE;

/** Icon shown for an ingredient without a specific one (names from Fluent Emoji Flat). */
export const TYPE_ICONS: Record<DisplayType, string> = {
  "Grains nuts and baking products": "sheaf-of-rice",
  Vegetables: "leafy-green",
  "Meat sausages and fish": "cut-of-meat",
  Eggs: "egg",
  "Milk and dairy products": "glass-of-milk",
  Fruit: "red-apple",
  Seasoning: "salt",
  "Oil and fat": "pouring-liquid",
  Other: "shopping-bags",
  "miscellaneous items": "jar",
};

/** The picture of an ingredient, served by /icons/<name>: the catalogue's own, else its type's. */
export function ingredientIconUrl(type: string, ingredient: { icon?: string | null } | null = null): string {
  return `/icons/${ingredient?.icon || TYPE_ICONS[type as DisplayType] || TYPE_ICONS[OTHER_TYPE]}`;
}
