/**
 * A deleted recipe leaves every process's suggestions index in place (decision 173): the database's trigger writes
 * the deletion down with the version it bumped, and the next search of any process takes the recipe out of the
 * index it has instead of rebuilding the whole cookbook's. Two index modules stand for two processes of the app on
 * one database (CI runs this file on SQLite and on PostgreSQL).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RankingQuery, RecipeIndex } from "~/domain/ranking";
import { prisma } from "~/services/db.server";
import { saveRecipes } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { aProcess, onionDrafts } from "../support/index-processes";

let onionId: number;

beforeAll(async () => {
  await seedIngredients();
  onionId = (await prisma.ingredient.findFirstOrThrow({ where: { name: "onion" } })).id;
});

const onionPantry: RankingQuery = {
  pantry: [{ ingredientId: 0 }],
  cuisines: [],
  dietaryPreferences: [],
  mealOccasions: [],
};

/** The ids an index suggests for onion (every recipe here has onion). */
function suggested(index: RecipeIndex): number[] {
  return index.page({ ...onionPantry, pantry: [{ ingredientId: onionId }] }, 0, 1_000).recipes.map((r) => r.recipeId);
}

describe("a recipe deleted by another process", () => {
  it("is taken out of the index in place on the next search: never suggested, and the index not rebuilt", async () => {
    const saved = await saveRecipes(onionDrafts("Deleted soon", 12));
    const [first, second] = [await aProcess(), await aProcess()];
    const [indexOfFirst, indexOfSecond] = [await first.currentRecipeIndex(), await second.currentRecipeIndex()];
    const total = indexOfFirst.size;

    // one recipe, then three at once (one statement: PostgreSQL's trigger fires once for the three)
    await prisma.recipe.delete({ where: { id: saved[0].id } });
    await prisma.recipe.deleteMany({ where: { id: { in: saved.slice(1, 4).map((recipe) => recipe.id) } } });
    const gone = saved.slice(0, 4).map((recipe) => recipe.id);

    for (const process of [first, second]) {
      const index = await process.currentRecipeIndex();
      expect(index.size).toBe(total - 4);
      for (const id of gone) expect(suggested(index)).not.toContain(id);
      expect(suggested(index)).toContain(saved[4].id);
    }
    // the same index, changed in place: a rebuild would have made a new one (seconds at 100,000 recipes)
    expect(await first.currentRecipeIndex()).toBe(indexOfFirst);
    expect(await second.currentRecipeIndex()).toBe(indexOfSecond);
  });

  it("comes back when a recipe is saved again under its id, even before the next search", async () => {
    const [saved] = await saveRecipes(onionDrafts("Back again", 1));
    const process = await aProcess();
    const index = await process.currentRecipeIndex();
    const { updatedAt } = await prisma.recipe.findUniqueOrThrow({ where: { id: saved.id } });
    const saveAgain = (name: string) =>
      prisma.recipe.create({
        data: {
          id: saved.id,
          // the very update time the index applied before the deletion: only forgetting it lets the recipe back in
          updatedAt,
          name,
          ingredients: { create: [{ name: "onion", ingredientId: onionId, quantity: "2", position: 0 }] },
        },
      });
    await prisma.recipe.delete({ where: { id: saved.id } });
    expect(suggested(await process.currentRecipeIndex())).not.toContain(saved.id);
    await saveAgain("Back again, written by hand");
    expect(suggested(await process.currentRecipeIndex())).toContain(saved.id);
    // deleted and saved again between two searches: the update time the index applied is the one it reads again
    await prisma.recipe.delete({ where: { id: saved.id } });
    await saveAgain("Back once more, written by hand");
    expect(suggested(await process.currentRecipeIndex())).toContain(saved.id);
    expect(await process.currentRecipeIndex()).toBe(index);
  });

  it("is still taken out when the index last looked before the deletion was forgotten (a day): by a rebuild", async () => {
    const saved = await saveRecipes(onionDrafts("Forgotten", 2));
    const process = await aProcess();
    const index = await process.currentRecipeIndex();
    await prisma.recipe.delete({ where: { id: saved[0].id } });
    // a day and more ago: the next deletion drops its row
    await prisma.recipeDeletion.update({
      where: { recipeId: saved[0].id },
      data: { deletedAt: BigInt(Date.now() - 2 * 86_400_000) },
    });
    await prisma.recipe.delete({ where: { id: saved[1].id } });
    expect(await prisma.recipeDeletion.findUnique({ where: { recipeId: saved[0].id } })).toBeNull();

    const current = await process.currentRecipeIndex();
    expect(suggested(current)).not.toContain(saved[0].id);
    expect(suggested(current)).not.toContain(saved[1].id);
    expect(current).not.toBe(index);
  });

  it("is taken out, and a new rating seen, without the cookbook's version row (emptied by hand): by the count, every rating read", async () => {
    const saved = await saveRecipes(onionDrafts("Unversioned", 3));
    const process = await aProcess();
    await process.currentRecipeIndex();
    const { version } = await prisma.cookbookVersion.findUniqueOrThrow({ where: { id: 1 } });
    await prisma.cookbookVersion.delete({ where: { id: 1 } });
    try {
      await prisma.recipe.delete({ where: { id: saved[0].id } });
      const cook = await prisma.user.create({ data: { username: "unversioned-cook", email: "uv@example.com" } });
      await prisma.review.create({ data: { userId: cook.id, recipeId: saved[2].id, rating: 5, comment: "Good." } });
      // without the row, other processes' writes are looked for every CHECK_INTERVAL_MS (2 s): as 3 s later
      const later = Date.now() + 3_000;
      vi.spyOn(Date, "now").mockImplementation(() => later);
      const index = await process.currentRecipeIndex();
      expect(suggested(index)).not.toContain(saved[0].id);
      // rated 5, "Unversioned 2" goes ahead of "Unversioned 1", though its name puts it after
      const order = suggested(index).filter((id) => id === saved[1].id || id === saved[2].id);
      expect(order).toEqual([saved[2].id, saved[1].id]);
    } finally {
      vi.restoreAllMocks();
      await prisma.cookbookVersion.create({ data: { id: 1, version } });
    }
  });
});
