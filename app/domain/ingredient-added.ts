/** The popup after adding an ingredient, shown for 2 s (apart from pantry.ts: the search screen shows it). */
export const INGREDIENT_ADDED = "Ingredient added.";
export const INGREDIENT_ADDED_POPUP_MS = 2_000;
