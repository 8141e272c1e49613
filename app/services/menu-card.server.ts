/** A recipe as the lists show it (spec 3, Favorite and History entry), read with MENU_CARD_FIELDS. */
import type { Prisma } from "~/generated/prisma/client";

export const MENU_CARD_FIELDS = { id: true, name: true, prepTime: true, cookingTime: true, image: true } as const;

export interface MenuCard {
  menu_id: number;
  menu_name: string;
  prep_time: number | null;
  cooking_time: number | null;
  image: string | null;
}

export function toMenuCard(recipe: Prisma.RecipeGetPayload<{ select: typeof MENU_CARD_FIELDS }>): MenuCard {
  return {
    menu_id: recipe.id,
    menu_name: recipe.name,
    prep_time: recipe.prepTime,
    cooking_time: recipe.cookingTime,
    image: recipe.image,
  };
}
