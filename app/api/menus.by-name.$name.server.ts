import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { findMenuByName } from "~/services/recipe-search.server";

/** GET /api/menus/by-name/<name>: the id and picture of the recipe with that exact name. */
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await findMenuByName((params.name ?? "").trim());
  return found ? Response.json(found) : jsonError("Menu not found", 404);
}
