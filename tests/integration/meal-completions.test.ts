import { beforeAll, describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { co2PerKgAsWeighed } from "~/domain/co2-saved";
import { cookOfUser } from "~/services/cook.server";
import { prisma } from "~/services/db.server";
import { recordMealCompletion } from "~/services/meal-completions.server";
import { addToUserPantry } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";

let recipeId: number;

beforeAll(async () => {
  await seedIngredients();
  const saved = await saveRecipe({
    name: "Leftover Rice Omelette Test",
    cuisines: ["Fusion"],
    occasions: ["Lunch"],
    servings: 2,
    ingredients: [
      { name: "cooked rice", quantity: "250 g" },
      { name: "egg", quantity: "3" },
      { name: "spinach", quantity: "2 handfuls" },
      { name: "olive oil", quantity: "1 tbsp", seasoning: true },
      { name: "salt", quantity: "to taste", seasoning: true },
    ],
    steps: ["Fry the rice.", "Add the eggs and spinach."],
    tips: [],
    origin: "user",
  });
  recipeId = saved.id;
});

async function userWithPantry(username: string, pantry: string[]) {
  const user = await prisma.user.create({ data: { username, email: `${username}@example.com` } });
  await addToUserPantry(user.id, pantry);
  return user.id;
}

describe("recordMealCompletion", () => {
  it("stores a completion with the CO2 of the recipe lines the cook had, weighed through the catalogue", async () => {
    const userId = await userWithPantry("cook_with_rice", ["Leftover rice", "eggs", "salt"]);
    const completion = await recordMealCompletion({ cook: await cookOfUser(userId), recipeId });
    const catalogue = getCatalogue();
    const egg = catalogue.byName("egg")!;
    const expected =
      0.25 * co2PerKgAsWeighed(catalogue.byName("cooked rice")!)! + (3 * egg.unitWeights.piece * egg.co2PerKg!) / 1000;
    expect(completion).toMatchObject({ userId, recipeId });
    expect(completion!.co2SavedKg).toBeCloseTo(expected, 3);
    const stored = await prisma.mealCompletion.findUniqueOrThrow({ where: { id: completion!.id } });
    expect(stored.co2SavedKg).toBe(completion!.co2SavedKg);
  });

  it("records every cooking of the same recipe, each with its own figure", async () => {
    const userId = await userWithPantry("cook_twice", ["spinach"]);
    const first = await recordMealCompletion({ cook: await cookOfUser(userId), recipeId });
    await prisma.pantryItem.deleteMany({ where: { pantry: { household: { members: { some: { userId: userId } } } } } });
    const second = await recordMealCompletion({ cook: await cookOfUser(userId), recipeId });
    expect(first!.co2SavedKg).toBeGreaterThan(0);
    expect(second!.co2SavedKg).toBe(0);
    expect(await prisma.mealCompletion.count({ where: { userId } })).toBe(2);
  });

  it("answers null and writes nothing for a recipe that does not exist", async () => {
    const userId = await userWithPantry("cook_no_recipe", []);
    expect(await recordMealCompletion({ cook: await cookOfUser(userId), recipeId: 999_999 })).toBeNull();
    expect(await prisma.mealCompletion.count({ where: { userId } })).toBe(0);
  });
});
