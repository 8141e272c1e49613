/**
 * The suggestions index of a whole cookbook is read in one streamed pass into columns (cookbook-columns.server.ts:
 * libsql's own statement on SQLite, a cursor on PostgreSQL), while the recipes saved after it are read again one
 * by one. A server started on a cookbook must suggest exactly what a server that watched the same recipes being
 * saved suggests: same recipes, order, amounts used, what is missing, counts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recipesOfColumns, type RankingQuery } from "~/domain/ranking";
import { prisma } from "~/services/db.server";
import { saveRecipes } from "~/services/recipe-store.server";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { seedIngredients } from "../../prisma/seed";
import { aProcess } from "../support/index-processes";

beforeAll(async () => {
  await seedIngredients();
});

const FOOD = ["onion", "garlic", "tomato", "chicken breast", "chicken thigh", "milk", "butter", "rice", "leek"];
const SEASONINGS = ["salt", "olive oil", "black pepper"];
const QUANTITIES = ["200 g", "2", "1 cup", "a pinch", "", "1 tbsp", "300 g"];

/** Recipes with repeated lines of one ingredient, seasonings, lines without an ingredient, tags and times. */
function drafts(count: number, prefix = "Built dish"): RecipeDraft[] {
  return Array.from({ length: count }, (_, number) => {
    const pick = (values: readonly string[], offset: number) => values[(number * 7 + offset * 3) % values.length];
    const food = [...new Set([pick(FOOD, 0), pick(FOOD, 1), pick(FOOD, 5)])];
    return {
      name: `${prefix} ${number}`,
      cuisines: number % 3 === 0 ? ["Italian"] : number % 3 === 1 ? ["Thai", "Indian"] : [],
      occasions: number % 2 === 0 ? ["Dinner"] : ["Lunch"],
      prepTime: number % 4 === 0 ? null : 5 + number,
      cookingTime: number % 5 === 0 ? null : 10,
      servings: 2,
      ingredients: [
        ...food.map((name, line) => ({ name, quantity: pick(QUANTITIES, line) })),
        // the same ingredient on a second line: its amounts are added up
        ...(number % 4 === 0 ? [{ name: food[0], quantity: "100 g" }] : []),
        { name: pick(SEASONINGS, 0), quantity: "1 tsp", seasoning: true },
        { name: "something the catalogue does not know", quantity: "1" },
      ],
      steps: ["Cook."],
      tips: [],
      origin: "user",
    };
  });
}

const queries: RankingQuery[] = [
  { pantry: [{ ingredientId: 0 }], cuisines: [], dietaryPreferences: [], mealOccasions: [] },
  { pantry: [], cuisines: ["Thai"], dietaryPreferences: [], mealOccasions: ["Dinner"] },
];

describe("the index read from the database in one pass", () => {
  it("suggests what a server that saw every recipe saved suggests", async () => {
    const watching = await aProcess();
    await watching.currentRecipeIndex();
    await saveRecipes(drafts(60));
    const user = await prisma.user.create({ data: { username: "index-rater", email: "index-rater@example.com" } });
    const rated = await prisma.recipe.findMany({ where: { name: { startsWith: "Built dish 1" } } });
    await prisma.review.createMany({
      data: rated.map((recipe, position) => ({
        userId: user.id,
        recipeId: recipe.id,
        rating: 1 + (position % 5),
        comment: "Ok",
      })),
    });
    await prisma.recipe.update({ where: { id: rated[0].id }, data: { visibleTo: user.id } });
    watching.cookbookChanged();
    const seen = await watching.currentRecipeIndex();

    const started = await (await aProcess()).currentRecipeIndex();
    expect(started.size).toBe(60);
    const ids = new Map(
      (await prisma.ingredient.findMany({ where: { name: { in: FOOD } } })).map((row) => [row.name, row.id])
    );
    const pantries = [["onion"], ["chicken thigh", "milk"], FOOD.slice(2, 8), []];
    let shown = 0;
    for (const pantry of pantries) {
      for (const query of queries) {
        for (const viewerId of [null, user.id]) {
          const asked = {
            ...query,
            viewerId,
            pantry: pantry.map((name) => ({ ingredientId: ids.get(name)!, grams: 150 })),
          };
          const answer = seen.page(asked, 0, 60);
          expect(started.page(asked, 0, 60)).toEqual(answer);
          shown += answer.recipes.length;
        }
      }
    }
    expect(shown).toBeGreaterThan(200);
  });

  it("reads a quantity holding the line separator or a colon as that line's text, never as more lines", async () => {
    const [saved] = await saveRecipes([
      {
        name: "Separator soup",
        cuisines: [],
        occasions: [],
        servings: 2,
        ingredients: [
          // U+001F joins the lines in the reading query: typed or imported, it must not start a line of its own
          { name: "onion", quantity: "1\u001f7:200 g" },
          { name: "leek", quantity: "2:3 stalks\u001f9:cup" },
        ],
        steps: ["Simmer."],
        tips: [],
        origin: "user",
      },
    ]);
    const { readCookbookColumns } = await import("~/services/cookbook-columns.server");
    const recipe = recipesOfColumns(await readCookbookColumns()).find(({ id }) => id === saved.id)!;
    const stored = await prisma.recipeIngredient.findMany({
      where: { recipeId: saved.id },
      orderBy: { position: "asc" },
    });
    expect(recipe.ingredientIds).toEqual(stored.map((line) => line.ingredientId));
  });

  it("lets the event loop turn while it reads a large cookbook, so requests at a server's start are not held", async () => {
    await saveRecipes(drafts(4_500, "Large cookbook dish"));
    const { currentRecipeIndex } = await aProcess();
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    try {
      expect((await currentRecipeIndex()).size).toBeGreaterThanOrEqual(4_500);
    } finally {
      clearInterval(timer);
    }
    // SQLite's driver reads synchronously: without a pause every 2,000 rows the timer never runs during the build
    expect(turns).toBeGreaterThanOrEqual(1);
  });
});
