/**
 * What a user has cooked: meals per month with this month's CO2 saved (Home's chart and text), and the
 * totals of Account, in the JSON calls' monthly-stats and meal-stats shapes. Months are calendar months in UTC.
 */
import { foodByMonth, mealCo2Kg, type FoodMonth } from "~/domain/food-log";
import { eatenShare } from "~/domain/leftovers";
import { prisma } from "./db.server";
import { loggedFoodSince } from "./food-log.server";

/** Months on Home's chart, this one included. */
export const CHART_MONTHS = 6;

export interface MonthlyMealStats {
  /** oldest first; "YYYY-MM"; kg of pantry food used (rescued) and thrown away (wasted) from the food log */
  monthly_stats: ({ month: string; meal_count: number } & Omit<FoodMonth, "month">)[];
  /** co2_saved in kg CO2e (docs/co2.md: confirmed amounts where the cook updated their pantry) */
  current_month: { meal_count: number; co2_saved: number; rescued_kg: number; wasted_kg: number };
}

export interface MealStats {
  total_completed: number;
  /** null until the user has completed a meal */
  most_cooked: { menu_name: string; cook_count: number } | null;
}

function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * A meal whose pantry update the cook has not confirmed counts the food of the estimate its CO2 comes from, so that
 * the two figures rest on the same amounts (once confirmed, the log's entries count, as its CO2 does).
 */
const estimatedFood = (completion: {
  createdAt: Date;
  gramsSaved: number;
  pantryUpdatedAt: Date | null;
  servingsCooked: number | null;
  servingsEaten: number | null;
}) =>
  completion.pantryUpdatedAt === null && completion.gramsSaved > 0
    ? [{ kind: "used", grams: completion.gramsSaved * eatenShare(completion), createdAt: completion.createdAt }]
    : [];

/** Meals are the cook's own; the food log's kilograms are their household's (decision 093). */
export async function monthlyMealStats(
  { userId, householdId }: { userId: number; householdId: number },
  now = new Date()
): Promise<MonthlyMealStats> {
  const months = Array.from(
    { length: CHART_MONTHS },
    (_, index) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1 - index), 1))
  );
  const [completions, food] = await Promise.all([
    prisma.mealCompletion.findMany({
      where: { userId, createdAt: { gte: months[0] } },
      select: {
        createdAt: true,
        co2SavedKg: true,
        co2ConfirmedKg: true,
        gramsSaved: true,
        pantryUpdatedAt: true,
        servingsCooked: true,
        servingsEaten: true,
      },
    }),
    loggedFoodSince(householdId, months[0]),
  ]);
  const counts = new Map(months.map((month) => [monthKey(month), 0]));
  const currentMonth = monthKey(now);
  let co2Saved = 0;
  for (const completion of completions) {
    const key = monthKey(completion.createdAt);
    // a completion stamped after `now` (clock skew) counts in no month
    if (!counts.has(key)) continue;
    counts.set(key, counts.get(key)! + 1);
    if (key === currentMonth) co2Saved += mealCo2Kg(completion);
  }
  const foodMonths = foodByMonth([...food, ...completions.flatMap(estimatedFood)], [...counts.keys()]);
  const monthly_stats = foodMonths.map((figures) => ({ ...figures, meal_count: counts.get(figures.month)! }));
  const current = foodMonths.at(-1)!;
  return {
    monthly_stats,
    current_month: {
      meal_count: counts.get(currentMonth)!,
      co2_saved: Math.round(co2Saved * 1000) / 1000,
      rescued_kg: current.rescued_kg,
      wasted_kg: current.wasted_kg,
    },
  };
}

/** Completed meals in all, and the recipe cooked most often (ties: the one cooked most recently). */
export async function mealStats(userId: number): Promise<MealStats> {
  const [total, [top]] = await Promise.all([
    prisma.mealCompletion.count({ where: { userId } }),
    prisma.mealCompletion.groupBy({
      by: ["recipeId"],
      // a meal of a deleted recipe counts in the total, not as a recipe cooked most
      where: { userId, recipeId: { not: null } },
      _count: { _all: true },
      _max: { id: true },
      orderBy: [{ _count: { recipeId: "desc" } }, { _max: { id: "desc" } }],
      take: 1,
    }),
  ]);
  if (!top?.recipeId) return { total_completed: total, most_cooked: null };
  const recipe = await prisma.recipe.findUnique({ where: { id: top.recipeId }, select: { name: true } });
  return {
    total_completed: total,
    most_cooked: recipe ? { menu_name: recipe.name, cook_count: top._count._all } : null,
  };
}
