import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import { findMenu } from "~/services/recipe-search.server";

/** GET /menus/<menu_id>: one menu. */
export async function loader({ params }: LoaderFunctionArgs) {
  const menuId = /^\d{1,9}$/.test(params.menuId ?? "") ? Number(params.menuId) : null;
  const menu = menuId === null ? null : await findMenu(menuId);
  return menu ? Response.json(menu) : jsonError("Menu not found", 404);
}
