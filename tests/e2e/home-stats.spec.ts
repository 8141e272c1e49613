/** Home's dishes-this-month text, CO2 saved and monthly-meals chart (a table without JavaScript). */
import { expect, test, type Page } from "@playwright/test";
import { hasJavaScript, signInAsNewCook, uniqueUsername } from "./support";

test("a guest sees zeros and an invitation to log in", async ({ page }) => {
  await page.goto("/home");
  await expect(page.getByText("You made 0 dishes this month")).toBeVisible();
  await expect(page.getByText("Around 0.0 kg of CO2 saved!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  await expect(page.getByRole("table")).toHaveCount(0);
});

/** Puts a recipe's ingredients on the cook's list and completes it (the recipe screen's calls). */
async function cookRandomRecipe(page: Page): Promise<number> {
  const { menu } = (await (await page.request.get("/api/random-menu")).json()) as {
    menu: { menu_id: number; ingredients_quantity: Record<string, string> };
  };
  for (const name of Object.keys(menu.ingredients_quantity)) {
    await page.request.post("/search", { form: { intent: "add", name } });
  }
  const completion = await page.request.post("/meal-completions", { data: { menu_id: menu.menu_id } });
  expect(completion.status()).toBe(201);
  return ((await completion.json()) as { user_id: number }).user_id;
}

test("a cook sees this month's dishes and CO2, and meals per month as a chart or a table", async ({
  page,
}, testInfo) => {
  const username = uniqueUsername(testInfo, "stats");
  await signInAsNewCook(page, username);
  await expect(page.getByText("You made 0 dishes this month")).toBeVisible();
  await expect(page.getByText("Around 0.0 kg of CO2 saved!")).toBeVisible();

  const userId = await cookRandomRecipe(page);
  const stats = (await (await page.request.get(`/api/users/${userId}/monthly-meal-stats`)).json()) as {
    current_month: { meal_count: number; co2_saved: number; rescued_kg: number };
  };
  expect(stats.current_month.meal_count).toBe(1);
  expect(stats.current_month.co2_saved).toBeGreaterThan(0);
  // the food the CO2 comes from is rescued food too (the same estimate until the cook confirms the pantry update)
  expect(stats.current_month.rescued_kg).toBeGreaterThan(0);
  await page.goto("/home");
  await expect(page.getByText("You made 1 dish this month")).toBeVisible();
  await expect(page.getByText(`Around ${stats.current_month.co2_saved.toFixed(1)} kg of CO2 saved!`)).toBeVisible();

  const table = page.getByRole("table", { name: "Meals cooked per month" });
  await expect(table.getByRole("row")).toHaveCount(7);
  const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  await expect(table.getByRole("row").last()).toHaveText(
    `${thisMonth}1${stats.current_month.rescued_kg.toFixed(1)} kg0.0 kg`
  );
  if (hasJavaScript(testInfo)) {
    await expect(page.locator(".monthly-meals-chart canvas")).toBeVisible();
    const box = await page.locator(".monthly-meals-chart .uplot").boundingBox();
    expect(box).toMatchObject({ width: 314 });
    // the table stays for screen readers, out of sight
    await expect(table).not.toBeInViewport();
    // fits a 360 px phone screen
    await page.setViewportSize({ width: 360, height: 740 });
    // its whole width on screen (a ratio-1 viewport check failed on a 0.4 px vertical scroll rounding)
    const canvas = page.locator(".monthly-meals-chart canvas");
    await expect(async () => {
      const chart = await canvas.boundingBox();
      expect(chart?.x).toBeGreaterThanOrEqual(0);
      expect((chart?.x ?? 0) + (chart?.width ?? Infinity)).toBeLessThanOrEqual(360);
    }).toPass();
  } else {
    await expect(table).toBeVisible();
  }
});
