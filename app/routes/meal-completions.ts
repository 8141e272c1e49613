import type { ActionFunctionArgs } from "@remix-run/node";
import { readUserMenuCall } from "~/services/api-auth.server";
import { visibleRecipeStepCount } from "~/services/recipe-lookup.server";
import { completeCooking } from "~/services/recipe-visit.server";
import { jsonError } from "~/services/request.server";

/**
 * POST /meal-completions { user_id, menu_id }: the cook finished the recipe. One completion per cooking, as
 * on the recipe screen: a repeat (a retry, a double submit) answers 200 and records nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { userId, recipeId } = await readUserMenuCall(request);
  const stepCount = await visibleRecipeStepCount(recipeId, userId);
  if (stepCount === null) return jsonError("Menu not found", 404);
  const { completion } = await completeCooking(request, userId, recipeId, stepCount);
  if (!completion) {
    return Response.json({
      message: "This cooking has already been counted",
      user_id: userId,
      menu_id: recipeId,
      recorded: false,
    });
  }
  return Response.json(
    {
      message: "Meal completion recorded",
      user_id: userId,
      menu_id: recipeId,
      recorded: true,
      co2_saved: completion.co2SavedKg,
    },
    { status: 201 }
  );
}
