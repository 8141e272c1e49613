/**
 * The recipe screen (/menu-detail/:id): everything it shows one signed-in cook, worded as it reads, and what its
 * forms post (favourite, picked ingredients, Add to list, ticked steps, 'I Understand', the recipe's photo). The
 * screen's route module imports only this server module for its loader and action (decision 069).
 */
import { redirect } from "@remix-run/node";
import { analyzeAllergies, type AllergyAlert } from "~/domain/allergens";
import type { Catalogue } from "~/domain/catalogue";
import { co2SavedText } from "~/domain/co2-wording";
import { mealCo2Kg } from "~/domain/food-log";
import { parseId } from "~/domain/ids";
import { addedToListMessage, gridLines, nutritionRows, recipeGrids, type RecipeGrids } from "~/domain/menu-detail";
import { formatMinutes } from "~/domain/menu-format";
import { parseMenuIntent } from "~/domain/menu-intent-schema";
import { covers, resolveName, type PantryItem } from "~/domain/pantry";
import { unitOf } from "~/domain/quantity";
import { visitMayBeRecorded } from "~/domain/recipe-visit";
import { fitToPantry, readScaling, servingsQuery, type PantryFit } from "~/domain/servings";
import { storedStringList } from "~/domain/stored-list";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { sharedDishImage } from "./dish-draft.server";
import { setFavorite } from "./favorites.server";
import { pantryUpdateView, type PantryUpdateView } from "./food-log.server";
import { recordHistory } from "./history.server";
import { readPantry } from "./pantry-store.server";
import {
  chooseRecipePhoto,
  ownPhotoSrcSet,
  photoChoicesFor,
  sharedRecipePhotos,
  type PhotoChoice,
  type RecipePicture,
} from "./recipe-pictures.server";
import { findRecipe, readRecipe, type Menu } from "./recipe-search.server";
import {
  acknowledgeAllergyWarning,
  acknowledgedSet,
  checkStep,
  clearIngredientSelection,
  readRecipeScreenState,
  selectIngredient,
} from "./recipe-visit.server";
import { readForm } from "./request.server";
import { loadReviewsBlock } from "./reviews.server";
import { requireCook, type MemberCook } from "./cook.server";
import { redirectWithFlash } from "./session.server";
import { addShoppingItems, shoppingNeeds } from "./shopping-list.server";
import { rawNumber, type RawNumber } from "./raw-row.server";

export type { PhotoChoice };

export interface MenuDetail {
  menu: Menu;
  grids: RecipeGrids;
  favorite: boolean;
  checkedSteps: number[];
  /** this cooking has been counted as a meal; its CO2 saved when known, and that worded */
  counted: { co2SavedKg: number | null; co2Saved: string | null } | null;
  /** "Update your pantry" for this cooking, once it is counted */
  pantryUpdate: PantryUpdateView | null;
  selectedIngredients: string[];
  /** the best photo cooks shared of this recipe, shown in place of its own picture */
  sharedPhoto: RecipePicture | null;
  /** for the recipe's cook: the shared photos they may choose to show it with (null for anyone else) */
  photoChoices: PhotoChoice[] | null;
  /** narrower copies of the recipe's own picture, when it is a stored photo */
  ownImageSrcSet: string | null;
  /** the allergy warning's lines ("butter (your allergy: lactose, milk)"), but for allergies acknowledged here */
  allergyWarnings: string[];
  /** prep, cooking and total time as they read ("25 min", "N/A"); total only when the recipe says one */
  times: { prep: string; cooking: string; total: string | null };
  /** the 'Nutrition (per serving)' rows */
  nutrition: { label: string; value: string }[];
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

/**
 * The servings a cook cooks when they finish from a screen whose address chose them (`?servings=N`, or
 * `?fit=pantry`: what the pantry holds makes); null for the recipe's own.
 */
export async function servingsCooked(request: Request, menu: Menu, cook: MemberCook): Promise<number | null> {
  const choice = readScaling(new URL(request.url).searchParams);
  if (!choice.fit) return choice.servings;
  const [catalogue, pantry, recipe] = await Promise.all([
    loadCatalogue(),
    readPantry(cook),
    prisma.recipe.findUnique({ where: { id: menu.menu_id }, select: { servings: true } }),
  ]);
  const fit = pantryFitOf(catalogue, menu.ingredients_quantity, pantry, recipe?.servings ?? null);
  return fit && fit.factor !== 1 ? fit.servings : null;
}

/** "butter (your allergy: lactose, milk)": the ingredient, the allergy, and the allergen when it says more. */
function allergyWarning(alert: AllergyAlert): string {
  const through = alert.allergen && alert.allergen !== alert.allergy.toLowerCase() ? `, ${alert.allergen}` : "";
  return `${alert.ingredient} (your allergy: ${alert.allergy}${through})`;
}

/**
 * The cook's allergies, whether the recipe is one of their favourites, and the allergies whose warning they
 * acknowledged on it: one statement (three model queries before; decision 160).
 */
async function readCookOnRecipe(userId: number, recipeId: number) {
  const [row] = await prisma.$queryRaw<
    { allergies: string | null; favorite: RawNumber; acknowledged: string | null }[]
  >`
    SELECT (SELECT u."allergies" FROM "User" u WHERE u."id" = ${userId}) AS "allergies",
      (SELECT COUNT(*) FROM "Favorite" f WHERE f."userId" = ${userId} AND f."recipeId" = ${recipeId}) AS "favorite",
      (SELECT a."allergies" FROM "AllergyWarningSeen" a WHERE a."userId" = ${userId} AND a."recipeId" = ${recipeId})
        AS "acknowledged"`;
  return {
    allergies: storedStringList(row.allergies),
    favorite: rawNumber(row.favorite) > 0,
    acknowledged: acknowledgedSet(row.acknowledged),
  };
}

async function loadMenuDetail(request: Request, cook: MemberCook, recipeId: number): Promise<MenuDetail | null> {
  const { userId } = cook;
  const recipe = await readRecipe(recipeId, userId);
  if (!recipe) return null;
  const { menu, sectionOfLine, stepSections, servings, totalTime } = recipe;
  const [catalogue, pantry, cookOnRecipe, state, photos, photoChoices] = await Promise.all([
    loadCatalogue(),
    readPantry(cook),
    readCookOnRecipe(userId, recipeId),
    readRecipeScreenState(request, recipeId),
    sharedRecipePhotos([recipeId], userId),
    photoChoicesFor(userId, { id: recipeId, importedById: recipe.importedById }),
  ]);
  const { acknowledged } = cookOnRecipe;
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
        select: { id: true, co2SavedKg: true, co2ConfirmedKg: true, servingsCooked: true, servingsEaten: true },
      })
    : null;
  const pantryUpdate = completion ? await pantryUpdateView(cook, completion.id) : null;
  const shown = gridLines(grids);
  const co2SavedKg = completion ? mealCo2Kg(completion) : null;
  const alerts = analyzeAllergies(Object.keys(menu.ingredients_quantity), cookOnRecipe.allergies, catalogue).filter(
    (alert) => !acknowledged.has(alert.allergy.toLowerCase())
  );
  return {
    menu,
    grids,
    favorite: cookOnRecipe.favorite,
    checkedSteps: visit.checkedSteps,
    counted: visit.countedAt ? { co2SavedKg, co2Saved: co2SavedKg ? co2SavedText(co2SavedKg) : null } : null,
    pantryUpdate,
    selectedIngredients: visit.selectedIngredients.filter((name) => shown.has(name)),
    sharedPhoto: photos.get(recipeId) ?? null,
    photoChoices,
    ownImageSrcSet: ownPhotoSrcSet(menu.image) ?? null,
    allergyWarnings: [...new Set(alerts.map(allergyWarning))],
    times: {
      prep: formatMinutes(menu.prep_time),
      cooking: formatMinutes(menu.cooking_time),
      total: totalTime ? formatMinutes(totalTime) : null,
    },
    nutrition: nutritionRows(menu.nutrition),
    stepSections: menu.steps.map((_, index) => stepSections[index] ?? null),
    servings,
    pantryFit: pantryFitOf(catalogue, menu.ingredients_quantity, pantry, servings),
  };
}

const recipePath = (recipeId: number) => `/menu-detail/${recipeId}`;

function recipeIdOf(id: string | undefined): number {
  const recipeId = parseId(id);
  if (recipeId === null) throw new Response("Not found", { status: 404 });
  return recipeId;
}

/** The loader: the recipe as this cook sees it, with its reviews, the servings asked for, and the visit recorded. */
export async function recipeScreen(request: Request, id: string | undefined) {
  const cook = await requireCook(request);
  const { userId } = cook;
  const recipeId = recipeIdOf(id);
  const detail = await loadMenuDetail(request, cook, recipeId);
  if (!detail) throw new Response("Not found", { status: 404 });
  if (visitMayBeRecorded(request.headers.get("Sec-Fetch-Site"))) await recordHistory(userId, recipeId);
  const reviews = await loadReviewsBlock(recipeId, userId);
  const dishImage = await sharedDishImage(request, userId, recipeId);
  // Back from /camera-share-dish the cook has made the dish and came to caption its photo: no popup over that form.
  const allergyWarnings = dishImage ? [] : detail.allergyWarnings;
  const scaling = readScaling(new URL(request.url).searchParams);
  return { ...detail, allergyWarnings, reviews, sharedDishImage: dishImage, scaling };
}

/** The action: one of the screen's intents, answered with a redirect back to the screen (or to the list). */
export async function changeRecipe(request: Request, id: string | undefined): Promise<Response> {
  const cook = await requireCook(request);
  const { userId } = cook;
  const recipeId = recipeIdOf(id);
  const formData = await readForm(request);
  // Without JavaScript the chosen servings (?servings=N, ?fit=pantry) stay in the address the page returns to.
  const back = `${recipePath(recipeId)}${servingsQuery(new URL(request.url).searchParams)}`;
  const refuse = (message: string) => redirectWithFlash(back, { type: "error", message });

  const parsed = parseMenuIntent(formData);
  if (!parsed.ok) return refuse(parsed.message);
  const menu = await findRecipe(recipeId, userId);
  if (!menu) return refuse("Menu not found");
  const intent = parsed.intent;
  // Without JavaScript the page comes back scrolled to what was changed (with it, stayOnScreen keeps the place).
  const done = (anchor = "") => redirect(`${back}${anchor}`);

  const lines = gridLines(recipeGrids(menu, () => false));

  switch (intent.intent) {
    case "favorite": {
      await setFavorite(userId, recipeId, intent.favorite);
      return done();
    }
    case "select-ingredient": {
      if (!lines.has(intent.ingredient)) return refuse("That ingredient is not in this recipe.");
      await selectIngredient(request, recipeId, {
        name: intent.ingredient,
        selected: intent.selected,
        recipeIngredients: [...lines.keys()],
      });
      return done("#ingredients");
    }
    case "add-to-list": {
      const unknown = intent.ingredients.find((name) => !lines.has(name));
      if (unknown !== undefined) return refuse(`${unknown} is not in this recipe.`);
      const picked = intent.ingredients.map((name) => ({ name, quantity: lines.get(name)!.quantity }));
      const needs = await shoppingNeeds(cook, picked, intent.scale ?? 1);
      const result = await addShoppingItems(cook.listId, needs.items);
      await clearIngredientSelection(request, recipeId);
      const message = addedToListMessage({ ...result, enough: needs.enough });
      return redirectWithFlash("/shoppinglist", { type: "success", message });
    }
    case "check-step": {
      if (intent.step >= menu.steps.length) return refuse(`There is no step ${intent.step + 1} in this recipe.`);
      const count = menu.steps.length;
      const step = { index: intent.step, checked: intent.checked, count };
      await checkStep(request, cook, recipeId, step, await servingsCooked(request, menu, cook));
      return done(`#step-${intent.step + 1}`);
    }
    case "acknowledge-allergies": {
      await acknowledgeAllergyWarning(userId, recipeId);
      return done();
    }
    case "choose-photo": {
      const choice = await chooseRecipePhoto(userId, recipeId, intent.post);
      if (!choice.ok) return refuse(choice.message);
      return redirectWithFlash(back, { type: "success", message: choice.message });
    }
  }
}
