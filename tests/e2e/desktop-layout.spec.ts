import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, hasJavaScript, hydrated, signInAsNewCook, uniqueUsername } from "./support";

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a side navigation with Pantry and Community instead of the tab bar; the recipe's title in the first screen and its ingredients beside the steps", async ({
    page,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "desk"));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Pantry",
      "Plan",
      "Liked",
      "My recipes",
      "History",
      "Community",
      "Account",
    ]);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation")).toHaveCount(1);
    await nav.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveURL(/\/community$/);
    await nav.getByRole("link", { name: "Pantry" }).click();
    await expect(page).toHaveURL(/\/pantry$/);

    const recipe = await page.request.get("/api/random-menu");
    const { menu } = (await recipe.json()) as { menu: { menu_id: number } };
    await page.goto(`/menu-detail/${menu.menu_id}`);
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toBeInViewport();
    const picture = (await page.locator(".menu-detail-image").boundingBox())!;
    expect(picture.height).toBeLessThanOrEqual(400);
    const ingredients = (await page.getByRole("heading", { name: "Ingredients", exact: true }).boundingBox())!;
    const steps = (await page.getByRole("heading", { name: "Instructions" }).boundingBox())!;
    expect(Math.abs(ingredients.y - steps.y)).toBeLessThan(4);
    expect(steps.x).toBeGreaterThan(ingredients.x + 300);
    await expectNoSidewaysScroll(page);
  });

  test("the suggestions are a grid of several columns", async ({ page }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "deskg"));
    for (const name of ["Tomato", "Rice"]) await page.request.post("/api/pantry", { data: { ingredient_name: name } });
    await page.goto("/menu-suggestion");
    const cards = page.locator(".suggestion-results .recipe-list-card");
    await expect(cards.first()).toBeVisible();
    const tops = await cards.evaluateAll((all) => all.slice(0, 3).map((card) => card.getBoundingClientRect().top));
    expect(new Set(tops.map(Math.round)).size).toBe(1);
  });

  test("a link of the side navigation fetches its screen ahead while the pointer rests on it, then opens it without a page load", async ({
    page,
  }, testInfo) => {
    test.skip(!hasJavaScript(testInfo), "without JavaScript a link is the browser's own");
    await signInAsNewCook(page, uniqueUsername(testInfo, "deskp"));
    await hydrated(page);
    // the links' screens are made known to the router in the background (Remix's route discovery)
    await page.waitForLoadState("networkidle");
    const pantry = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pantry" });
    const fetchedAhead = page.locator('link[rel="prefetch"][href*="pantry.data"]');
    await pantry.hover();
    await expect(fetchedAhead).toHaveCount(1);
    await page.mouse.move(900, 600);
    await expect(fetchedAhead).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await pantry.click();
    await expect(pantry).toHaveAttribute("aria-current", "page");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })
    ).not.toHaveAttribute("aria-current");
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  });

  test("the sign-in screen stays without it", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });
});

test("at 390 px the phone keeps the spec's bottom bar and no side navigation", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewCook(page, uniqueUsername(testInfo, "phone"));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Favorites", "Camera", "History", "Plan", "Account"]);
  await expectNoSidewaysScroll(page);
});
