/** A user's favourite recipes ("Liked Meals"). Adding and removing are idempotent: a repeated request changes nothing. */
import { prisma } from "./db.server";

/** A favourite as the spec's list shows it (section 3 Favorite). */
export interface FavoriteMenu {
  menu_id: number;
  menu_name: string;
  prep_time: number | null;
  cooking_time: number | null;
  image: string | null;
}

export async function listFavorites(userId: number): Promise<FavoriteMenu[]> {
  const rows = await prisma.favorite.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { recipeId: "desc" }],
    select: { recipe: { select: { id: true, name: true, prepTime: true, cookingTime: true, image: true } } },
  });
  return rows.map(({ recipe }) => ({
    menu_id: recipe.id,
    menu_name: recipe.name,
    prep_time: recipe.prepTime,
    cooking_time: recipe.cookingTime,
    image: recipe.image,
  }));
}

export async function isFavorite(userId: number, recipeId: number): Promise<boolean> {
  return (await prisma.favorite.count({ where: { userId, recipeId } })) > 0;
}

/** Adds or removes the favourite. False when the recipe does not exist. */
export async function setFavorite(userId: number, recipeId: number, favorite: boolean): Promise<boolean> {
  if ((await prisma.recipe.count({ where: { id: recipeId } })) === 0) return false;
  if (favorite) {
    await prisma.favorite.upsert({
      where: { userId_recipeId: { userId, recipeId } },
      create: { userId, recipeId },
      update: {},
    });
  } else {
    await prisma.favorite.deleteMany({ where: { userId, recipeId } });
  }
  return true;
}
