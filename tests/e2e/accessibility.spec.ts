/**
 * axe on the screens no other spec checks, at a 360 px phone's width, as a guest and as a cook with something
 * on every screen (ingredients, a cooked meal for Home's chart, suggestions); the camera screens as they are
 * without a camera. The other screens are checked
 * where their features are tested: account.spec (Account, Setting, password reset), ingredients.spec (Search,
 * Ingredient preview), pantry-screen.spec (Pantry, at 360 and 1280 px), recipe.spec (recipe, Liked Meals, History, Shopping list), reviews.spec (Reviews),
 * community.spec (Community). Both projects run it: without JavaScript the screens are the server's HTML.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

test.use({ viewport: { width: 360, height: 740 } });

async function checkScreen(
  page: Page,
  testInfo: Parameters<typeof expectNoAxeViolations>[1],
  path: string,
  ready: (page: Page) => Promise<void>
) {
  await page.goto(path);
  await ready(page);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
}

const heading = (name: string | RegExp) => async (page: Page) =>
  expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

test("the onboarding, log-in, sign-up, guest Home and not-found screens pass axe", async ({ page }, testInfo) => {
  await checkScreen(page, testInfo, "/", async () => {
    await expect(page.getByRole("link", { name: "GET STARTED" })).toBeVisible();
  });
  await checkScreen(page, testInfo, "/login", async () => {
    await expect(page.getByRole("button", { name: "LOG IN" })).toBeVisible();
  });
  await checkScreen(page, testInfo, "/signup", async () => {
    await expect(page.getByRole("button", { name: "SIGN UP" })).toBeVisible();
  });
  await checkScreen(page, testInfo, "/home", async () => {
    await expect(page.getByText("You made 0 dishes this month")).toBeVisible();
  });
  await checkScreen(page, testInfo, "/no-such-screen", heading("Page not found"));
});

test("a cook's Home with its chart, Preferences, Menu suggestions, no recipe yet, Import and the camera screens pass axe", async ({
  page,
}, testInfo) => {
  test.slow();
  const username = uniqueUsername(testInfo, "axe");
  await signInAsNewCook(page, username);

  await checkScreen(page, testInfo, "/menu-detail", heading("No recipe opened yet"));

  // Something on every screen: a cooked recipe (Home's chart), its ingredients (suggestions).
  const { menu } = (await (await page.request.get("/api/random-menu")).json()) as {
    menu: { menu_id: number; ingredients_quantity: Record<string, string> };
  };
  for (const name of Object.keys(menu.ingredients_quantity)) {
    expect((await page.request.post("/search", { form: { intent: "add", name } })).ok()).toBe(true);
  }
  expect((await page.request.post("/meal-completions", { data: { menu_id: menu.menu_id } })).status()).toBe(201);

  await checkScreen(page, testInfo, "/home", async () => {
    await expect(page.getByText("You made 1 dish this month")).toBeVisible();
    // the chart is drawn by a script; without one the same figures are a table
    if (hasJavaScript(testInfo)) await expect(page.locator(".monthly-meals-chart canvas")).toBeVisible();
    else await expect(page.getByRole("table", { name: "Meals cooked per month" })).toBeVisible();
  });
  await checkScreen(page, testInfo, "/preferences", async () => {
    await expect(page.getByRole("button", { name: "SEARCH FOR RECIPE" })).toBeVisible();
  });
  await checkScreen(page, testInfo, "/menu-suggestion", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Menu suggestions" })).toBeVisible();
    await expect(page.getByRole("link").filter({ hasText: "Prep time" }).first()).toBeVisible();
  });
  await checkScreen(page, testInfo, "/import", heading("Import recipes"));
  // The camera screens as they are in a browser without a camera.
  await checkScreen(page, testInfo, "/camera", heading("Identify the Ingredient"));
  await checkScreen(page, testInfo, "/camera-search", heading("Add Ingredients"));
  await checkScreen(page, testInfo, `/camera-share-dish?menu_id=${menu.menu_id}`, heading("Take your dish photo"));
});
