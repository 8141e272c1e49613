/**
 * What a cook says after a meal about the servings: recorded on the meal completion once, and the servings not
 * eaten put in the pantry as "Leftover <dish>" (app/domain/leftovers.ts), where Use soon, the reminder mail, the
 * planner and the food log find them like any item.
 */
import { addDaysTo } from "~/domain/meal-plan";
import type { Catalogue } from "~/domain/catalogue";
import {
  EATEN_MORE_THAN_COOKED,
  LEFTOVER_FRIDGE_DAYS,
  LEFTOVER_PREFIX,
  leftoverName,
  servingOfDish,
  SERVINGS_ALREADY_SAID,
} from "~/domain/leftovers";
import { todayUtc } from "~/domain/pantry-details";
import { servingsText } from "~/domain/servings";
import { formatDayMonthYear } from "~/domain/dates";
import { prisma } from "./db.server";
import type { MemberCook } from "./cook.server";
import { stockInTransaction, type Transaction } from "./pantry-store.server";
import { visibleTo } from "./recipe-access.server";
import { COOKED_DISH_SELECT, cookedLinesOf } from "./recipe-lookup.server";

export type ServingsResult =
  | {
      ok: true;
      message: string;
      servingsCooked: number;
      servingsEaten: number;
      leftover: { name: string; servings: number; bestBefore: string } | null;
    }
  | { ok: false; status: 404 | 409 | 400; message: string };

/**
 * Records the servings cooked and eaten of one of the cook's meals (a second time is refused: the leftovers are in
 * the pantry already) and puts the rest in the fridge.
 */
export async function recordServingsEaten(
  cook: MemberCook,
  completionId: number,
  servings: { cooked?: number; eaten: number }
): Promise<ServingsResult> {
  const { userId } = cook;
  const completion = await prisma.mealCompletion.findFirst({
    where: { id: completionId, userId },
    select: { servingsCooked: true, recipe: { select: { name: true, servings: true } } },
  });
  // a meal of a recipe deleted since has no dish to name its leftovers after
  if (!completion?.recipe) return { ok: false, status: 404, message: "That meal was not found." };
  const cooked = servings.cooked ?? completion.servingsCooked ?? completion.recipe.servings ?? servings.eaten;
  if (servings.eaten > cooked) {
    return { ok: false, status: 400, message: EATEN_MORE_THAN_COOKED };
  }
  const rest = cooked - servings.eaten;
  const said = { servingsCooked: cooked, servingsEaten: servings.eaten };
  const name = leftoverName(completion.recipe.name);
  const bestBefore = addDaysTo(todayUtc(), LEFTOVER_FRIDGE_DAYS);
  // what the cook said and the leftovers it puts in the pantry are written together, or neither is
  return prisma
    .$transaction(async (tx): Promise<ServingsResult> => {
      const { count } = await tx.mealCompletion.updateMany({
        where: { id: completionId, userId, servingsEaten: null },
        data: said,
      });
      if (count === 0) return { ok: false, status: 409, message: SERVINGS_ALREADY_SAID };
      if (rest <= 0) return { ok: true, message: `${servingsText(servings.eaten)} eaten.`, ...said, leftover: null };
      // the same dish cooked again before the last leftovers went: one item, more servings, the newer day
      const stocked = await stockInTransaction(tx, cook.pantryId, {
        name,
        quantity: rest,
        unit: null,
        storage: "fridge",
        bestBefore,
      });
      if (!stocked.ok) throw new LeftoversRefused(stocked.message);
      return {
        ok: true,
        message: `${servingsText(rest)} went to your pantry as ${name}, good until ${formatDayMonthYear(bestBefore)}.`,
        ...said,
        leftover: { name, servings: rest, bestBefore },
      };
    })
    .catch((error: unknown) => {
      if (!(error instanceof LeftoversRefused)) throw error;
      return { ok: false, status: 409, message: error.message };
    });
}

/** The pantry refused the leftovers: thrown to roll back what the cook said with them. */
class LeftoversRefused extends Error {}

/** What the cook said of a meal's servings, null when they have not. */
export async function servingsSaid(userId: number, completionId: number) {
  const completion = await prisma.mealCompletion.findFirst({
    where: { id: completionId, userId },
    select: { servingsCooked: true, servingsEaten: true, recipe: { select: { servings: true } } },
  });
  if (!completion) return null;
  return {
    said: completion.servingsEaten !== null,
    cooked: completion.servingsCooked ?? completion.recipe?.servings ?? 2,
    eaten: completion.servingsEaten,
  };
}

/** Recipes of the same name prefix looked at (a long dish name is cut short in the item's name). */
const SAME_PREFIX_RECIPES = 20;

/**
 * A leftover's weights: a serving of "Leftover <dish>" in grams (as a piece, the unit of an item counted in
 * servings) and the dish's kg CO2e per kg, from the recipe of the dish the household cooked last (else a recipe of
 * that name the cook may see). Null for an item that is not a leftover or whose dish cannot be weighed.
 */
export async function leftoverWeights(
  tx: Transaction,
  cook: MemberCook,
  itemName: string,
  catalogue: Catalogue
): Promise<{ weights: Record<string, number>; co2PerKg: number | null } | null> {
  if (!itemName.startsWith(LEFTOVER_PREFIX)) return null;
  const namePrefix = itemName.slice(LEFTOVER_PREFIX.length).replace(/…$/, "");
  const sameName = (recipe: { name: string } | null) => recipe !== null && leftoverName(recipe.name) === itemName;
  const cooked = await tx.mealCompletion.findMany({
    where: { user: { household: { householdId: cook.householdId } }, recipe: { name: { startsWith: namePrefix } } },
    orderBy: { id: "desc" },
    take: SAME_PREFIX_RECIPES,
    select: { recipe: { select: COOKED_DISH_SELECT } },
  });
  const recipe =
    cooked.map((meal) => meal.recipe).find(sameName) ??
    (
      await tx.recipe.findMany({
        where: { name: { startsWith: namePrefix }, ...visibleTo(cook.userId) },
        orderBy: { id: "asc" },
        take: SAME_PREFIX_RECIPES,
        select: COOKED_DISH_SELECT,
      })
    ).find(sameName);
  if (!recipe) return null;
  const serving = servingOfDish(cookedLinesOf(recipe), recipe.servings ?? 2, catalogue);
  return serving && { weights: { piece: serving.gramsPerServing }, co2PerKg: serving.co2PerKg };
}
