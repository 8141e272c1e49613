/** A recipe as the favourites and history lists show it, read with MENU_CARD_FIELDS. */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { visibleToSql } from "./recipe-access.server";
import { rawNumber, rawNumberOrNull } from "./raw-row.server";

export const MENU_CARD_FIELDS = {
  id: true,
  name: true,
  prepTime: true,
  cookingTime: true,
  image: true,
  origin: true,
} as const;

type MenuCardRecipe = Prisma.RecipeGetPayload<{ select: typeof MENU_CARD_FIELDS }>;

const MENU_CARD_COLUMNS = Prisma.raw(
  Object.keys(MENU_CARD_FIELDS)
    .map((column) => `"${column}"`)
    .join(", ")
);

/** The cards' fields of these recipes that `viewerId` may see, in one raw read (every suggestions page: decision 160). */
export async function menuCardRecipes(ids: number[], viewerId: number | null): Promise<MenuCardRecipe[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<MenuCardRecipe[]>`
    SELECT ${MENU_CARD_COLUMNS} FROM "Recipe" WHERE "id" IN (${Prisma.join(ids)}) AND ${visibleToSql(viewerId)}`;
  return rows.map((row) => ({
    ...row,
    id: rawNumber(row.id),
    prepTime: rawNumberOrNull(row.prepTime),
    cookingTime: rawNumberOrNull(row.cookingTime),
  }));
}

export interface MenuCard {
  menu_id: number;
  menu_name: string;
  prep_time: number | null;
  cooking_time: number | null;
  image: string | null;
  /** only on recipes written by the recipe generator (not a field of the spec) */
  generated?: true;
}

/** `generated: true` for a recipe of the recipe generator, nothing for others. */
export function generatedMark(origin: string): { generated?: true } {
  return origin === "generated" ? { generated: true } : {};
}

export function toMenuCard(recipe: Prisma.RecipeGetPayload<{ select: typeof MENU_CARD_FIELDS }>): MenuCard {
  return {
    menu_id: recipe.id,
    menu_name: recipe.name,
    prep_time: recipe.prepTime,
    cooking_time: recipe.cookingTime,
    image: recipe.image,
    ...generatedMark(recipe.origin),
  };
}
