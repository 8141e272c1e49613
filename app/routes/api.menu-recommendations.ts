import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { PreferencesSchema } from "~/domain/preferences";
import { jsonError, parseJsonBody } from "~/services/request.server";
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

const recommendationRequest = PreferencesSchema.extend({
  ingredients: z
    .array(ingredientName, { error: "must be a list of ingredient names" })
    .max(MAX_INGREDIENTS, `must not list more than ${MAX_INGREDIENTS} items`),
});

/** POST /api/menu-recommendations: recipes that use up the listed ingredients, best first. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  return Response.json({ recommendations: await suggestRecipes(await parseJsonBody(request, recommendationRequest)) });
}
