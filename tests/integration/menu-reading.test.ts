import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { saveRecipe, type RecipeDraft } from "~/services/recipe-store.server";
import { findRecipe, readRecipe } from "~/services/recipe-search.server";
import { seedIngredients } from "../../prisma/seed";

beforeAll(async () => {
  await seedIngredients();
});

const soup: RecipeDraft = {
  name: "Reading Test Soup",
  cuisines: ["French"],
  occasions: ["Dinner"],
  servings: 2,
  ingredients: [
    { name: "onion", quantity: "2" },
    { name: "butter", quantity: "1 tablespoon", seasoning: true },
  ],
  steps: ["Soften the onions in the butter.", "Add water and simmer."],
  tips: ["Season at the end."],
  origin: "user",
};

describe("reading a menu again after it changed", () => {
  it("shows a recipe's new lines, steps and tips as soon as it is saved again", async () => {
    const { id } = await saveRecipe(soup);
    expect((await findRecipe(id, null))?.steps).toEqual(soup.steps);

    const changed = {
      ...soup,
      ingredients: [{ name: "leek", quantity: "1" }],
      steps: ["Slice the leek.", "Simmer."],
      tips: [],
    };
    await saveRecipe(changed);
    const menu = await findRecipe(id, null);
    expect(menu?.steps).toEqual(changed.steps);
    expect(menu?.tips).toEqual([]);
    expect(Object.keys(menu?.ingredients_quantity ?? {})).toEqual(["leek"]);
  });

  it("shows a new picture set on the recipe row alone", async () => {
    const { id } = await saveRecipe({ ...soup, name: "Reading Test Stew" });
    await findRecipe(id, null);
    await prisma.recipe.updateMany({ where: { id }, data: { image: "/uploads/stew.webp" } });
    expect((await findRecipe(id, null))?.image).toBe("/uploads/stew.webp");
  });

  it("answers null once the recipe is gone", async () => {
    const { id } = await saveRecipe({ ...soup, name: "Reading Test Broth" });
    expect(await findRecipe(id, null)).not.toBeNull();
    await prisma.recipe.delete({ where: { id } });
    expect(await findRecipe(id, null)).toBeNull();
  });

  it("gives a menu nobody can change for the next reader", async () => {
    const { id } = await saveRecipe({ ...soup, name: "Reading Test Consomme" });
    const menu = (await findRecipe(id, null))!;
    expect(() => menu.steps.push("Add cream.")).toThrow(TypeError);
    expect((await findRecipe(id, null))?.steps).toEqual(soup.steps);
  });

  it("shows a recipe's new headings, servings and total time as soon as it is saved again", async () => {
    const sectioned = {
      ...soup,
      name: "Reading Test Chowder",
      ingredients: soup.ingredients.map((line) => ({ ...line, section: "For the base" })),
      stepSections: ["Base", "Finish"],
    };
    const { id } = await saveRecipe(sectioned);
    const first = (await readRecipe(id, null))!;
    expect(first.stepSections).toEqual(["Base", "Finish"]);
    expect(first.sectionOfLine.get("onion")).toBe("For the base");
    expect(first.servings).toBe(2);

    await saveRecipe({
      ...sectioned,
      servings: 4,
      totalTime: 50,
      ingredients: [{ name: "onion", quantity: "2", section: "For the soup" }],
      stepSections: ["Soup", null],
    });
    const again = (await readRecipe(id, null))!;
    expect(again.stepSections).toEqual(["Soup", null]);
    expect(again.sectionOfLine.get("onion")).toBe("For the soup");
    expect(again.servings).toBe(4);
    expect(again.totalTime).toBe(50);
  });
});
