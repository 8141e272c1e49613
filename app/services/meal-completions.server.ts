import { co2SavedKg } from "~/domain/co2-saved";
import type { MealCompletion } from "~/generated/prisma/client";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { cookOfUser } from "./cook.server";
import { pantryItems } from "./pantry-store.server";
import { visibleTo } from "./recipe-access.server";

/**
 * Records that the user cooked the recipe, with the CO2 of the ingredients it used from their household's
 * pantry. Null when the recipe does not exist.
 */
export async function recordMealCompletion({
  userId,
  recipeId,
}: {
  userId: number;
  recipeId: number;
}): Promise<MealCompletion | null> {
  const [recipe, pantry, catalogue] = await Promise.all([
    prisma.recipe.findFirst({
      where: { id: recipeId, ...visibleTo(userId) },
      select: { ingredients: { select: { name: true, quantity: true, ingredient: { select: { name: true } } } } },
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
  const saved = co2SavedKg(
    lines,
    pantry.map((item) => item.name),
    catalogue
  );
  return prisma.mealCompletion.create({ data: { userId, recipeId, co2SavedKg: saved } });
}
