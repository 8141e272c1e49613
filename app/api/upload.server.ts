import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { identifyPhoto } from "~/services/vision/upload.server";

/**
 * POST /api/upload with `{ image: "data:image/...;base64,..." }`: the ingredients in the photo, each
 * `{ ingredient_name, ingredient_type, source: "camera", alternatives: [{ ingredient_name, ingredient_type }] }`
 * (up to two next best guesses) and `sure`: false when the recogniser was unsure and offers its best guesses as
 * choices, none chosen; an empty list when nothing looked like a grocery. Nothing is added to the caller's
 * ingredient list: the guesses wait for the cook to confirm them on the camera screen.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const outcome = await identifyPhoto(request);
  if (!outcome.ok) return jsonError(outcome.message, outcome.status);
  const ingredients = outcome.ingredients.map(({ name, type, alternatives, unsure }) => ({
    ingredient_name: name,
    ingredient_type: type,
    source: "camera",
    alternatives: alternatives.map((guess) => ({ ingredient_name: guess.name, ingredient_type: guess.type })),
    sure: !unsure,
  }));
  return Response.json({ ingredients }, { headers: outcome.headers });
}
