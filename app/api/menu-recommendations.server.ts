import type { ActionFunctionArgs } from "@remix-run/node";
import { IngredientNamesSchema } from "~/domain/ingredient-names";
import { PreferencesSchema } from "~/domain/preferences";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { suggestRecipes } from "~/services/recipe-search.server";
import { assertSameOrigin } from "~/services/security.server";

const recommendationRequest = PreferencesSchema.extend({ ingredients: IngredientNamesSchema });

/** POST /api/menu-recommendations: recipes that use up the listed ingredients, best first. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  return Response.json({ recommendations: await suggestRecipes(await parseJsonBody(request, recommendationRequest)) });
}
