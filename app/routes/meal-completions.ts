import type { ActionFunctionArgs } from "@remix-run/node";
import { readUserMenuCall } from "~/services/api-auth.server";
import { prisma } from "~/services/db.server";
import { visibleTo } from "~/services/recipe-access.server";
import { completeCooking } from "~/services/recipe-visit.server";
import { jsonError } from "~/services/request.server";
import { assertSameOrigin } from "~/services/security.server";

/**
 * POST /meal-completions { user_id, menu_id }: the cook finished the recipe. One completion per cooking, as
 * on the recipe screen: a repeat (a retry, a double submit) answers 200 and records nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const { userId, menuId } = await readUserMenuCall(request);
  const recipe = await prisma.recipe.findFirst({
    where: { id: menuId, ...visibleTo(userId) },
    select: { _count: { select: { steps: true } } },
  });
  if (!recipe) return jsonError("Menu not found", 404);
  const { completion } = await completeCooking(request, userId, menuId, recipe._count.steps);
  if (!completion) {
    return Response.json({ message: "This cooking has already been counted", user_id: userId, menu_id: menuId, recorded: false });
  }
  return Response.json(
    { message: "Meal completion recorded", user_id: userId, menu_id: menuId, recorded: true, co2_saved: completion.co2SavedKg },
    { status: 201 },
  );
}
