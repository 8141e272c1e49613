/**
 * The suggestion cards' fields are kept per cookbook version (decision 167): read once, then not again until a
 * recipe is written by any process; and who may see a card is still checked for every viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { menuCardRecipes } from "~/services/menu-card.server";
import { currentCookbook } from "~/services/recipe-index.server";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { watchStatements, type StatementWatch } from "../support/driver-statements";

let watch: StatementWatch;
let cookId: number;
let otherCookId: number;
let sharedId: number;
let privateId: number;

const dish = (name: string, extra: Partial<RecipeDraft> = {}): RecipeDraft => ({
  name,
  cuisines: [],
  occasions: [],
  prepTime: 10,
  cookingTime: 20,
  servings: 2,
  ingredients: [{ name: "okra", quantity: "300 g" }],
  steps: ["Fry the okra."],
  tips: [],
  origin: "user",
  ...extra,
});

beforeAll(async () => {
  await seedIngredients();
  cookId = (await prisma.user.create({ data: { username: "card_cook", email: "card_cook@example.com" } })).id;
  otherCookId = (await prisma.user.create({ data: { username: "card_other", email: "card_other@example.com" } })).id;
  sharedId = (await saveRecipe(dish("Okra for Everyone"))).id;
  privateId = (await saveRecipe(dish("My Own Okra", { importedById: cookId, shared: false }))).id;
  watch = watchStatements();
});

afterAll(() => watch.stop());

/** The cards as a search at the current cookbook version reads them, and the statements that took. */
async function cardsNow(ids: number[], viewerId: number | null) {
  const { version } = await currentCookbook();
  const before = watch.sent.length;
  const cards = await menuCardRecipes(ids, viewerId, version);
  return { cards, statements: watch.sent.length - before };
}

describe("menuCardRecipes", () => {
  it("reads a card once per cookbook version, and again, changed, after a recipe is written", async () => {
    const first = await cardsNow([sharedId], null);
    expect(first.cards.map((card) => card.name)).toEqual(["Okra for Everyone"]);
    expect((await cardsNow([sharedId], null)).statements).toBe(0);

    // any write of a recipe moves the version (the database's triggers), whichever process writes
    await prisma.recipe.update({ where: { id: sharedId }, data: { name: "Okra for Everyone, Renamed", prepTime: 5 } });
    const after = await cardsNow([sharedId], null);
    expect(after.statements).toBe(1);
    expect(after.cards.map((card) => [card.name, card.prepTime])).toEqual([["Okra for Everyone, Renamed", 5]]);
  });

  it("gives a kept card only to those who may see it", async () => {
    const mine = await cardsNow([privateId, sharedId], cookId);
    expect(mine.cards.map((card) => card.id)).toEqual([privateId, sharedId]);
    const theirs = await cardsNow([privateId, sharedId], otherCookId);
    expect(theirs.statements).toBe(0);
    expect(theirs.cards.map((card) => card.id)).toEqual([sharedId]);
    expect((await cardsNow([privateId], null)).cards).toEqual([]);
  });

  it("answers every card a search asked for, however many more it asked for than are kept", async () => {
    const { version } = await currentCookbook();
    await menuCardRecipes([sharedId], null, version);
    // ids of no recipe are never kept, so each search reads them again: enough to pass the number of cards kept
    const gone = Array.from({ length: 5_000 }, (_, index) => 10_000_000 + index);
    const cards = await menuCardRecipes([sharedId, ...gone], null, version);
    expect(cards.map((card) => card.id)).toEqual([sharedId]);
  });

  it("keeps a search's cards while another search lets the kept ones go", async () => {
    const { version } = await currentCookbook();
    await menuCardRecipes([sharedId], null, version);
    const gone = Array.from({ length: 5_000 }, (_, index) => 20_000_000 + index);
    const [mine] = await Promise.all([
      menuCardRecipes([sharedId, gone[0]], null, version),
      menuCardRecipes(gone, null, version),
    ]);
    expect(mine.map((card) => card.id)).toEqual([sharedId]);
  });

  it("reads the database for a search that began at an older version, and without a version", async () => {
    const { version } = await currentCookbook();
    await cardsNow([sharedId], null);
    const older = watch.sent.length;
    await menuCardRecipes([sharedId], null, version! - 1n);
    expect(watch.sent.length - older).toBe(1);
    const none = watch.sent.length;
    await menuCardRecipes([sharedId], null, null);
    expect(watch.sent.length - none).toBe(1);
  });
});
