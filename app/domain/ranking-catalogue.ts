/**
 * What the ranking knows of the catalogue beyond names and parents: which ingredients stand in for each other
 * in a recipe (prisma/data/stand-ins.json, decision 087) and the forms that do not serve for their more general
 * ingredient (ground beef is not the catalogue's "beef", which is steak). Both are kept by name and turned
 * into the ids of whichever catalogue (database rows, or positions in the JSON file) the caller ranks with.
 */
import standInData from "../../prisma/data/stand-ins.json";
import type { CatalogueIngredient } from "./catalogue";
import type { RankingIngredient } from "./ranking";

interface SiblingGroup {
  names: string[];
  /** the most grams of a recipe line a sibling stands in for; absent: any amount */
  upToGrams?: number;
}

const siblings = standInData.siblings as SiblingGroup[];
const notForParent = new Set(standInData.notForParent.map((entry) => entry.name));

/** The ingredients standing in for `name` in a recipe, with the largest line each may replace (null: any). */
export function standInsFor(name: string): { name: string; upToGrams: number | null }[] {
  return siblings.flatMap((group) =>
    group.names.includes(name)
      ? group.names
          .filter((other) => other !== name)
          .map((other) => ({ name: other, upToGrams: group.upToGrams ?? null }))
      : []
  );
}

/**
 * The catalogue as the ranking index takes it, under the caller's ids (`idOf` answers null for an ingredient
 * to leave out).
 */
export function rankingIngredients(
  ingredients: readonly CatalogueIngredient[],
  idOf: (ingredient: CatalogueIngredient) => number | null
): Map<number, RankingIngredient> {
  const idOfName = new Map<string, number>();
  for (const ingredient of ingredients) {
    const id = idOf(ingredient);
    if (id !== null) idOfName.set(ingredient.name, id);
  }
  const result = new Map<number, RankingIngredient>();
  for (const ingredient of ingredients) {
    const id = idOfName.get(ingredient.name);
    if (id === undefined) continue;
    const parentId = ingredient.parent === null ? null : idOfName.get(ingredient.parent) ?? null;
    result.set(id, {
      name: ingredient.name,
      parentId: notForParent.has(ingredient.name) ? null : parentId,
      shelfLife: ingredient.shelfLife,
      allergens: ingredient.allergens,
      standIns: standInsFor(ingredient.name).flatMap((standIn) => {
        const standInId = idOfName.get(standIn.name);
        return standInId === undefined ? [] : [{ ingredientId: standInId, upToGrams: standIn.upToGrams }];
      }),
    });
  }
  return result;
}
