/**
 * The loop after cooking: pantry → recipe fitted to the pantry → cooked → "Update your pantry" prefilled from the
 * fitted amounts (undo, then again) → an item thrown away on the pantry list (undo, then again) → Home and Account
 * show the food rescued and wasted this month, with and without JavaScript.
 */
import { expect, test } from "@playwright/test";
import { hasJavaScript, signUpThroughApi, uniqueUsername } from "./support";

test.describe.configure({ timeout: 90_000 });

test("a recipe fitted to the pantry, cooked, comes off the pantry once confirmed; a thrown-away item is logged; Home shows both in kg", async ({
  page,
}, testInfo) => {
  const userId = await signUpThroughApi(page.request, uniqueUsername(testInfo, "foodlog"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Rice Bowl ${testInfo.project.name} ${Date.now()}`,
      servings: 2,
      ingredients_quantity: { "cooked rice": "600 g", egg: "4" },
      steps: ["Warm the rice.", "Fry the eggs on top."],
      shared: false,
    },
  });
  expect(created.status()).toBe(201);
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  for (const item of [
    { ingredient_name: "cooked rice", quantity: 1000, unit: "g" },
    { ingredient_name: "egg", quantity: 8 },
    { ingredient_name: "carrot", quantity: 300, unit: "g" },
  ]) {
    expect((await page.request.post("/api/pantry", { data: item })).status()).toBe(201);
  }

  await page.goto(`/menu-detail/${recipeId}`);
  // the rice runs out first: 1000 g of 600 g makes 3⅓ servings, a fraction the cooked screen must keep
  await page.getByRole("link", { name: "Fit to my pantry" }).click();
  await expect(page.getByText("Fitted to your pantry: this uses up your cooked rice.")).toBeVisible();
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
    await expect(page).toHaveURL(/\/cooked\/\d+\?servings=/);
    await expect(page.getByRole("heading", { name: "Update your pantry", level: 1 })).toBeVisible();
  }
  const rice = page.getByRole("group", { name: /cooked rice/ });
  const eggs = page.getByRole("group", { name: /egg/ });
  // prefilled from the fitted recipe: all the rice, 6⅔ eggs (to a quarter); nothing taken yet
  await expect(rice.getByLabel("Amount used")).toHaveValue("1000");
  await expect(rice.getByLabel("Used it all")).toBeChecked();
  await expect(eggs.getByLabel("Amount used")).toHaveValue("6.75");
  await expect(eggs.getByLabel("Keep the rest")).toBeChecked();

  const update = async () => {
    await page.getByRole("group", { name: /egg/ }).getByLabel("Amount used").fill("6");
    await page.getByRole("button", { name: "Update pantry" }).click();
    await expect(page.getByRole("list", { name: "Taken from your pantry" })).toBeVisible();
  };
  await update();
  const taken = page.getByRole("list", { name: "Taken from your pantry" });
  await expect(taken).toContainText("cooked rice: 1000 g");
  await expect(taken).toContainText("egg: 6");
  // undo within 10 minutes puts it all back; the form comes again, still for the fitted servings
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Pantry update undone.")).toBeVisible();
  await expect(page.getByRole("group", { name: /cooked rice/ }).getByLabel("Amount used")).toHaveValue("1000");
  await update();

  await page.goto("/ingredient-preview");
  const rows = page.getByRole("list", { name: "Ingredients" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "cooked rice" })).toHaveCount(0);
  await expect(rows.filter({ hasText: /^egg/ })).toContainText("2");
  const carrot = rows.filter({ hasText: "carrot" });
  await carrot.getByText("Used up or thrown away?").click();
  await expect(carrot.getByLabel("Amount")).toHaveValue("300");
  await carrot.getByRole("button", { name: "Thrown away" }).click();
  await expect(page.getByText("300 g of carrot thrown away.")).toBeVisible();
  await expect(rows.filter({ hasText: "carrot" })).toHaveCount(0);
  // a slip of the finger: Undo beside the message puts it back as it was; then it goes for good
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone: carrot is back in your pantry.")).toBeVisible();
  await expect(carrot).toContainText("300 g");
  await carrot.getByText("Used up or thrown away?").click();
  await carrot.getByRole("button", { name: "Thrown away" }).click();
  await expect(page.getByText("300 g of carrot thrown away.")).toBeVisible();
  await expect(rows.filter({ hasText: "carrot" })).toHaveCount(0);

  const stats = (await (await page.request.get(`/api/users/${userId}/monthly-meal-stats`)).json()) as {
    current_month: { co2_saved: number; rescued_kg: number; wasted_kg: number };
  };
  expect(stats.current_month).toMatchObject({ rescued_kg: 1.3, wasted_kg: 0.3 });
  await page.goto("/home");
  await expect(page.getByText("You made 1 dish this month")).toBeVisible();
  await expect(page.getByText(`Around ${stats.current_month.co2_saved.toFixed(1)} kg of CO2 saved!`)).toBeVisible();
  const food = page.locator(".monthly-meals-food");
  await expect(food).toContainText("Food rescued this month1.3 kg");
  await expect(food).toContainText("Food wasted this month0.3 kg");
  const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  await expect(page.getByRole("table", { name: "Meals cooked per month" }).getByRole("row").last()).toHaveText(
    `${thisMonth}11.3 kg0.3 kg`
  );
  await page.goto("/account");
  await expect(page.getByText("Food wasted this month")).toBeVisible();
  await expect(page.locator(".profile-list")).toContainText("Food rescued this month1.3 kg");
});
