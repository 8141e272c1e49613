/** A user's favourite recipes ("Liked Meals"). Adding and removing are idempotent: a repeated request changes nothing. */
import { prisma } from "./db.server";
import { canSeeRecipe, visibleTo } from "./recipe-access.server";
import { MENU_CARD_FIELDS, toMenuCard, type MenuCard } from "./menu-card.server";
import { withSharedPhotos, type RecipePicture } from "./recipe-pictures.server";

/** The user's favourites as the list shows them, most recently liked first. */
export async function listFavorites(userId: number): Promise<(MenuCard & Partial<RecipePicture>)[]> {
  const rows = await prisma.favorite.findMany({
    // a recipe its author has not shared is listed for its author only
    where: { userId, recipe: visibleTo(userId) },
    orderBy: [{ createdAt: "desc" }, { recipeId: "desc" }],
    select: { recipe: { select: MENU_CARD_FIELDS } },
  });
  return withSharedPhotos(rows.map(({ recipe }) => toMenuCard(recipe)));
}

/** Adds or removes the favourite. False when the recipe does not exist or the user may not see it. */
export async function setFavorite(userId: number, recipeId: number, favorite: boolean): Promise<boolean> {
  if (!(await canSeeRecipe(recipeId, userId))) return false;
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
