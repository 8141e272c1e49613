import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { isJsonRequest, jsonError } from "~/services/request.server";
import { suggestRecipes } from "~/services/recipe-search.server";
import { assertSameOrigin } from "~/services/security.server";

const MAX_BODY_CHARACTERS = 64 * 1024;
const MAX_INGREDIENTS = 100;

/** An ingredient as a name, or as the app stores it locally ({ ingredient_name, ... }). */
const ingredientName = z.union([
  z.string().trim().min(1).max(100),
  z.object({ ingredient_name: z.string().trim().min(1).max(100) }).transform((ingredient) => ingredient.ingredient_name),
]);

const choices = (values: readonly [string, ...string[]], label: string) =>
  z.array(z.enum(values, { error: (issue) => `${label} must be one of: ${values.join(", ")} (got ${JSON.stringify(issue.input)})` })).default([]);

const recommendationRequest = z.object({
  ingredients: z
    .array(ingredientName, { error: "ingredients must be a list of ingredient names" })
    .max(MAX_INGREDIENTS, `ingredients must not list more than ${MAX_INGREDIENTS} items`),
  cuisines: choices(CUISINES, "cuisines"),
  dietaryPreferences: choices(DIETARY_PREFERENCES, "dietaryPreferences"),
  mealOccasions: choices(MEAL_OCCASIONS, "mealOccasions"),
});

async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonRequest(request)) throw jsonError("Request body must be JSON (Content-Type: application/json)", 400);
  const text = await request.text();
  if (text.length > MAX_BODY_CHARACTERS) throw jsonError("Request body is too large", 413);
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError("Request body must be valid JSON", 400);
  }
}

/** POST /api/menu-recommendations: recipes that use up the listed ingredients, best first. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const parsed = recommendationRequest.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return jsonError(issue.code === "invalid_type" && issue.path.length === 0 ? "Request body must be a JSON object" : `${where}${issue.message}`, 400);
  }
  return Response.json({ recommendations: await suggestRecipes(parsed.data) });
}
