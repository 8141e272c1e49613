import type { ActionFunctionArgs } from "@remix-run/node";
import { PantryInputsSchema } from "~/domain/pantry-input";
import { PreferencesSchema } from "~/domain/preferences";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { suggestRecipes } from "~/services/recipe-search.server";
import { getUserId } from "~/services/session.server";

const recommendationRequest = PreferencesSchema.extend({ ingredients: PantryInputsSchema });

/**
 * POST /api/menu-recommendations: recipes that use up the listed ingredients (names, or items with amount, date
 * and place), grouped (ready now, 1–2 to buy, the rest) and best first; each says which pantry food it uses.
 * A signed-in cook's own private recipes are among them, ranked like any other.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const query = await parseJsonBody(request, recommendationRequest);
  return Response.json({ recommendations: await suggestRecipes({ ...query, viewerId: await getUserId(request) }) });
}
