/** Saving many recipes at once: batched inserts keep what saving them one by one did, recipe by recipe. */
import { describe, expect, it } from "vitest";
import { insertRowsReturning, isUniqueViolation, prisma } from "~/services/db.server";
import { type RecipeDraft, saveRecipes } from "~/services/recipe-store.server";

const draft = (name: string, overrides: Partial<RecipeDraft> = {}): RecipeDraft => ({
  name,
  cuisines: ["Italian"],
  occasions: ["Dinner"],
  prepTime: 10,
  cookingTime: 20,
  servings: 2,
  ingredients: [
    { name: "onion", quantity: "1" },
    { name: "tomato", quantity: "400 g", section: "For the sauce" },
    { name: "olive oil", quantity: "2 tbsp", seasoning: true },
  ],
  steps: ["Chop.", "Simmer."],
  tips: ["Better the next day."],
  origin: "imported",
  ...overrides,
});

const stored = (id: number) =>
  prisma.recipe.findUniqueOrThrow({
    where: { id },
    include: {
      ingredients: { orderBy: { position: "asc" } },
      steps: { orderBy: { position: "asc" } },
      tips: true,
      tags: true,
    },
  });

describe("saving many recipes at once", () => {
  it("answers each recipe in the order given, across several transactions, with its lines, steps, tips and tags", async () => {
    const drafts = Array.from({ length: 600 }, (_, number) => draft(`Batch stew ${number}`, { servings: number % 6 }));
    const saved = await saveRecipes(drafts);
    expect(saved).toHaveLength(600);
    expect(saved.every((recipe) => recipe.created)).toBe(true);
    expect(new Set(saved.map((recipe) => recipe.id)).size).toBe(600);
    for (const position of [0, 299, 599]) {
      const recipe = await stored(saved[position].id);
      expect(recipe.name).toBe(`Batch stew ${position}`);
      expect(recipe.servings).toBe(position % 6);
      expect(recipe.image).toBe(`/recipe-images/${recipe.id}.svg`);
      expect(recipe.ingredients.map((line) => [line.position, line.name, line.quantity, line.section])).toEqual([
        [0, "onion", "1", null],
        [1, "tomato", "400 g", "For the sauce"],
        [2, "olive oil", "2 tbsp", null],
      ]);
      expect(recipe.steps.map((step) => step.text)).toEqual(["Chop.", "Simmer."]);
      expect(recipe.tips.map((tip) => tip.text)).toEqual(["Better the next day."]);
      expect(recipe.tags.map((tag) => `${tag.kind}:${tag.value}`)).toEqual(
        expect.arrayContaining(["cuisine:Italian", "occasion:Dinner"])
      );
    }
  });

  it("replaces a stored recipe of the same name in place, and a name given twice ends as its last version", async () => {
    const [before] = await saveRecipes([draft("Twice told soup")]);
    const saved = await saveRecipes([
      draft("Fresh salad", { image: "/uploads/dishes/none.jpg" }),
      draft("Twice told soup", { servings: 4 }),
      draft("Said again pie"),
      draft("Said again pie", { servings: 5 }),
    ]);
    expect(saved.map((recipe) => recipe.created)).toEqual([true, false, true, false]);
    expect(saved[1].id).toBe(before.id);
    expect(saved[3].id).toBe(saved[2].id);
    expect((await stored(before.id)).servings).toBe(4);
    expect((await stored(saved[3].id)).servings).toBe(5);
    expect((await stored(saved[0].id)).image).toBe("/uploads/dishes/none.jpg");
    expect(await prisma.recipe.count({ where: { name: "Said again pie" } })).toBe(1);
  });

  it("leaves stored recipes as they are when only creating, and writes nothing of a batch whose replacement is refused", async () => {
    const [kept] = await saveRecipes([draft("Kept curry", { servings: 1 })]);
    const onlyNew = await saveRecipes([draft("Kept curry", { servings: 3 }), draft("New curry")], { onlyIfNew: true });
    expect(onlyNew.map((recipe) => [recipe.id === kept.id, recipe.created])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await stored(kept.id)).servings).toBe(1);

    const refused = saveRecipes([draft("Unwritten tart"), draft("Kept curry", { servings: 6 })], {
      checkReplace: () => {
        throw new Error("not yours");
      },
    });
    await expect(refused).rejects.toThrow("not yours");
    expect(await prisma.recipe.count({ where: { name: "Unwritten tart" } })).toBe(0);
    expect((await stored(kept.id)).servings).toBe(1);
  });

  it("replaces a stored recipe's lines, steps, tips and tags instead of adding to them, and leaves an unchanged one untouched", async () => {
    const [first] = await saveRecipes([draft("Replaced ragout")]);
    const before = await stored(first.id);
    const [again] = await saveRecipes([draft("Replaced ragout")]);
    expect((await stored(again.id)).updatedAt).toEqual(before.updatedAt);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than the first save's
    await saveRecipes([
      draft("Replaced ragout", {
        cuisines: ["French"],
        ingredients: [{ name: "carrot", quantity: "2" }],
        steps: ["Braise."],
        tips: [],
      }),
    ]);
    const after = await stored(first.id);
    expect(after.ingredients.map((line) => [line.position, line.name, line.quantity])).toEqual([[0, "carrot", "2"]]);
    expect(after.steps.map((step) => step.text)).toEqual(["Braise."]);
    expect(after.tips).toEqual([]);
    expect(after.tags.map((tag) => `${tag.kind}:${tag.value}`)).toContain("cuisine:French");
    expect(after.tags.map((tag) => `${tag.kind}:${tag.value}`)).not.toContain("cuisine:Italian");
    // the changed recipe reads as changed (the suggestions index reloads recipes by it)
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  it("stamps new recipes with the time they were written, as the suggestions index reads them", async () => {
    const started = Date.now();
    const [saved] = await saveRecipes([draft("Stamped broth")]);
    const recipe = await stored(saved.id);
    expect(recipe.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(recipe.updatedAt.getTime()).toBe(recipe.createdAt.getTime());
    const recent = await prisma.recipe.findMany({ where: { updatedAt: { gte: new Date(started - 1000) } } });
    expect(recent.map((row) => row.id)).toContain(saved.id);
  });

  it("saves a name holding U+0000 without it, and finds it again by that name", async () => {
    const [first] = await saveRecipes([draft("Nul\u0000 pudding", { servings: 1 })]);
    const [second] = await saveRecipes([draft("Nul\u0000 pudding", { servings: 3 })]);
    expect([first.created, second.created, second.id]).toEqual([true, false, first.id]);
    const recipe = await stored(first.id);
    expect([recipe.name, recipe.servings]).toEqual(["Nul pudding", 3]);
  });
});

describe("a name taken meanwhile", () => {
  it("is known as a unique name's refusal when the multi-row insert breaks it, so that the save is tried again", async () => {
    const [taken] = await saveRecipes([draft("Taken meanwhile")]);
    const now = new Date();
    const refusal = await insertRowsReturning(
      prisma,
      "Recipe",
      ["name", "visibleTo", "createdAt", "updatedAt"],
      [["Taken meanwhile", 0, now, now]],
      ["id"]
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(isUniqueViolation(refusal), String(refusal)).toBe(true);
    expect(await prisma.recipe.count({ where: { name: "Taken meanwhile" } })).toBe(1);
    expect((await stored(taken.id)).name).toBe("Taken meanwhile");
  });
});
