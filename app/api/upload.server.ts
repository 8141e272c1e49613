import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { identifyPhoto } from "~/services/vision/upload.server";

/**
 * POST /api/upload with `{ image: "data:image/...;base64,..." }`: the ingredients in the photo, each
 * `{ ingredient_name, ingredient_type, source: "camera" }` (an empty list when nothing was recognised).
 * They are added to the caller's ingredient list as camera items too.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const outcome = await identifyPhoto(request);
  if (!outcome.ok) return jsonError(outcome.message, outcome.status);
  const ingredients = outcome.ingredients.map(({ name, type }) => ({
    ingredient_name: name,
    ingredient_type: type,
    source: "camera",
  }));
  return Response.json({ ingredients }, { headers: outcome.headers });
}
