/**
 * What the search box on /search offers for a typed text: the ingredient the text names exactly first, then
 * names and synonyms starting with it, then near misses (typos). Each match says which synonym it was found
 * through, so "tom" → "salsa (tomato salsa)" makes sense to the reader.
 */
import { nameKey, normalizeText, type Catalogue, type CatalogueIngredient } from "./catalogue";

export const MAX_SEARCH_QUERY_LENGTH = 60;
export const DEFAULT_SEARCH_LIMIT = 8;

export interface IngredientMatch {
  name: string;
  /** the list key the ingredient gets (see domain/pantry.ts) */
  key: string;
  type: string;
  /** the synonym the text matched, when it is not the ingredient's own name */
  via: string | null;
}

function startsAWord(text: string, typed: string): boolean {
  return text.startsWith(typed) || text.includes(` ${typed}`);
}

/** How the text reached the ingredient: its name, one of its synonyms, or neither (a typo). */
function howMatched(ingredient: CatalogueIngredient, typed: string): { via: string | null; typo: boolean } {
  const singular = nameKey(typed);
  const matches = (text: string) => startsAWord(normalizeText(text), typed) || startsAWord(nameKey(text), singular);
  if (matches(ingredient.name) || (ingredient.plural && matches(ingredient.plural))) return { via: null, typo: false };
  const synonym = ingredient.aliases.find(matches);
  return synonym ? { via: synonym, typo: false } : { via: null, typo: true };
}

export function searchIngredients(
  catalogue: Catalogue,
  query: string,
  limit = DEFAULT_SEARCH_LIMIT
): IngredientMatch[] {
  const typed = normalizeText(query.slice(0, MAX_SEARCH_QUERY_LENGTH));
  if (!typed || limit <= 0) return [];
  const found = new Set<CatalogueIngredient>();
  const exact = catalogue.find(typed);
  if (exact) found.add(exact);
  for (const ingredient of catalogue.suggest(typed, limit)) found.add(ingredient);
  // A whole misspelt name ("chiken") has no prefix match; the matcher's typo search finds it.
  if (found.size === 0) {
    const guessed = catalogue.match(typed);
    if (guessed) found.add(guessed);
  }
  const matches = [...found].map((ingredient) => ({ ingredient, ...howMatched(ingredient, typed) }));
  const hasDirect = matches.some((match) => !match.typo);
  return matches
    .filter((match) => !hasDirect || !match.typo || match.ingredient === exact)
    .slice(0, limit)
    .map(({ ingredient, via }) => ({
      name: ingredient.name,
      key: nameKey(ingredient.name),
      type: ingredient.type,
      via,
    }));
}
