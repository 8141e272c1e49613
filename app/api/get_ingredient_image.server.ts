import type { ActionFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { MAX_INGREDIENT_NAME_LENGTH } from "~/domain/pantry";
import { ingredientImages } from "~/services/ingredient-images.server";
import { parseJsonBody } from "~/services/request.server";

const MAX_NAMES = 200;
const names = (what: string) =>
  z
    .array(
      z.string().max(MAX_INGREDIENT_NAME_LENGTH, `names can be at most ${MAX_INGREDIENT_NAME_LENGTH} characters`),
      {
        error: `must be a list of ${what}`,
      }
    )
    .max(MAX_NAMES, `at most ${MAX_NAMES} names`);

const ImageRequest = z.object({
  ingredients: names("ingredient names"),
  cached: names("the names whose images you already have").optional(),
});

/**
 * POST /api/get_ingredient_image (also /get_ingredient_image):
 * { ingredients: [names], cached?: [names] } → [{ ingredient, imageUrl }] for the names not in `cached`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, ImageRequest);
  return Response.json(await ingredientImages(body.ingredients, body.cached ?? []));
}
