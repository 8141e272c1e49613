/** The catalogue's names in other languages (prisma/data/ingredient-names.json, from Open Food Facts, ODbL). */
import names from "../../prisma/data/ingredient-names.json";
import type { CatalogueIngredient } from "./catalogue";

const byIngredient = names as Record<string, Record<string, string[]>>;

/** The ingredient with its names in the main European languages added as translations. */
export function withTranslations(ingredient: CatalogueIngredient): CatalogueIngredient {
  const translations = Object.values(byIngredient[ingredient.name] ?? {}).flat();
  return translations.length > 0 ? { ...ingredient, translations } : ingredient;
}
