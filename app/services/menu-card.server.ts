/** A recipe as the favourites and history lists show it, read with MENU_CARD_FIELDS. */
import type { Prisma } from "~/generated/prisma/client";

export const MENU_CARD_FIELDS = {
  id: true,
  name: true,
  prepTime: true,
  cookingTime: true,
  image: true,
  origin: true,
} as const;

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
