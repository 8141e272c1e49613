import { pantryFoodSaved } from "~/domain/co2-saved";
import type { MealCompletion } from "~/generated/prisma/client";
import { loadCatalogue } from "./catalogue.server";
import type { MemberCook } from "./cook.server";
import { prisma } from "./db.server";
import { pantryItems } from "./pantry-store.server";
import { visibleTo } from "./recipe-access.server";
import { COOKED_DISH_SELECT, cookedLinesOf } from "./recipe-lookup.server";

/**
 * Records that the cook cooked the recipe, with the CO2 and the weight of the ingredients it used from their
 * household's pantry, for the servings cooked (`servings`, when the cook chose other than the recipe's: they are
 * kept as the servings cooked). Null when the recipe does not exist.
 */
export async function recordMealCompletion({
  cook,
  recipeId,
  servings = null,
}: {
  cook: MemberCook;
  recipeId: number;
  servings?: number | null;
}): Promise<MealCompletion | null> {
  const { userId } = cook;
  const [recipe, pantry, catalogue] = await Promise.all([
    prisma.recipe.findFirst({ where: { id: recipeId, ...visibleTo(userId) }, select: COOKED_DISH_SELECT }),
    pantryItems(cook.pantryId),
    loadCatalogue(),
  ]);
  if (!recipe) return null;
  const factor = servings !== null && recipe.servings ? servings / recipe.servings : 1;
  const saved = pantryFoodSaved(
    cookedLinesOf(recipe),
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
