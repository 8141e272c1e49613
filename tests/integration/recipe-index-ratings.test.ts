/**
 * A review written, replaced or deleted changes the rating of its recipe alone in every process's suggestions index
 * (decision 176): the database's trigger writes the recipe down with the version it bumped, and the next search of
 * any process reads that recipe's average rating again instead of every recipe's. Two index modules stand for two
 * processes of the app on one database (CI runs this file on SQLite and on PostgreSQL).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecipeIndex } from "~/domain/ranking";
import { prisma } from "~/services/db.server";
import { saveRecipes } from "~/services/recipe-store.server";
import { createReview, deleteReview, replaceReview } from "~/services/reviews.server";
import { seedIngredients } from "../../prisma/seed";
import { watchStatements, type StatementWatch } from "../support/driver-statements";
import { aProcess, onionDrafts } from "../support/index-processes";

let onionId: number;
let cooks: number[];

beforeAll(async () => {
  await seedIngredients();
  onionId = (await prisma.ingredient.findFirstOrThrow({ where: { name: "onion" } })).id;
  cooks = await Promise.all(
    ["ana", "ben"].map(
      async (name) =>
        (
          await prisma.user.create({ data: { username: `${name}-rates`, email: `${name}@example.com` } })
        ).id
    )
  );
});

afterEach(() => {
  watch?.stop();
  watch = undefined;
  vi.restoreAllMocks();
});

/** Recipes alike but for their names: the index orders them by rating, then by name. */
async function alikeRecipes(prefix: string, count: number): Promise<number[]> {
  return (await saveRecipes(onionDrafts(prefix, count))).map((recipe) => recipe.id);
}

/** The order in which an index suggests these recipes to a cook with an onion. */
function orderOf(index: RecipeIndex, ids: number[]): number[] {
  const page = index.page(
    { pantry: [{ ingredientId: onionId }], cuisines: [], dietaryPreferences: [], mealOccasions: [] },
    0,
    1_000
  );
  return page.recipes.map((recipe) => recipe.recipeId).filter((id) => ids.includes(id));
}

let watch: StatementWatch | undefined;

/** The SQL of every statement the app sends from now on (until the test ends). */
function statementsSent(): string[] {
  watch = watchStatements();
  return watch.sent;
}

/**
 * Whether a statement reads every recipe's average rating (the full re-read): the app's own SQL or Prisma's groupBy
 * (`FROM "main"."Review" WHERE 1=1 GROUP BY`), on either engine.
 */
const readsEveryRating = (sql: string) => /FROM "(?:\w+"\.")?Review"(?: WHERE 1=1)? GROUP BY/.test(sql);

describe("a review written by another process", () => {
  it("moves its recipe in every process's suggestions without reading every rating again", async () => {
    const ids = await alikeRecipes("Rated soon", 3);
    const [first, second] = [await aProcess(), await aProcess()];
    const [indexOfFirst, indexOfSecond] = [await first.currentRecipeIndex(), await second.currentRecipeIndex()];
    expect(orderOf(indexOfFirst, ids)).toEqual(ids);

    const statements = statementsSent();
    expect(await createReview(cooks[0], { menu_id: ids[2], rating: 5, comment: "Lovely." })).toMatchObject({
      ok: true,
    });
    for (const process of [first, second])
      expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[2], ids[0], ids[1]]);

    expect(await replaceReview(cooks[0], { menu_id: ids[2], rating: 1, comment: "Too salty." })).toMatchObject({
      ok: true,
    });
    await createReview(cooks[0], { menu_id: ids[1], rating: 3, comment: "Fine." });
    for (const process of [first, second])
      expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[1], ids[2], ids[0]]);

    expect(statements.filter(readsEveryRating)).toEqual([]);
    expect(await first.currentRecipeIndex()).toBe(indexOfFirst);
    expect(await second.currentRecipeIndex()).toBe(indexOfSecond);
  });

  it("deleted, leaves its recipe without a rating when it was the last, averaged with the rest otherwise", async () => {
    const ids = await alikeRecipes("Unrated again", 3);
    await createReview(cooks[0], { menu_id: ids[2], rating: 5, comment: "Lovely." });
    await createReview(cooks[1], { menu_id: ids[1], rating: 4, comment: "Good." });
    await createReview(cooks[0], { menu_id: ids[1], rating: 2, comment: "Bland." });
    const process = await aProcess();
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[2], ids[1], ids[0]]);

    const statements = statementsSent();
    expect(await deleteReview(cooks[0], ids[2])).toBe(true);
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[1], ids[0], ids[2]]);
    // the second recipe's 2 deleted, its 4 left: below a recipe rated 5
    expect(await deleteReview(cooks[0], ids[1])).toBe(true);
    await createReview(cooks[1], { menu_id: ids[0], rating: 5, comment: "Best." });
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[0], ids[1], ids[2]]);
    expect(statements.filter(readsEveryRating)).toEqual([]);
  });

  it("sees two reviews of different recipes committed at once, and two written in one statement", async () => {
    const ids = await alikeRecipes("At once", 5);
    const process = await aProcess();
    const index = await process.currentRecipeIndex();
    const statements = statementsSent();

    await Promise.all(
      [ids[4], ids[3]].map((recipeId, number) =>
        prisma.$transaction(async (transaction) => {
          await transaction.review.create({
            data: { userId: cooks[number], recipeId, rating: 5 - number, comment: "At once." },
          });
        })
      )
    );
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[4], ids[3], ids[0], ids[1], ids[2]]);

    // one statement for two recipes (PostgreSQL's trigger fires once for both)
    await prisma.review.createMany({
      data: [
        { userId: cooks[0], recipeId: ids[2], rating: 3, comment: "Fine." },
        { userId: cooks[0], recipeId: ids[1], rating: 2, comment: "Meh." },
      ],
    });
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0]]);
    expect(statements.filter(readsEveryRating)).toEqual([]);
    expect(await process.currentRecipeIndex()).toBe(index);
  });

  it("goes with its recipe when the recipe is deleted, and is written down for the recipe", async () => {
    const ids = await alikeRecipes("Deleted rated", 2);
    await createReview(cooks[0], { menu_id: ids[1], rating: 5, comment: "Lovely." });
    const process = await aProcess();
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[1], ids[0]]);
    await prisma.recipe.delete({ where: { id: ids[1] } });
    expect(await prisma.reviewChange.findUnique({ where: { recipeId: ids[1] } })).not.toBeNull();
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[0]]);
  });

  it("is still seen when the index last looked before the change was forgotten (a day): every rating read", async () => {
    const ids = await alikeRecipes("Forgotten rating", 2);
    const process = await aProcess();
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual(ids);
    await createReview(cooks[0], { menu_id: ids[1], rating: 5, comment: "Lovely." });
    // a day and more ago: the next review's write drops its row
    await prisma.reviewChange.update({
      where: { recipeId: ids[1] },
      data: { changedAt: BigInt(Date.now() - 2 * 86_400_000) },
    });
    await createReview(cooks[1], { menu_id: ids[0], rating: 1, comment: "Burnt." });
    expect(await prisma.reviewChange.findUnique({ where: { recipeId: ids[1] } })).toBeNull();

    const statements = statementsSent();
    const aDayOn = Date.now() + 86_400_000;
    vi.spyOn(Date, "now").mockImplementation(() => aDayOn);
    expect(orderOf(await process.currentRecipeIndex(), ids)).toEqual([ids[1], ids[0]]);
    expect(statements.filter(readsEveryRating)).toHaveLength(1);
  });
});
