/**
 * Small reads and writes of one recipe by id, for the screens and calls that need less than the whole recipe
 * (findRecipe in recipe-search.server.ts). Reads see only what `viewerId` may see (visibleTo).
 */
import type { CookedRecipeLine } from "~/domain/co2-saved";
import { prisma } from "~/services/db.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "~/services/dish-photo-use.server";
import { visibleTo } from "~/services/recipe-access.server";

/** A cooked dish as its weight and CO2 are worked out (a meal's CO2 saved, a leftover's serving): name, servings, lines. */
export const COOKED_DISH_SELECT = {
  name: true,
  servings: true,
  ingredients: { select: { name: true, quantity: true, ingredient: { select: { name: true } } } },
} as const;

type CookedDishLine = { name: string; quantity: string; ingredient: { name: string } | null };

/** A dish's lines read with COOKED_DISH_SELECT, as the CO2 and weight reckoning takes them. */
export const cookedLinesOf = (dish: { ingredients: readonly CookedDishLine[] }): CookedRecipeLine[] =>
  dish.ingredients.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    catalogueName: line.ingredient?.name ?? null,
  }));

/** The recipe's id and name, or null when there is no such recipe the viewer may see (null: a guest's view). */
export function findVisibleRecipeName(recipeId: number, viewerId: number | null) {
  return prisma.recipe.findFirst({ where: { id: recipeId, ...visibleTo(viewerId) }, select: { id: true, name: true } });
}

/** How many steps the recipe has, or null when there is no such recipe the viewer may see. */
export async function visibleRecipeStepCount(recipeId: number, viewerId: number): Promise<number | null> {
  const recipe = await prisma.recipe.findFirst({
    where: { id: recipeId, ...visibleTo(viewerId) },
    select: { _count: { select: { steps: true } } },
  });
  return recipe ? recipe._count.steps : null;
}

/** What the recipe's generated picture is drawn from: its name, who sees it and its ingredients in order. */
export function findRecipeForIllustration(recipeId: number, viewerId: number | null) {
  return prisma.recipe.findFirst({
    where: { id: recipeId, ...visibleTo(viewerId) },
    select: {
      name: true,
      visibleTo: true,
      ingredients: {
        orderBy: { position: "asc" },
        select: {
          quantity: true,
          type: true,
          ingredient: { select: { icon: true, unitWeights: true, isStaple: true } },
        },
      },
    },
  });
}

/**
 * Sets the picture of a recipe, only when `userId` added it; false when nothing was changed. The photo it replaces
 * is deleted once nothing else shows it.
 */
/** Whether the user added this recipe (and so may change its picture). */
export async function isOwnRecipe(userId: number, recipeId: number): Promise<boolean> {
  return (await prisma.recipe.count({ where: { id: recipeId, importedById: userId } })) > 0;
}

export async function setOwnRecipeImage(userId: number, recipeId: number, image: string): Promise<boolean> {
  const mine = { id: recipeId, importedById: userId };
  const before = await prisma.recipe.findFirst({ where: mine, select: { image: true } });
  const { count } = await prisma.recipe.updateMany({ where: mine, data: { image } });
  if (before && before.image !== image) await deleteUnusedDishPhotos([storedDishPhotoOf(before.image)]);
  return count > 0;
}
