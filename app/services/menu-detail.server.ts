/** Everything the recipe screen shows for one signed-in cook (spec 2 Menu detail). */
import { analyzeAllergies, type AllergyAlert } from "~/domain/allergens";
import { gridLines, recipeGrids, type RecipeGrids } from "~/domain/menu-detail";
import { covers, resolveName } from "~/domain/pantry";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { readPantry } from "./pantry.server";
import { findMenu, type Menu } from "./recipe-search.server";
import { readRecipeScreenState } from "./recipe-visit.server";
import { storedStringList } from "~/domain/stored-list";

export interface MenuDetail {
  menu: Menu;
  grids: RecipeGrids;
  favorite: boolean;
  checkedSteps: number[];
  /** this cooking has been counted as a meal; its CO2 saved when known */
  counted: { co2SavedKg: number | null } | null;
  selectedIngredients: string[];
  /** alerts for the cook's allergies, empty once the warning was acknowledged for this recipe */
  allergyAlerts: AllergyAlert[];
}

export async function loadMenuDetail(request: Request, userId: number, recipeId: number): Promise<MenuDetail | null> {
  const menu = await findMenu(recipeId, userId);
  if (!menu) return null;
  const [catalogue, pantry, user, state] = await Promise.all([
    loadCatalogue(),
    readPantry(request),
    prisma.user.findUnique({
      where: { id: userId },
      select: { allergies: true, _count: { select: { favorites: { where: { recipeId } } } } },
    }),
    readRecipeScreenState(request, recipeId),
  ]);
  const pantryKeys = new Set(pantry.map((item) => item.key));
  const held = pantry.flatMap((item) => resolveName(catalogue, item.name)?.ingredient ?? []);
  const grids = recipeGrids(menu, (name) => {
    const line = resolveName(catalogue, name);
    if (!line) return false;
    if (pantryKeys.has(line.key)) return true;
    return line.ingredient !== null && held.some((item) => covers(catalogue, item, line.ingredient!));
  });
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
    allergyAlerts: state.allergyWarningSeen
      ? []
      : analyzeAllergies(Object.keys(menu.ingredients_quantity), storedStringList(user?.allergies), catalogue),
  };
}
