/**
 * How many SQL statements the three busiest screens run for a signed-in cook (decision 160): each statement costs the
 * database client far more CPU than the database, so a screen that starts asking more shows here, on the engine the
 * suite runs on. Counted where the driver sends them (libsql's prepare on SQLite, pg's query on PostgreSQL).
 */
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/_tabs.home";
import { loader as recipeLoader } from "~/routes/menu-detail.$id";
import { loader as suggestionsLoader } from "~/routes/menu-suggestion";
import { addToUserPantry } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { watchStatements, type StatementWatch } from "../support/driver-statements";
import { getRequest, run } from "../support/requests";

let watch: StatementWatch;

async function statementsOf(load: () => Promise<unknown>): Promise<number> {
  await run(load); // a first visit may write (the recipe's visit) or warm a cache (the recipe index)
  const before = watch.sent.length;
  const response = await run(load);
  expect(response.status).toBe(200);
  const statements = watch.sent.length - before;
  // none counted would mean the count no longer sees the driver, not a screen without reads
  expect(statements).toBeGreaterThan(0);
  return statements;
}

let cook: Member;
let recipeId: number;

beforeAll(async () => {
  watch = watchStatements();
  await seedIngredients();
  recipeId = (
    await saveRecipe({
      name: "Counted Omelette",
      cuisines: ["French"],
      occasions: ["Breakfast"],
      prepTime: 5,
      cookingTime: 5,
      servings: 1,
      ingredients: [
        { name: "egg", quantity: "3" },
        { name: "butter", quantity: "1 tablespoon" },
        { name: "cheddar cheese", quantity: "30 grams" },
      ],
      steps: ["Beat the eggs.", "Cook in the butter, fold over the cheese."],
      tips: [],
      origin: "user",
    })
  ).id;
  cook = await signedInMember("counted");
  await addToUserPantry(cook.id, ["egg", "butter", "tomato", "onion"]);
});

afterAll(() => watch.stop());

const request = (path: string) => getRequest(path, { cookie: cook.cookie });

describe("statements per screen for a signed-in cook", () => {
  it("on SQLite, the app's connections keep their prepared statements (decision 166)", async () => {
    await import("~/services/db.server");
    const { prototype } = createRequire(import.meta.url)("libsql") as { prototype: { keepsStatements?: true } };
    expect(prototype.keepsStatements).toBe(process.env.DATABASE_URL?.startsWith("postgres") ? undefined : true);
  });

  it("Home: 5 (the session with the cook's household, name and list count, meals, food log, pantry)", async () => {
    const count = await statementsOf(() => homeLoader({ request: request("/home"), params: {}, context: {} }));
    expect(count).toBeLessThanOrEqual(5);
  });

  it("the suggestions: 5 (the ratings are read only for the 'Best rated' sort; the cards' fields once per cookbook version)", async () => {
    const count = await statementsOf(() =>
      suggestionsLoader({ request: request("/menu-suggestion"), params: {}, context: {} })
    );
    expect(count).toBeLessThanOrEqual(5);
  });

  it("the recipe screen: 7", async () => {
    const path = `/menu-detail/${recipeId}`;
    const count = await statementsOf(() =>
      recipeLoader({ request: request(path), params: { id: String(recipeId) }, context: {} })
    );
    expect(count).toBeLessThanOrEqual(7);
  });
});
