/**
 * Recipe suggestions for what a cook has, ranked by the per-process index of recipe-index.server.ts (with
 * newly generated recipes when a generator is configured and the cookbook has few good matches), and the
 * spec's Menu shape for recipes.
 */
import type { Nutrition } from "~/domain/nutrition";
import { pantryFacts, type PantryInput } from "~/domain/pantry-input";
import type {
  PantryEntry,
  QuickFilters,
  RankedRecipe,
  RankingPage,
  RankingPreferences,
  SuggestionGroup,
} from "~/domain/ranking";
import type { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { generatedMark, menuCardRecipes, toMenuCard, type MenuCard } from "./menu-card.server";
import { EVERYONE, visibleTo, visibleToSql } from "./recipe-access.server";
import { configuredGenerator, generateRecipes } from "./recipe-generator.server";
import { currentCookbook } from "./recipe-index.server";
import { withSharedPhotos, type RecipePicture } from "./recipe-pictures.server";
import { rawDate, rawNumberOrNull, type RawDate, type RawNumber } from "./raw-row.server";

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
  /** only on recipes written by the recipe generator (not a field of the spec's Menu) */
  generated?: true;
}

/** What the cook has and lacks of a suggested recipe, and the pantry food it uses up. */
interface Fit {
  /** the recipe's ingredients the cook has; a stand-in or a more general item as "chicken thigh (for chicken breast)" */
  have: string[];
  missing: string[];
  /** how many things there are to buy: `missing.length` */
  missing_count: number;
  /**
   * the cook's non-staple items the recipe uses, most urgent first (the JSON calls' wire form); `stands_in_for`
   * names the recipe's ingredient when the item stands in for it
   */
  uses: { ingredient_name: string; days_left: number; stands_in_for?: string }[];
  /** ready: nothing to buy; few-missing: 1 or 2 ingredients to buy; rest: more */
  group: SuggestionGroup;
  /** the cook's allergies the recipe contains, as they wrote them; [] when none */
  allergens: string[];
}

export type SuggestedMenu = Menu & Fit;
export type SuggestedCard = MenuCard & Fit & Partial<RecipePicture>;

export interface SuggestionRequest extends RankingPreferences {
  /** names as typed, or items with amount, date and place */
  ingredients: readonly (string | PantryInput)[];
  /** the signed-in cook, whose own private recipes are suggested with everyone's; null or absent, a guest */
  viewerId?: number | null;
  /**
   * allergies to leave out (the caller's list: a cook's profile, a guest's call, later a household's), and
   * whether to show those recipes anyway, marked
   */
  allergies?: readonly string[];
  showAllergens?: boolean;
  filters?: QuickFilters;
  /** "Cook with these": names of pantry items (as listed) of which a recipe must use at least one */
  mustUse?: readonly string[];
  /** how many of the best to answer, after skipping `offset`; 20 unless told */
  limit?: number;
  offset?: number;
}

/** A page of suggestions with what the choices left out (RankingPage, with the recipes read). */
export type SuggestionPage<Item> = Omit<RankingPage, "recipes"> & { items: Item[] };

export const SUGGESTION_LIMIT = 20;
/** A good match lacks at most this many of the recipe's non-staple ingredients: one short shopping trip. */
const GOOD_MATCH_MAX_MISSING = 2;
/** Fewer good matches than this, and a configured generator is asked for the difference. */
const HANDFUL = 5;
const MAX_GENERATED = 3;

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
    ...generatedMark(recipe.origin),
  };
}

/** The ranked recipes found among `stored`, in ranking order, shaped by `shape`, with what the cook has and lacks. */
function inRankingOrder<Stored extends { id: number }, Shape extends object>(
  ranked: RankedRecipe[],
  stored: Stored[],
  shape: (recipe: Stored) => Shape
): (Shape & Fit)[] {
  const byId = new Map(stored.map((recipe) => [recipe.id, recipe]));
  return ranked.flatMap((result) => {
    const recipe = byId.get(result.recipeId);
    if (!recipe) return [];
    const uses: Fit["uses"] = result.uses.map((item) =>
      item.standsInFor
        ? { ingredient_name: item.name, days_left: item.daysLeft, stands_in_for: item.standsInFor }
        : { ingredient_name: item.name, days_left: item.daysLeft }
    );
    const { have, missing, group, allergens } = result;
    const fit: Fit = { have, missing, missing_count: missing.length, uses, group, allergens };
    // onto the shape's own new object: spreading it into another cost every suggestions page (decision 167)
    return [Object.assign(shape(recipe), fit)];
  });
}

/** The ranked recipes, read only where the viewer may see them (the index already ranks no others). */
const rankedRecipes = (ranked: RankedRecipe[], request: SuggestionRequest) => ({
  id: { in: ranked.map((result) => result.recipeId) },
  ...visibleTo(request.viewerId ?? null),
});

/** Recipes that use up what the cook typed (free text, resolved through the catalogue), best first. */
export async function suggestRecipes(request: SuggestionRequest): Promise<SuggestedMenu[]> {
  return (await suggestionPage(request)).items;
}

/** A page of suggestions, with what the choices (diets, occasion, filters, allergies) left out. */
export async function suggestionPage(request: SuggestionRequest): Promise<SuggestionPage<SuggestedMenu>> {
  const {
    page: { recipes: ranked, ...page },
  } = await rankRecipes(request);
  const stored = await prisma.recipe.findMany({ where: rankedRecipes(ranked, request), include: menuContent });
  return { ...page, items: inRankingOrder(ranked, stored, toMenu) };
}

/** The same suggestions as cards (what a list shows), without reading every recipe's lines, steps and tips. */
export async function suggestRecipeCards(request: SuggestionRequest): Promise<SuggestedCard[]> {
  return (await suggestionCardPage(request)).items;
}

export async function suggestionCardPage(request: SuggestionRequest): Promise<SuggestionPage<SuggestedCard>> {
  const {
    page: { recipes: ranked, ...page },
    version,
  } = await rankRecipes(request);
  const stored = await menuCardRecipes(
    ranked.map((result) => result.recipeId),
    request.viewerId ?? null,
    version
  );
  return { ...page, items: await withSharedPhotos(inRankingOrder(ranked, stored, toMenuCard)) };
}

/** The ranked page, and the cookbook's version it was ranked at (currentCookbook). */
async function rankRecipes(request: SuggestionRequest): Promise<{ page: RankingPage; version: bigint | null }> {
  const catalogue = await loadCatalogue();
  const today = new Date();
  const entries: PantryEntry[] = [];
  const pantry = request.ingredients.flatMap((given) => {
    const item = typeof given === "string" ? { name: given } : given;
    const ingredient = catalogue.match(item.name);
    const ingredientId = ingredient ? ingredientIdOf(ingredient) : null;
    if (!ingredient || ingredientId === null) return [];
    const name = item.name.trim().toLowerCase();
    const mustUse = request.mustUse?.includes(name) ?? false;
    entries.push({ ingredientId, name, mustUse, ...pantryFacts(item, ingredient, today) });
    return [ingredient];
  });
  const query = { ...request, pantry: entries };
  const limit = request.limit ?? SUGGESTION_LIMIT;
  const offset = request.offset ?? 0;
  let cookbook = await currentCookbook();
  let ranked = cookbook.index.page(query, offset, limit);
  const goodMatches = ranked.recipes.filter((result) => result.missing.length <= GOOD_MATCH_MAX_MISSING).length;
  const generator = configuredGenerator();
  if (generator && offset === 0 && query.pantry.length > 0 && goodMatches < HANDFUL) {
    const count = Math.min(MAX_GENERATED, HANDFUL - goodMatches);
    const names = [...new Set(pantry.map((ingredient) => ingredient.name))];
    const added = await generateRecipes(generator, { ...request, pantry: names, count });
    // Ranked again by the same rules, so a generated recipe that breaks a chosen diet is not shown either.
    if (added.length > 0) {
      cookbook = await currentCookbook();
      ranked = cookbook.index.page(query, offset, limit);
    }
  }
  return { page: ranked, version: cookbook.version };
}

/** What the recipe screen shows beyond the spec's Menu: the headings of lines and steps, the times and servings. */
export interface RecipeRead {
  menu: Menu;
  /** the heading each ingredient line stands under, by line name (null before the first heading) */
  sectionOfLine: ReadonlyMap<string, string | null>;
  /** the heading each step stands under (null before the first heading) */
  stepSections: readonly (string | null)[];
  totalTime: number | null;
  servings: number | null;
  /** the cook who added the recipe (null for the shared cookbook's) */
  importedById: number | null;
}

type RecipeContent = Pick<RecipeRead, "menu" | "sectionOfLine" | "stepSections">;

/** Recipes read lately, by id, with the recipe's update time when read; the oldest read is dropped first. */
const menusRead = new Map<number, { updatedAt: number; content: RecipeContent }>();
const MENUS_KEPT = 1_000;

const readContent = {
  ingredients: { orderBy: { position: "asc" }, select: { name: true, quantity: true, type: true, section: true } },
  steps: { orderBy: { position: "asc" }, select: { text: true, section: true } },
  tips: menuContent.tips,
} as const;

function frozen(menu: Menu): Menu {
  for (const part of [menu.ingredients_quantity, menu.ingredients_type, menu.steps, menu.tips, menu.nutrition])
    Object.freeze(part);
  return Object.freeze(menu);
}

/**
 * The recipe with this id if `viewerId` may see it (recipe-access.server.ts), else null: one query when it was
 * read before. A recipe's lines, steps and tips take four more queries to read; what was read is used again
 * (frozen: shared between requests) while the recipe's update time is the one it was read at. Every save of a
 * recipe moves that time (recipe-store.server.ts writes the recipe row each time).
 */
export async function readRecipe(recipeId: number, viewerId: number | null): Promise<RecipeRead | null> {
  // Raw: every visit to a recipe checks it (decision 160).
  const [current] = await prisma.$queryRaw<
    { updatedAt: RawDate; totalTime: RawNumber | null; servings: RawNumber | null; importedById: RawNumber | null }[]
  >`
    SELECT "updatedAt", "totalTime", "servings", "importedById" FROM "Recipe"
    WHERE "id" = ${recipeId} AND ${visibleToSql(viewerId)}`;
  if (!current) return null;
  const [totalTime, servings, importedById] = [current.totalTime, current.servings, current.importedById].map(
    rawNumberOrNull
  );
  const kept = menusRead.get(recipeId);
  if (kept?.updatedAt === rawDate(current.updatedAt).getTime())
    return { ...kept.content, totalTime, servings, importedById };
  const recipe = await prisma.recipe.findUnique({ where: { id: recipeId }, include: readContent });
  if (!recipe) return null;
  const content: RecipeContent = {
    menu: frozen(toMenu(recipe)),
    sectionOfLine: new Map(recipe.ingredients.map((line) => [line.name, line.section])),
    stepSections: Object.freeze(recipe.steps.map((step) => step.section)),
  };
  menusRead.delete(recipeId);
  menusRead.set(recipeId, { updatedAt: recipe.updatedAt.getTime(), content });
  if (menusRead.size > MENUS_KEPT) menusRead.delete(menusRead.keys().next().value!);
  return {
    ...content,
    totalTime: recipe.totalTime,
    servings: recipe.servings,
    importedById: recipe.importedById,
  };
}

/** The menu with this id if `viewerId` may see it, else null (readRecipe). */
export async function findRecipe(recipeId: number, viewerId: number | null): Promise<Menu | null> {
  return (await readRecipe(recipeId, viewerId))?.menu ?? null;
}

/** The id and picture of the recipe with exactly this name the viewer may see (their own first), or null. */
export async function findRecipeByName(
  name: string,
  viewerId: number | null
): Promise<Pick<Menu, "menu_id" | "image"> | null> {
  const recipe = await prisma.recipe.findFirst({
    where: { name, ...visibleTo(viewerId) },
    orderBy: { visibleTo: "desc" },
    select: { id: true, image: true },
  });
  return recipe ? { menu_id: recipe.id, image: recipe.image } : null;
}

/** Any recipe everyone sees, each equally likely; null when there is none. */
export async function randomRecipe(): Promise<Menu | null> {
  const shared = { visibleTo: EVERYONE };
  const count = await prisma.recipe.count({ where: shared });
  if (count === 0) return null;
  const [recipe] = await prisma.recipe.findMany({
    where: shared,
    orderBy: { id: "asc" },
    skip: Math.floor(Math.random() * count),
    take: 1,
    include: menuContent,
  });
  return recipe ? toMenu(recipe) : null;
}
