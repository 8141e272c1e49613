import type { ActionFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { MenuImageSchema } from "~/domain/menu-input";
import { requireApiUserId } from "~/services/api-auth.server";
import { prisma } from "~/services/db.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "~/services/dish-photo-use.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { canSeeRecipe } from "~/services/recipe-access.server";
import { findMenu } from "~/services/recipe-search.server";
import { assertSameOrigin } from "~/services/security.server";

/** PUT /api/menus/<menu_id> with { image }: sets the picture of a recipe the signed-in user added. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "PUT") return jsonError("Use PUT", 405);
  const userId = await requireApiUserId(request);
  const { image } = await parseJsonBody(request, MenuImageSchema);
  const menuId = parseId(params.menuId);
  if (menuId === null) return jsonError("Menu not found", 404);
  const mine = { id: menuId, importedById: userId };
  const before = await prisma.recipe.findFirst({ where: mine, select: { image: true } });
  const { count } = await prisma.recipe.updateMany({ where: mine, data: { image } });
  if (before && before.image !== image) await deleteUnusedDishPhotos([storedDishPhotoOf(before.image)]);
  if (count === 0) {
    const exists = await canSeeRecipe(menuId, userId);
    return exists ? jsonError("You can only change the picture of a recipe you added", 403) : jsonError("Menu not found", 404);
  }
  return Response.json(await findMenu(menuId, userId));
}
