/** The catalogue's names in other languages (prisma/data/ingredient-names.json, from Open Food Facts, ODbL). */
import names from "../../prisma/data/ingredient-names.json";
import type { CatalogueIngredient } from "./catalogue";

const byIngredient = names as Record<string, Record<string, string[]>>;

/** Languages that name the food first and what it is made of or with after it: "beurre demi-sel" is butter. */
const HEAD_FIRST = new Set(["fr", "es", "it", "pt"]);

/** The ingredient with its names in other languages added as translations. */
export function withTranslations(ingredient: CatalogueIngredient): CatalogueIngredient {
  const byLanguage = Object.entries(byIngredient[ingredient.name] ?? {});
  const translations = byLanguage.flatMap(([, names]) => names);
  if (translations.length === 0) return ingredient;
  const headFirstTranslations = byLanguage.flatMap(([language, names]) => (HEAD_FIRST.has(language) ? names : []));
  return { ...ingredient, translations, headFirstTranslations };
}
