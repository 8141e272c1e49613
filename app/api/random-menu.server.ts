import { randomRecipe } from "~/services/recipe-search.server";

/** GET /api/random-menu: any recipe of the cookbook. */
export async function loader() {
  const menu = await randomRecipe();
  if (!menu) return Response.json({ success: false, message: "There are no recipes yet" }, { status: 404 });
  return Response.json({ success: true, menu });
}
