import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { findRecipeByName } from "~/services/recipe-search.server";
import { getUserId } from "~/services/session.server";

/** GET /api/menus/by-name/<name>: the id and picture of the recipe with that exact name the caller may see. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await findRecipeByName((params.name ?? "").trim(), await getUserId(request));
  return found ? Response.json(found) : jsonError("Menu not found", 404);
}
