/** Everything the recipe screen shows for one signed-in cook. */
import { analyzeAllergies, type AllergyAlert } from "~/domain/allergens";
import { gridLines, recipeGrids, type RecipeGrids } from "~/domain/menu-detail";
export { parseMenuIntent } from "~/domain/menu-intent-schema";
import { mealCo2Kg } from "~/domain/food-log";
import { covers, resolveName, type PantryItem } from "~/domain/pantry";
import type { Catalogue } from "~/domain/catalogue";
import { fitToPantry, type PantryFit } from "~/domain/servings";
import { unitOf } from "~/domain/quantity";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { pantryUpdateView, type PantryUpdateView } from "./food-log.server";
import { readPantry } from "./pantry.server";
import { findRecipe, type Menu } from "./recipe-search.server";
import {
  ownPhotoSrcSet,
  photoChoicesFor,
  sharedRecipePhotos,
  type PhotoChoice,
  type RecipePicture,
} from "./recipe-pictures.server";
import { acknowledgedAllergies, readRecipeScreenState } from "./recipe-visit.server";
import { storedStringList } from "~/domain/stored-list";

export interface MenuDetail {
  menu: Menu;
  grids: RecipeGrids;
  favorite: boolean;
  checkedSteps: number[];
  /** this cooking has been counted as a meal; its CO2 saved when known */
  counted: { co2SavedKg: number | null } | null;
  /** "Update your pantry" for this cooking, once it is counted */
  pantryUpdate: PantryUpdateView | null;
  selectedIngredients: string[];
  /** the best photo cooks shared of this recipe, shown in place of its own picture */
  sharedPhoto: RecipePicture | null;
  /** for the recipe's cook: the shared photos they may choose to show it with (null for anyone else) */
  photoChoices: PhotoChoice[] | null;
  /** narrower copies of the recipe's own picture, when it is a stored photo */
  ownImageSrcSet: string | null;
  /** alerts for the cook's allergies, but for those they acknowledged on this recipe */
  allergyAlerts: AllergyAlert[];
  /** minutes from start to table when the recipe says more than prep + cooking, else null */
  totalTime: number | null;
  /** the heading each step stands under (null before the first heading) */
  stepSections: (string | null)[];
  /** servings the recipe's amounts are for; null when the recipe does not say */
  servings: number | null;
  /** the scaling that uses up the limiting pantry ingredient; null when no pantry amount compares with a line */
  pantryFit: PantryFit | null;
}

/** The lines of a recipe with what the cook's pantry holds of each (by catalogue name), for fitting. */
export function pantryFitOf(
  catalogue: Catalogue,
  quantities: Record<string, string>,
  pantry: readonly PantryItem[],
  servings: number | null
): PantryFit | null {
  const byKey = new Map(pantry.map((item) => [item.key, item]));
  const lines = Object.entries(quantities).map(([name, quantity]) => {
    const found = resolveName(catalogue, name);
    const item = found ? byKey.get(found.key) : undefined;
    return {
      name,
      quantity,
      unitWeights: found?.ingredient?.unitWeights ?? {},
      held: item?.quantity ? { quantity: item.quantity, unit: item.unit ? unitOf(item.unit) : null } : null,
      pantryItem: item?.name,
    };
  });
  return fitToPantry(lines, servings ?? 1);
}

/** What the recipe screen shows beyond the spec's Menu: the total time and the headings of lines and steps. */
function readSections(recipeId: number) {
  return prisma.recipe.findUnique({
    where: { id: recipeId },
    select: {
      totalTime: true,
      servings: true,
      ingredients: { select: { name: true, section: true }, orderBy: { position: "asc" } },
      steps: { select: { section: true }, orderBy: { position: "asc" } },
    },
  });
}

export async function loadMenuDetail(request: Request, userId: number, recipeId: number): Promise<MenuDetail | null> {
  const menu = await findRecipe(recipeId, userId);
  if (!menu) return null;
  const [catalogue, pantry, user, state, sections, acknowledged, photos, photoChoices] = await Promise.all([
    loadCatalogue(),
    readPantry(request),
    prisma.user.findUnique({
      where: { id: userId },
      select: { allergies: true, _count: { select: { favorites: { where: { recipeId } } } } },
    }),
    readRecipeScreenState(request, recipeId),
    readSections(recipeId),
    acknowledgedAllergies(userId, recipeId),
    sharedRecipePhotos([recipeId]),
    photoChoicesFor(userId, recipeId),
  ]);
  const sectionOfLine = new Map(sections?.ingredients.map((line) => [line.name, line.section]));
  const pantryKeys = new Set(pantry.map((item) => item.key));
  const held = pantry.flatMap((item) => resolveName(catalogue, item.name)?.ingredient ?? []);
  const grids = recipeGrids(
    menu,
    (name) => {
      const line = resolveName(catalogue, name);
      if (!line) return false;
      if (pantryKeys.has(line.key)) return true;
      return line.ingredient !== null && held.some((item) => covers(catalogue, item, line.ingredient!));
    },
    (name) => sectionOfLine.get(name) ?? null
  );
  const { visit } = state;
  const completion = visit.countedAt
    ? await prisma.mealCompletion.findFirst({
        where: { userId, recipeId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, co2SavedKg: true, co2ConfirmedKg: true },
      })
    : null;
  const pantryUpdate = completion ? await pantryUpdateView(userId, completion.id) : null;
  const shown = gridLines(grids);
  return {
    menu,
    grids,
    favorite: (user?._count.favorites ?? 0) > 0,
    checkedSteps: visit.checkedSteps,
    counted: visit.countedAt ? { co2SavedKg: completion ? mealCo2Kg(completion) : null } : null,
    pantryUpdate,
    selectedIngredients: visit.selectedIngredients.filter((name) => shown.has(name)),
    sharedPhoto: photos.get(recipeId) ?? null,
    photoChoices,
    ownImageSrcSet: ownPhotoSrcSet(menu.image) ?? null,
    allergyAlerts: analyzeAllergies(
      Object.keys(menu.ingredients_quantity),
      storedStringList(user?.allergies),
      catalogue
    ).filter((alert) => !acknowledged.has(alert.allergy.toLowerCase())),
    totalTime: sections?.totalTime ?? null,
    stepSections: menu.steps.map((_, index) => sections?.steps[index]?.section ?? null),
    servings: sections?.servings ?? null,
    pantryFit: pantryFitOf(catalogue, menu.ingredients_quantity, pantry, sections?.servings ?? null),
  };
}
