/** The suggestions index built as the server starts (entry.server calls warmRecipeIndex), not by the first search. */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/services/db.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { watchStatements } from "../support/driver-statements";

beforeAll(async () => {
  await seedIngredients();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The index and search modules as a server that has just started has them: no index built yet. */
async function justStarted() {
  vi.resetModules();
  const [{ warmRecipeIndex }, { suggestRecipes }] = await Promise.all([
    import("~/services/recipe-index.server"),
    import("~/services/recipe-search.server"),
  ]);
  const search = async (ingredients: string[]) =>
    (await suggestRecipes({ ingredients, cuisines: [], dietaryPreferences: [], mealOccasions: [] })).map(
      (menu) => menu.menu_name
    );
  return { warmRecipeIndex, search };
}

const recipeOf = (name: string, ingredient: string) =>
  saveRecipe({
    name,
    cuisines: [],
    occasions: [],
    ingredients: [{ name: ingredient, quantity: "300 g" }],
    steps: ["Cook."],
    tips: [],
    origin: "user",
  });

describe("warmRecipeIndex", () => {
  it("builds an empty cookbook's index without complaint", async () => {
    const warn = vi.spyOn(console, "warn");
    const server = await justStarted();
    await server.warmRecipeIndex();
    expect(warn).not.toHaveBeenCalled();
    expect(await server.search(["celeriac"])).toEqual([]);
  });

  it("leaves the first search nothing to read but the menus it shows", async () => {
    await recipeOf("Warm Kohlrabi Slaw", "kohlrabi");
    const server = await justStarted();
    await server.warmRecipeIndex();
    // Every statement the first search sends, seen where the driver sends it (libsql's prepare, pg's query): the
    // whole cookbook's read (cookbook-columns.server.ts) starts by counting the recipes, and must not be among them.
    const { sent, stop } = watchStatements();
    try {
      expect(await server.search(["kohlrabi"])).toEqual(["Warm Kohlrabi Slaw"]);
    } finally {
      stop();
    }
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((sql) => /count\(\*\) FROM "Recipe"/i.test(sql))).toEqual([]);
  });

  it("never fails the start: a database it cannot read is logged and left to the first search", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = await justStarted();
    await prisma.$executeRawUnsafe('ALTER TABLE "Recipe" RENAME TO "RecipeAway"');
    try {
      await expect(server.warmRecipeIndex()).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/^Suggestions index: not built at start/),
        expect.anything()
      );
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "RecipeAway" RENAME TO "Recipe"');
    }
    expect(await server.search(["kohlrabi"])).toEqual(["Warm Kohlrabi Slaw"]);
  });
});
