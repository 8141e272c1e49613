/** Everything the recipe screen shows for one signed-in cook (spec 2 Menu detail). */
import { analyzeAllergies, type AllergyAlert } from "~/domain/allergens";
import { gridLines, recipeGrids, type RecipeGrids } from "~/domain/menu-detail";
import { resolveName } from "~/domain/pantry";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { readPantry } from "./pantry.server";
import { findMenu, type Menu } from "./recipe-search.server";
import { ownPhotoSrcSet, sharedRecipePhotos, type RecipePicture } from "./recipe-pictures.server";
import { acknowledgedAllergies, readRecipeScreenState } from "./recipe-visit.server";
import { storedStringList } from "~/domain/stored-list";

export interface MenuDetail {
  menu: Menu;
  grids: RecipeGrids;
  favorite: boolean;
  checkedSteps: number[];
  /** this cooking has been counted as a meal; its CO2 saved when known */
  counted: { co2SavedKg: number | null } | null;
  selectedIngredients: string[];
  /** the best photo cooks shared of this recipe, shown in place of its own picture */
  sharedPhoto: RecipePicture | null;
  /** narrower copies of the recipe's own picture, when it is a stored photo */
  ownImageSrcSet: string | null;
  /** alerts for the cook's allergies, but for those they acknowledged on this recipe */
  allergyAlerts: AllergyAlert[];
}

export async function loadMenuDetail(request: Request, userId: number, recipeId: number): Promise<MenuDetail | null> {
  const menu = await findMenu(recipeId);
  if (!menu) return null;
  const [catalogue, pantry, user, state, acknowledged, photos] = await Promise.all([
    loadCatalogue(),
    readPantry(request),
    prisma.user.findUnique({
      where: { id: userId },
      select: { allergies: true, _count: { select: { favorites: { where: { recipeId } } } } },
    }),
    readRecipeScreenState(request, recipeId),
    acknowledgedAllergies(userId, recipeId),
    sharedRecipePhotos([recipeId]),
  ]);
  const pantryKeys = new Set(pantry.map((item) => item.key));
  const grids = recipeGrids(menu, (name) => pantryKeys.has(resolveName(catalogue, name)?.key ?? ""));
  const { visit } = state;
  const completion = visit.countedAt
    ? await prisma.mealCompletion.findFirst({
        where: { userId, recipeId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { co2SavedKg: true },
      })
    : null;
  const shown = gridLines(grids);
  return {
    menu,
    grids,
    favorite: (user?._count.favorites ?? 0) > 0,
    checkedSteps: visit.checkedSteps,
    counted: visit.countedAt ? { co2SavedKg: completion?.co2SavedKg ?? null } : null,
    selectedIngredients: visit.selectedIngredients.filter((name) => shown.has(name)),
    sharedPhoto: photos.get(recipeId) ?? null,
    ownImageSrcSet: ownPhotoSrcSet(menu.image) ?? null,
    allergyAlerts: analyzeAllergies(
      Object.keys(menu.ingredients_quantity),
      storedStringList(user?.allergies),
      catalogue,
    ).filter((alert) => !acknowledged.has(alert.allergy.toLowerCase())),
  };
}
