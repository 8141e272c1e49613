import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { jsonError } from "~/services/request.server";
import { findMenu } from "~/services/recipe-search.server";

/** GET /menus/<menu_id>: one menu. */
export async function loader({ params }: LoaderFunctionArgs) {
  const menuId = parseId(params.menuId);
  const menu = menuId === null ? null : await findMenu(menuId);
  return menu ? Response.json(menu) : jsonError("Menu not found", 404);
}
