/**
 * "Plan my week" and "Add what the week needs": reads the cook's pantry, rules and cookbook into the pure planner
 * (app/domain/meal-planner.ts) and shopping sum (app/domain/week-shopping.ts), and writes what they decide.
 */
import { allergenGroupsFor } from "~/domain/allergens";
import type { Catalogue, CatalogueIngredient } from "~/domain/catalogue";
import { LEFTOVER_PREFIX } from "~/domain/leftovers";
import { daysFrom, type PlanEntryView } from "~/domain/meal-plan";
import {
  PERISHABLE_DAYS,
  planMeals,
  type KeptEntry,
  type PlanMeal,
  type PlannerItem,
  type PlannerRecipe,
} from "~/domain/meal-planner";
import { covers, resolveName, type PantryItem } from "~/domain/pantry";
import { pantryFacts } from "~/domain/pantry-input";
import { planCandidateIds } from "~/domain/plan-candidates";
import type { PantryEntry } from "~/domain/ranking";
import { parseQuantity, toGrams, unitOf } from "~/domain/quantity";
import { storedStringList } from "~/domain/stored-list";
import { weekNeeds, type ShoppingRecipe } from "~/domain/week-shopping";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { entryRow, planEntries } from "./meal-plan.server";
import { pantryItems } from "./pantry-store.server";
import { readPreferences } from "./preferences.server";
import { visibleTo } from "./recipe-access.server";
import { addShoppingItems } from "./shopping-list.server";
import type { MemberCook } from "./cook.server";
import { currentRecipeIndex } from "./recipe-index.server";

const MEAT_AND_FISH = "Meat sausages and fish";

interface CatalogueIds {
  byId: Map<number, CatalogueIngredient>;
  idOf: (ingredient: CatalogueIngredient | null | undefined) => number | null;
  parentOf: (id: number) => number | null;
}

function catalogueIds(catalogue: Catalogue): CatalogueIds {
  const byId = new Map<number, CatalogueIngredient>();
  for (const ingredient of catalogue.ingredients) {
    const id = ingredientIdOf(ingredient);
    if (id !== null) byId.set(id, ingredient);
  }
  const idOf = (ingredient: CatalogueIngredient | null | undefined) => (ingredient ? ingredientIdOf(ingredient) : null);
  const parentOf = (id: number) => {
    const parent = byId.get(id)?.parent;
    return parent ? idOf(catalogue.byName(parent)) : null;
  };
  return { byId, idOf, parentOf };
}

/** The most general ingredient the protein is a kind of (chicken for chicken thighs): what variety compares. */
function rootName(id: number, ids: CatalogueIds): string {
  let current = id;
  for (
    let parent = ids.parentOf(current), steps = 0;
    parent !== null && steps < 10;
    parent = ids.parentOf(parent), steps++
  ) {
    current = parent;
  }
  return ids.byId.get(current)?.name ?? "";
}

/**
 * The recipes "Plan my week" chooses from: the recipe index's candidates (app/domain/plan-candidates.ts), the
 * recipes of entries kept and the dishes of leftovers, instead of every recipe of the cookbook.
 */
async function plannerRecipeIds(
  userId: number,
  pantry: readonly PantryItem[],
  catalogue: Catalogue,
  alsoIds: readonly number[]
): Promise<{ ids: number[]; dishNames: string[] }> {
  const index = await currentRecipeIndex();
  const today = new Date();
  const entries: PantryEntry[] = pantry.flatMap((item) => {
    const ingredient = resolveName(catalogue, item.name)?.ingredient;
    const ingredientId = ingredient ? ingredientIdOf(ingredient) : null;
    if (!ingredient || ingredientId === null) return [];
    const given = { ...item, bestBefore: new Date(`${item.bestBefore}T00:00:00Z`) };
    return [{ ingredientId, name: item.name.toLowerCase(), ...pantryFacts(given, ingredient, today) }];
  });
  const dishNames = pantry.flatMap((item) =>
    item.name.startsWith(LEFTOVER_PREFIX) ? [item.name.slice(LEFTOVER_PREFIX.length)] : []
  );
  return { ids: [...new Set([...planCandidateIds(index, entries, userId), ...alsoIds])], dishNames };
}

async function plannerRecipes(
  userId: number,
  ids: CatalogueIds,
  chosen: { ids: number[]; dishNames: string[] }
): Promise<PlannerRecipe[]> {
  const [recipes, ratings] = await Promise.all([
    prisma.recipe.findMany({
      where: { ...visibleTo(userId), OR: [{ id: { in: chosen.ids } }, { name: { in: chosen.dishNames } }] },
      select: {
        id: true,
        name: true,
        servings: true,
        ingredients: { select: { ingredientId: true, quantity: true }, orderBy: { position: "asc" } },
        tags: { select: { kind: true, value: true } },
      },
    }),
    prisma.review.groupBy({ by: ["recipeId"], where: { recipeId: { in: chosen.ids } }, _avg: { rating: true } }),
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.recipeId, row._avg.rating]));
  return recipes.map((recipe) => {
    const lines = recipe.ingredients.flatMap((line) => {
      const ingredient = line.ingredientId === null ? undefined : ids.byId.get(line.ingredientId);
      if (!ingredient || line.ingredientId === null) return [];
      const grams = toGrams(parseQuantity(line.quantity), ingredient.unitWeights);
      return [{ ingredientId: line.ingredientId, grams, staple: ingredient.isStaple }];
    });
    const protein = lines.find((line) => ids.byId.get(line.ingredientId)?.type === MEAT_AND_FISH);
    return {
      id: recipe.id,
      name: recipe.name,
      servings: recipe.servings ?? 2,
      lines,
      occasions: recipe.tags.filter((tag) => tag.kind === "occasion").map((tag) => tag.value),
      diets: recipe.tags.filter((tag) => tag.kind === "diet").map((tag) => tag.value),
      allergenGroups: [...new Set(lines.flatMap((line) => ids.byId.get(line.ingredientId)?.allergens ?? []))],
      mainProtein: protein ? rootName(protein.ingredientId, ids) : null,
      rating: ratingOf.get(recipe.id) ?? null,
    };
  });
}

function plannerItem(
  item: PantryItem,
  catalogue: Catalogue,
  ids: CatalogueIds,
  recipeIdOfName: Map<string, number>
): PlannerItem {
  const ingredient = resolveName(catalogue, item.name)?.ingredient ?? null;
  const unit = item.unit ? unitOf(item.unit) : null;
  const grams =
    item.quantity === null
      ? null
      : toGrams({ amount: item.quantity, unit, negligible: false }, ingredient?.unitWeights ?? {});
  const isLeftover = ingredient === null && item.name.startsWith(LEFTOVER_PREFIX);
  const dish = item.name.slice(LEFTOVER_PREFIX.length);
  return {
    id: item.id ?? 0,
    name: item.name,
    ingredientId: ids.idOf(ingredient),
    grams,
    bestBefore: item.bestBefore,
    perishable: isLeftover || (ingredient !== null && ingredient.shelfLife[item.storage] <= PERISHABLE_DAYS),
    leftover: isLeftover
      ? {
          dish,
          servings: Math.max(1, Math.round(item.quantity ?? 1)),
          recipeId: recipeIdOfName.get(dish.toLowerCase()) ?? null,
        }
      : undefined,
  };
}

async function cookRules(cook: MemberCook, catalogue: Catalogue, ids: CatalogueIds) {
  const [preferences, user] = await Promise.all([
    readPreferences(cook),
    prisma.user.findUnique({ where: { id: cook.userId }, select: { allergies: true } }),
  ]);
  const allergies = storedStringList(user?.allergies);
  return {
    diets: preferences.dietaryPreferences,
    allergies: {
      groups: allergies.flatMap((allergy) => allergenGroupsFor(allergy)),
      ingredientIds: allergies.flatMap((allergy) => {
        const id = allergenGroupsFor(allergy).length === 0 ? ids.idOf(catalogue.find(allergy)) : null;
        return id === null ? [] : [id];
      }),
    },
  };
}

/**
 * Plans `days` days from `from` for the chosen meals: locked entries stay, the other entries of those meals are
 * replaced, entries of other meals stay and count for variety. Returns the new entries.
 */
export async function autoPlan(
  cook: MemberCook,
  plan: { from: string; days: number; meals: readonly PlanMeal[]; servings: number }
): Promise<PlanEntryView[]> {
  const catalogue = await loadCatalogue();
  const ids = catalogueIds(catalogue);
  const { userId, pantryId } = cook;
  const [pantry, rules, existing] = await Promise.all([
    pantryItems(pantryId),
    cookRules(cook, catalogue, ids),
    planEntries(cook, plan.from, plan.days),
  ]);
  const keptRecipeIds = existing.flatMap((entry) => (entry.recipeId === null ? [] : [entry.recipeId]));
  const recipes = await plannerRecipes(userId, ids, await plannerRecipeIds(userId, pantry, catalogue, keptRecipeIds));
  const recipeIdOfName = new Map(recipes.map((recipe) => [recipe.name.toLowerCase(), recipe.id]));
  const replaced = existing.filter((entry) => !entry.locked && plan.meals.includes(entry.meal));
  const kept: KeptEntry[] = existing
    .filter((entry) => !replaced.includes(entry))
    .map((entry) => ({
      day: entry.day,
      meal: entry.meal,
      recipeId: entry.recipeId,
      servings: entry.servings,
      leftoverOf: entry.leftoverOf,
    }));
  // leftovers already on the plan are not planned twice
  const plannedLeftovers = new Set(kept.flatMap((entry) => (entry.leftoverOf ? [entry.leftoverOf] : [])));
  const planned = planMeals({
    days: daysFrom(plan.from, plan.days),
    meals: plan.meals,
    servings: plan.servings,
    pantry: pantry
      .map((item) => plannerItem(item, catalogue, ids, recipeIdOfName))
      .filter((item) => !(item.leftover && plannedLeftovers.has(item.leftover.dish))),
    recipes,
    parentOf: ids.parentOf,
    ...rules,
    kept,
  });
  const created = await prisma.$transaction(async (tx) => {
    await tx.mealPlanEntry.deleteMany({ where: { pantryId, id: { in: replaced.map((entry) => entry.id) } } });
    const ids: number[] = [];
    for (const entry of planned) {
      const row = await tx.mealPlanEntry.create({ data: entryRow(pantryId, entry), select: { id: true } });
      ids.push(row.id);
    }
    return new Set(ids);
  });
  return (await planEntries(cook, plan.from, plan.days)).filter((entry) => created.has(entry.id));
}

/**
 * Puts on the shopping list what the plan's recipes of those days need beyond the pantry and beyond what earlier
 * entries use up. Returns the names added and those already listed.
 */
export async function addWeekShopping(cook: MemberCook, from: string, days: number) {
  const catalogue = await loadCatalogue();
  const [entries, pantry] = await Promise.all([planEntries(cook, from, days), pantryItems(cook.pantryId)]);
  const recipeIds = [
    ...new Set(entries.flatMap((entry) => (entry.leftoverOf === null && entry.recipeId ? [entry.recipeId] : []))),
  ];
  const recipes = await prisma.recipe.findMany({
    where: { id: { in: recipeIds }, ...visibleTo(cook.userId) },
    select: {
      id: true,
      servings: true,
      ingredients: {
        select: { name: true, quantity: true, ingredient: { select: { name: true } } },
        orderBy: { position: "asc" },
      },
    },
  });
  const shoppingRecipes = new Map<number, ShoppingRecipe>(
    recipes.map((recipe) => [
      recipe.id,
      {
        servings: recipe.servings ?? 2,
        lines: recipe.ingredients.map((line) => {
          const resolved = resolveName(catalogue, line.ingredient?.name ?? line.name);
          return {
            name: line.name,
            key: resolved?.key ?? line.name.toLowerCase(),
            quantity: line.quantity,
            unitWeights: resolved?.ingredient?.unitWeights ?? {},
            staple: resolved?.ingredient?.isStaple ?? false,
          };
        }),
      },
    ])
  );
  const needs = weekNeeds(
    entries.flatMap((entry) => {
      const recipe = entry.leftoverOf === null && entry.recipeId ? shoppingRecipes.get(entry.recipeId) : undefined;
      return recipe ? [{ recipe, servings: entry.servings }] : [];
    }),
    pantry.map((item) => ({ key: item.key, quantity: item.quantity, unit: item.unit ? unitOf(item.unit) : null })),
    (heldKey, lineKey) => {
      if (heldKey === lineKey) return true;
      const held = resolveName(catalogue, heldKey)?.ingredient;
      const asked = resolveName(catalogue, lineKey)?.ingredient;
      return !!held && !!asked && covers(catalogue, held, asked);
    }
  );
  const result = await addShoppingItems(cook.listId, needs);
  return { ...result, needs };
}
