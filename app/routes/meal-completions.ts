import type { ActionFunctionArgs } from "@remix-run/node";
import { mealCo2Kg } from "~/domain/food-log";
import { ServingsEatenSchema } from "~/domain/leftovers";
import { assertOwnUserId, requireApiCook, UserMenuCall } from "~/services/api-auth.server";
import { recordServingsEaten } from "~/services/leftovers.server";
import { visibleRecipeStepCount } from "~/services/recipe-lookup.server";
import { completeCooking } from "~/services/recipe-visit.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

const MealCompletionCall = UserMenuCall.and(ServingsEatenSchema);

/**
 * POST /meal-completions { user_id, menu_id, servings_cooked?, servings_eaten? }: the cook finished the recipe. One
 * completion per cooking, as on the recipe screen: a repeat (a retry, a double submit) answers 200 and records
 * nothing. With servings_eaten, the servings not eaten go to the pantry as leftovers and the CO2 counts those eaten.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const { userId } = cook;
  const body = await parseJsonBody(request, MealCompletionCall);
  assertOwnUserId(userId, body.user_id);
  const recipeId = body.menu_id;
  const stepCount = await visibleRecipeStepCount(recipeId, userId);
  if (stepCount === null) return jsonError("Menu not found", 404);
  const { completion } = await completeCooking(request, cook, recipeId, stepCount, body.servings_cooked ?? null);
  if (!completion) {
    return Response.json({
      message: "This cooking has already been counted",
      user_id: userId,
      menu_id: recipeId,
      recorded: false,
    });
  }
  const servings =
    body.servings_eaten === undefined
      ? null
      : await recordServingsEaten(cook, completion.id, {
          cooked: body.servings_cooked,
          eaten: body.servings_eaten,
        });
  const eaten = servings?.ok ? { servingsCooked: servings.servingsCooked, servingsEaten: servings.servingsEaten } : {};
  return Response.json(
    {
      message: "Meal completion recorded",
      user_id: userId,
      menu_id: recipeId,
      recorded: true,
      co2_saved: mealCo2Kg({ ...completion, ...eaten }),
      ...(servings
        ? servings.ok
          ? {
              leftover: servings.leftover && {
                name: servings.leftover.name,
                servings: servings.leftover.servings,
                best_before: servings.leftover.bestBefore,
              },
            }
          : { leftover_error: servings.message }
        : {}),
    },
    { status: 201 }
  );
}
