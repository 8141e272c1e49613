/**
 * Recipe suggestions for what a cook has. The ranking index (app/domain/ranking.ts) is built from the
 * database once per process and rebuilt when the cookbook or its reviews changed: each search first reads
 * a cheap stamp (counts and latest update times), so recipes saved by any process — seed, importer, users —
 * show up on the next search without the writers having to know about this cache.
 */
import type { Nutrition } from "~/domain/nutrition";
import { createRecipeIndex, type RankedRecipe, type RankingPreferences, type RecipeIndex } from "~/domain/ranking";
import type { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";

export interface Menu {
  menu_id: number;
  menu_name: string;
  image: string | null;
  prep_time: number | null;
  cooking_time: number | null;
  ingredients_quantity: Record<string, string>;
  ingredients_type: Record<string, string>;
  steps: string[];
  tips: string[];
  /** null where the recipe's lines do not tell (a line without a known weight) */
  nutrition: { [Key in keyof Nutrition]: Nutrition[Key] | null };
}

export interface SuggestedMenu extends Menu {
  have: string[];
  missing: string[];
}

export interface SuggestionRequest extends RankingPreferences {
  ingredients: readonly string[];
}

const SUGGESTION_LIMIT = 20;

let cached: { stamp: string; index: Promise<RecipeIndex> } | undefined;

async function cookbookStamp(): Promise<string> {
  const [recipes, reviews] = await Promise.all([
    prisma.recipe.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    prisma.review.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
  ]);
  return [recipes._count._all, recipes._max.updatedAt?.getTime(), reviews._count._all, reviews._max.updatedAt?.getTime()].join(":");
}

async function buildIndex(): Promise<RecipeIndex> {
  const [recipes, ratings, ingredients] = await Promise.all([
    prisma.recipe.findMany({
      select: {
        id: true,
        name: true,
        ingredients: { orderBy: { position: "asc" }, select: { ingredientId: true, ingredient: { select: { isStaple: true } } } },
        tags: { select: { kind: true, value: true } },
      },
    }),
    prisma.review.groupBy({ by: ["recipeId"], _avg: { rating: true } }),
    prisma.ingredient.findMany({ select: { id: true, name: true } }),
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.recipeId, row._avg.rating]));
  const tagged = (tags: { kind: string; value: string }[], kind: string) => tags.filter((tag) => tag.kind === kind).map((tag) => tag.value);
  return createRecipeIndex(
    recipes.map((recipe) => {
      const lines = recipe.ingredients.filter((line) => line.ingredientId !== null);
      return {
        id: recipe.id,
        name: recipe.name,
        ingredientIds: lines.map((line) => line.ingredientId!),
        keyIngredientIds: lines.filter((line) => !line.ingredient?.isStaple).map((line) => line.ingredientId!),
        cuisines: tagged(recipe.tags, "cuisine"),
        occasions: tagged(recipe.tags, "occasion"),
        diets: tagged(recipe.tags, "diet"),
        rating: ratingOf.get(recipe.id) ?? null,
      };
    }),
    new Map(ingredients.map((ingredient) => [ingredient.id, ingredient.name])),
  );
}

async function recipeIndex(): Promise<RecipeIndex> {
  const stamp = await cookbookStamp();
  if (cached?.stamp !== stamp) {
    const index = buildIndex();
    cached = { stamp, index };
    index.catch(() => {
      if (cached?.index === index) cached = undefined;
    });
  }
  return cached.index;
}

const menuContent = {
  ingredients: { orderBy: { position: "asc" }, select: { name: true, quantity: true, type: true } },
  steps: { orderBy: { position: "asc" }, select: { text: true } },
  tips: { orderBy: { position: "asc" }, select: { text: true } },
} as const;

type StoredMenu = Prisma.RecipeGetPayload<{ include: typeof menuContent }>;

function toMenu(recipe: StoredMenu): Menu {
  const ingredients_quantity: Record<string, string> = {};
  const ingredients_type: Record<string, string> = {};
  for (const line of recipe.ingredients) {
    ingredients_quantity[line.name] = line.quantity;
    // A null type is a line the recipe shows without a type (e.g. water).
    if (line.type) ingredients_type[line.name] = line.type;
  }
  return {
    menu_id: recipe.id,
    menu_name: recipe.name,
    image: recipe.image,
    prep_time: recipe.prepTime,
    cooking_time: recipe.cookingTime,
    ingredients_quantity,
    ingredients_type,
    steps: recipe.steps.map((step) => step.text),
    tips: recipe.tips.map((tip) => tip.text),
    nutrition: {
      calories: recipe.calories,
      protein: recipe.protein,
      fat: recipe.fat,
      carbohydrates: recipe.carbohydrates,
      sodium: recipe.sodium,
      sugar: recipe.sugar,
    },
  };
}

/** The menus for the ranked recipes, in ranking order, with what the cook has and lacks. */
async function menusFor(ranked: RankedRecipe[]): Promise<SuggestedMenu[]> {
  const stored = new Map((await prisma.recipe.findMany({ where: { id: { in: ranked.map((result) => result.recipeId) } }, include: menuContent })).map((recipe) => [recipe.id, recipe]));
  return ranked.flatMap((result) => {
    const recipe = stored.get(result.recipeId);
    return recipe ? [{ ...toMenu(recipe), have: result.have, missing: result.missing }] : [];
  });
}

/** Recipes that use up what the cook typed (free text, resolved through the catalogue), best first. */
export async function suggestRecipes(request: SuggestionRequest): Promise<SuggestedMenu[]> {
  const catalogue = await loadCatalogue();
  const pantry = request.ingredients.flatMap((text) => {
    const ingredient = catalogue.match(text);
    const id = ingredient ? ingredientIdOf(ingredient) : null;
    return id === null ? [] : [id];
  });
  const index = await recipeIndex();
  const ranked = index.rank({ ...request, pantry }, SUGGESTION_LIMIT);
  return menusFor(ranked);
}

/** The menu with this id, or null. */
export async function findMenu(menuId: number): Promise<Menu | null> {
  const recipe = await prisma.recipe.findUnique({ where: { id: menuId }, include: menuContent });
  return recipe ? toMenu(recipe) : null;
}

/** The id and picture of the recipe with exactly this name, or null. */
export async function findMenuByName(name: string): Promise<Pick<Menu, "menu_id" | "image"> | null> {
  const recipe = await prisma.recipe.findUnique({ where: { name }, select: { id: true, image: true } });
  return recipe ? { menu_id: recipe.id, image: recipe.image } : null;
}

/** Any recipe of the cookbook, each equally likely; null when the cookbook is empty. */
export async function randomRecipe(): Promise<Menu | null> {
  const count = await prisma.recipe.count();
  if (count === 0) return null;
  const [recipe] = await prisma.recipe.findMany({
    orderBy: { id: "asc" },
    skip: Math.floor(Math.random() * count),
    take: 1,
    include: menuContent,
  });
  return recipe ? toMenu(recipe) : null;
}
