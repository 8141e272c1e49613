import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { PantryInputsSchema } from "~/domain/pantry-input";
import { PreferencesSchema } from "~/domain/preferences";
import { AllergyListSchema } from "~/domain/profile-schema";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { suggestionPage } from "~/services/recipe-search.server";
import { getUserId } from "~/services/session.server";
import { allergiesOf } from "~/services/users.server";

const recommendationRequest = PreferencesSchema.extend({
  ingredients: PantryInputsSchema,
  /** a guest's allergies (a signed-in cook's profile allergies always count, these are added to them) */
  allergies: AllergyListSchema.default([]),
  /** true: recipes containing the allergies are listed too, each naming them in `allergens` */
  showAllergens: z.boolean().default(false),
});

/**
 * POST /api/menu-recommendations: recipes that use up the listed ingredients (names, or items with amount, date
 * and place), best first (docs/ranking.md); each says which pantry food it uses, what is missing and which of the
 * cook's allergens it contains. Recipes with the cook's allergens are left out and counted in
 * `hidden_for_allergies` unless `showAllergens`. A signed-in cook's own private recipes are among them.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const query = await parseJsonBody(request, recommendationRequest);
  const viewerId = await getUserId(request);
  const allergies = [...new Set([...(await allergiesOf(viewerId)), ...query.allergies])];
  const page = await suggestionPage({ ...query, allergies, viewerId });
  return Response.json({
    recommendations: page.items,
    total: page.total,
    hidden_for_allergies: page.hiddenForAllergies,
  });
}
