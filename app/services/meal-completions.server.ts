import { pantryFoodSaved } from "~/domain/co2-saved";
import type { MealCompletion } from "~/generated/prisma/client";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { cookOfUser } from "./cook.server";
import { pantryItems } from "./pantry-store.server";
import { visibleTo } from "./recipe-access.server";

/**
 * Records that the user cooked the recipe, with the CO2 and the weight of the ingredients it used from their
 * household's pantry, for the servings cooked (`servings`, when the cook chose other than the recipe's: they are
 * kept as the servings cooked). Null when the recipe does not exist.
 */
export async function recordMealCompletion({
  userId,
  recipeId,
  servings = null,
}: {
  userId: number;
  recipeId: number;
  servings?: number | null;
}): Promise<MealCompletion | null> {
  const [recipe, pantry, catalogue] = await Promise.all([
    prisma.recipe.findFirst({
      where: { id: recipeId, ...visibleTo(userId) },
      select: {
        servings: true,
        ingredients: { select: { name: true, quantity: true, ingredient: { select: { name: true } } } },
      },
    }),
    cookOfUser(userId).then(({ pantryId }) => pantryItems(pantryId)),
    loadCatalogue(),
  ]);
  if (!recipe) return null;
  const lines = recipe.ingredients.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    catalogueName: line.ingredient?.name ?? null,
  }));
  const factor = servings !== null && recipe.servings ? servings / recipe.servings : 1;
  const saved = pantryFoodSaved(
    lines,
    pantry.map((item) => item.name),
    catalogue,
    factor
  );
  return prisma.mealCompletion.create({
    data: {
      userId,
      recipeId,
      co2SavedKg: saved.co2Kg,
      gramsSaved: saved.grams,
      servingsCooked: factor === 1 ? null : Math.max(1, Math.round(servings!)),
    },
  });
}
