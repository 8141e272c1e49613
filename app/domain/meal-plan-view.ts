/** A plan entry as the /plan screen draws it: zod-free, as the screen's browser code imports it (decision 069). */
import type { PlanMeal } from "./meal-planner";

/** One entry of the plan as the screen and the JSON calls see it. */
export interface PlanEntryView {
  id: number;
  day: string;
  meal: PlanMeal;
  recipeId: number | null;
  recipeName: string | null;
  servings: number;
  leftoverOf: string | null;
  locked: boolean;
  reason: string | null;
  /** the recipe's lines, ingredient → quantity as written */
  ingredientsQuantity: Record<string, string>;
}

/** "Leftovers: Chicken curry" or the recipe's name. */
export const entryTitle = (entry: Pick<PlanEntryView, "leftoverOf" | "recipeName">) =>
  entry.leftoverOf !== null ? `Leftovers: ${entry.leftoverOf}` : entry.recipeName ?? "A recipe no longer there";
