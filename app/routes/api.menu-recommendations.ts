import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { isJsonRequest, jsonError, readJsonObject } from "~/services/request.server";
import { suggestRecipes } from "~/services/recipe-search.server";
import { assertSameOrigin } from "~/services/security.server";

const MAX_INGREDIENTS = 100;

/** An ingredient as a name, or as the app stores it locally ({ ingredient_name, ... }). */
const ingredientName = z.union(
  [
    z.string().trim().min(1).max(100),
    z.object({ ingredient_name: z.string().trim().min(1).max(100) }).transform((ingredient) => ingredient.ingredient_name),
  ],
  { error: "must be an ingredient name or { ingredient_name }" },
);

const choices = (values: readonly [string, ...string[]]) =>
  z.array(z.enum(values, { error: (issue) => `must be one of: ${values.join(", ")} (got ${JSON.stringify(issue.input)})` })).default([]);

const recommendationRequest = z.object({
  ingredients: z
    .array(ingredientName, { error: "must be a list of ingredient names" })
    .max(MAX_INGREDIENTS, `must not list more than ${MAX_INGREDIENTS} items`),
  cuisines: choices(CUISINES),
  dietaryPreferences: choices(DIETARY_PREFERENCES),
  mealOccasions: choices(MEAL_OCCASIONS),
});

/** POST /api/menu-recommendations: recipes that use up the listed ingredients, best first. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  if (!isJsonRequest(request)) return jsonError("Request body must be JSON (Content-Type: application/json)", 400);
  const parsed = recommendationRequest.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return jsonError(`${issue.path.join(".")}: ${issue.message}`, 400);
  }
  return Response.json({ recommendations: await suggestRecipes(parsed.data) });
}
