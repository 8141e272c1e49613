/**
 * The loop after cooking: pantry → recipe → cooked → "Update your pantry" (undo, then again) → an item thrown away
 * on the pantry list → Home and Account show the food rescued and wasted this month, with and without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { hasJavaScript, signUpThroughApi, uniqueUsername } from "./support";

test.describe.configure({ timeout: 90_000 });

test("cooked food comes off the pantry once confirmed, a thrown-away item is logged, Home shows both in kg", async ({ page }, testInfo) => {
  const userId = await signUpThroughApi(page.request, uniqueUsername(testInfo, "foodlog"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Rice Bowl ${testInfo.project.name} ${Date.now()}`,
      ingredients_quantity: { "cooked rice": "300 g", egg: "2" },
      steps: ["Warm the rice.", "Fry the eggs on top."],
      shared: false,
    },
  });
  expect(created.status()).toBe(201);
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  for (const item of [
    { ingredient_name: "cooked rice", quantity: 500, unit: "g" },
    { ingredient_name: "egg", quantity: 6 },
    { ingredient_name: "carrot", quantity: 300, unit: "g" },
  ]) {
    expect((await page.request.post("/api/pantry", { data: item })).status()).toBe(201);
  }

  await page.goto(`/menu-detail/${recipeId}`);
  const steps = page.getByRole("checkbox");
  for (const index of [0, 1]) {
    await steps.nth(index).click();
    await expect(steps.nth(index)).toHaveAttribute("aria-checked", "true");
  }
  const section = page.locator("#pantry-update");
  await expect(section.getByRole("heading", { name: "Update your pantry" })).toBeVisible();
  if (!hasJavaScript(testInfo)) {
    // without JavaScript the form has its own page
    await section.getByRole("link", { name: "Update your pantry" }).click();
    await expect(page).toHaveURL(/\/cooked\/\d+$/);
    await expect(page.getByRole("heading", { name: "Update your pantry", level: 1 })).toBeVisible();
  }
  const rice = page.getByRole("group", { name: /cooked rice/ });
  const eggs = page.getByRole("group", { name: /egg/ });
  // prefilled from the recipe; nothing taken yet
  await expect(rice.getByLabel("Amount used")).toHaveValue("300");
  await expect(eggs.getByLabel("Amount used")).toHaveValue("2");
  await expect(rice.getByLabel("Keep the rest")).toBeChecked();

  const update = async () => {
    await page.getByRole("group", { name: /cooked rice/ }).getByLabel("Amount used").fill("400");
    await page.getByRole("group", { name: /egg/ }).getByLabel("Used it all").check();
    await page.getByRole("button", { name: "Update pantry" }).click();
    await expect(page.getByRole("list", { name: "Taken from your pantry" })).toBeVisible();
  };
  await update();
  const taken = page.getByRole("list", { name: "Taken from your pantry" });
  await expect(taken).toContainText("cooked rice: 400 g");
  await expect(taken).toContainText("egg: 2");
  // undo within 10 minutes puts it all back; the form comes again
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Pantry update undone.")).toBeVisible();
  await expect(page.getByRole("group", { name: /cooked rice/ }).getByLabel("Amount used")).toHaveValue("300");
  await update();

  await page.goto("/ingredient-preview");
  const rows = page.getByRole("list", { name: "Ingredients" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "cooked rice" })).toContainText("100 g");
  await expect(rows.filter({ hasText: /^egg/ })).toHaveCount(0);
  const carrot = rows.filter({ hasText: "carrot" });
  await carrot.getByText("Used up or thrown away?").click();
  await expect(carrot.getByLabel("Amount")).toHaveValue("300");
  await carrot.getByRole("button", { name: "Thrown away" }).click();
  await expect(page.getByText("300 g of carrot thrown away.")).toBeVisible();
  await expect(rows.filter({ hasText: "carrot" })).toHaveCount(0);

  const stats = (await (await page.request.get(`/api/users/${userId}/monthly-meal-stats`)).json()) as {
    current_month: { co2_saved: number; rescued_kg: number; wasted_kg: number };
  };
  expect(stats.current_month).toMatchObject({ rescued_kg: 0.5, wasted_kg: 0.3 });
  await page.goto("/home");
  await expect(page.getByText("You made 1 dish this month")).toBeVisible();
  await expect(page.getByText(`Around ${stats.current_month.co2_saved.toFixed(1)} kg of CO2 saved!`)).toBeVisible();
  const food = page.locator(".monthly-meals-food");
  await expect(food).toContainText("Food rescued this month0.5 kg");
  await expect(food).toContainText("Food wasted this month0.3 kg");
  const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  await expect(page.getByRole("table", { name: "Meals cooked per month" }).getByRole("row").last()).toHaveText(
    `${thisMonth}10.5 kg0.3 kg`,
  );
  await page.goto("/account");
  await expect(page.getByText("Food wasted this month")).toBeVisible();
  await expect(page.locator(".profile-list")).toContainText("Food rescued this month0.5 kg");
});
