/** Pictures for ingredient names: our /icons/... pictures, the catalogue's own, else its type's. */
import { cleanName, resolveName } from "~/domain/pantry";
import { ingredientIconUrl, OTHER_TYPE } from "~/domain/ingredient-types";
import { loadCatalogue } from "./catalogue.server";

/** Picture URLs for the names not in `cached` (compared case-insensitively), each name once. */
export async function ingredientImages(
  names: readonly string[],
  cached: readonly string[] = []
): Promise<{ ingredient: string; imageUrl: string }[]> {
  const catalogue = await loadCatalogue();
  const skip = new Set(cached.map((name) => cleanName(name).toLowerCase()));
  const images: { ingredient: string; imageUrl: string }[] = [];
  for (const ingredient of names) {
    const lower = cleanName(ingredient).toLowerCase();
    if (!lower || skip.has(lower)) continue;
    skip.add(lower);
    const found = resolveName(catalogue, ingredient);
    images.push({ ingredient, imageUrl: ingredientIconUrl(found?.type ?? OTHER_TYPE, found?.ingredient) });
  }
  return images;
}
