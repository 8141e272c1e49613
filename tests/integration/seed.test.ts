import { describe, expect, it } from "vitest";
import { loader as recipeImageLoader } from "~/routes/recipe-images.$id";
import { loadCatalogue } from "~/services/catalogue.server";
import { prisma } from "~/services/db.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seed } from "../../prisma/seed";

async function snapshot() {
  return prisma.recipe.findMany({
    orderBy: { id: "asc" },
    include: { ingredients: { orderBy: { position: "asc" } }, steps: true, tips: true, tags: true },
  });
}

const imageOf = (id: number, headers: Record<string, string> = {}) =>
  recipeImageLoader({
    params: { id: `${id}.svg` },
    request: new Request(`http://localhost/recipe-images/${id}.svg`, { headers }),
    context: {},
  });

describe("seeding a fresh database", () => {
  it("loads the catalogue and 300+ starter recipes with tags, pictures and nutrition; seeding again changes nothing", async () => {
    const first = await seed();
    expect(first.recipesCreated).toBeGreaterThanOrEqual(300);
    expect(first.recipesWithProblems).toBe(0);
    expect(await prisma.ingredient.count()).toBeGreaterThanOrEqual(430);

    const recipes = await snapshot();
    expect(recipes.length).toBe(first.recipesCreated);
    for (const recipe of recipes) {
      expect(recipe.image).toBe(`/recipe-images/${recipe.id}.svg`);
      expect(recipe.calories).toBeGreaterThan(0);
      expect(recipe.tags.filter((tag) => tag.kind === "cuisine")).toHaveLength(1);
      expect(recipe.tags.some((tag) => tag.kind === "occasion")).toBe(true);
      expect(recipe.ingredients.every((line) => line.ingredientId !== null)).toBe(true);
    }
    const rendang = recipes.find((recipe) => recipe.name === "Slow-Cooked Malaysian Beef Rendang")!;
    const diets = rendang.tags.filter((tag) => tag.kind === "diet").map((tag) => tag.value);
    expect(diets).toContain("Dairy-free");
    expect(diets).not.toContain("No red meat");

    const catalogue = await loadCatalogue();
    const chickenBreast = catalogue.byName("chicken breast")!;
    expect(chickenBreast.shelfLife).toEqual({ fridge: 2, freezer: 270, cupboard: 0, opened: null, storage: "fridge" });
    expect(chickenBreast.parent).toBe("chicken");
    expect(catalogue.byName("rice")!.shelfLife.storage).toBe("cupboard");

    const second = await seed();
    expect(second).toEqual({ ingredientRowsWritten: 0, recipesCreated: 0, recipesWithProblems: 0 });
    expect(await snapshot()).toEqual(recipes);
  }, 120_000);

  it("replaces a recipe saved again under the same name and recomputes its figures", async () => {
    const draft = {
      name: "Fridge Omelette",
      cuisines: ["Fusion"],
      occasions: ["Breakfast"],
      servings: 1,
      ingredients: [
        { name: "egg", quantity: "3" },
        { name: "cheddar cheese", quantity: "30 g", note: "grated" },
        { name: "salt", quantity: "to taste", seasoning: true },
      ],
      steps: ["Beat the eggs.", "Cook with the cheese."],
      tips: ["Use a non-stick pan."],
      origin: "user" as const,
    };
    const created = await saveRecipe(draft);
    expect(created).toMatchObject({ created: true, problems: [] });
    const updated = await saveRecipe({
      ...draft,
      ingredients: [...draft.ingredients, { name: "bacon", quantity: "2 slice" }],
    });
    expect(updated).toMatchObject({ id: created.id, created: false });

    const stored = await prisma.recipe.findUniqueOrThrow({
      where: { id: created.id },
      include: { ingredients: true, tags: true },
    });
    expect(stored.ingredients.map((line) => [line.name, line.quantity, line.type])).toEqual([
      ["egg", "3", "Eggs"],
      ["cheddar cheese", "30 g, grated", "Milk and dairy products"],
      ["salt", "to taste", "miscellaneous items"],
      ["bacon", "2 slice", "Meat sausages and fish"],
    ]);
    expect(stored.tags.map((tag) => tag.value)).not.toContain("Vegetarian");
  });

  it("serves a recipe's generated picture as a locked-down SVG", async () => {
    const recipe = await prisma.recipe.findFirstOrThrow({ where: { name: "Fridge Omelette" } });
    const response = await imageOf(recipe.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await response.text();
    expect(svg).toContain("<title>Fridge Omelette</title>");
    expect(svg).not.toMatch(/<script|href=/i);
    expect(await (await imageOf(recipe.id)).text()).toBe(svg);

    const etag = response.headers.get("ETag")!;
    expect((await imageOf(recipe.id, { "If-None-Match": etag })).status).toBe(304);
    expect((await imageOf(999_999)).status).toBe(404);
  });
});
