import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { analyzeAllergies } from "~/domain/allergens";
import { IngredientNamesSchema } from "~/domain/ingredient-names";
import { loadCatalogue } from "~/services/catalogue.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

const MAX_ALLERGIES = 50;

const AllergyRequest = z.object({
  ingredients: IngredientNamesSchema,
  allergies: z
    .array(z.string().trim().min(1, "must not be blank").max(100, "must be at most 100 characters"), {
      error: "must be a list of allergies",
    })
    .max(MAX_ALLERGIES, `must not list more than ${MAX_ALLERGIES} allergies`),
});

/**
 * POST /analyze-allergies { ingredients, allergies }: which ingredients the allergies hit, through the
 * catalogue's allergen groups and synonyms, with a case-insensitive substring match as the fallback.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const body = await parseJsonBody(request, AllergyRequest);
  return Response.json({ alerts: analyzeAllergies(body.ingredients, body.allergies, await loadCatalogue()) });
}
