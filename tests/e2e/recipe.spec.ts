/**
 * The recipe screen and the personal lists, as a cook uses them: allergy warning, favourite, missing
 * ingredients to the shopping list (merged), the cooking checklist counting one meal, history, ordering.
 */
import { createClient } from "@libsql/client";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "./playwright.config";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  hydrated,
  postAnswered,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

/** The server's database (the e2e config gives each port its own file). */
function database() {
  return createClient({ url: `file:tests/.tmp/e2e-${E2E_PORT}.db` });
}

async function userIdOf(username: string): Promise<number> {
  const db = database();
  try {
    const { rows } = await db.execute({ sql: "SELECT id FROM User WHERE username = ?", args: [username] });
    return Number(rows[0].id);
  } finally {
    db.close();
  }
}

/** Allergies are edited on the settings screen; here they are set straight in the database. */
async function setAllergies(userId: number, allergies: string[]) {
  const db = database();
  try {
    await db.execute({ sql: "UPDATE User SET allergies = ? WHERE id = ?", args: [JSON.stringify(allergies), userId] });
  } finally {
    db.close();
  }
}

/** A starter recipe with butter among its seasonings, at least two main ingredients and three steps. */
async function recipeWithButter(): Promise<{ id: number; name: string; steps: number }> {
  const db = database();
  try {
    const { rows } = await db.execute(`
      SELECT r.id, r.name, (SELECT COUNT(*) FROM RecipeStep s WHERE s.recipeId = r.id) AS steps
      FROM Recipe r
      WHERE EXISTS (SELECT 1 FROM RecipeIngredient i WHERE i.recipeId = r.id AND i.name = 'butter' AND i.type = 'miscellaneous items')
        AND (SELECT COUNT(*) FROM RecipeIngredient i WHERE i.recipeId = r.id AND i.type <> 'miscellaneous items') >= 2
        AND (SELECT COUNT(*) FROM RecipeStep s WHERE s.recipeId = r.id) >= 3
      ORDER BY r.id LIMIT 1`);
    return { id: Number(rows[0].id), name: String(rows[0].name), steps: Number(rows[0].steps) };
  } finally {
    db.close();
  }
}

async function newCook(page: Page, prefix: string, testInfo: Parameters<typeof uniqueUsername>[0]) {
  const username = uniqueUsername(testInfo, prefix);
  await signInAsNewCook(page, username);
  return { username, id: await userIdOf(username) };
}

const tile = (page: Page, grid: "Ingredients" | "Seasoning/Dressing", index: number) =>
  page.getByRole("region", { name: grid, exact: true }).locator(".ingredient-tile").nth(index);

async function tileName(page: Page, index: number): Promise<string> {
  return (await tile(page, "Ingredients", index).locator(".ingredient-name").textContent())!.trim();
}

test("a cook opens a recipe, is warned, likes it, shops the missing items, cooks it once and finds it in history", async ({
  page,
}, testInfo) => {
  // A whole cooking session in one test: more steps than the default time allows on a busy machine.
  test.slow();
  const javascript = hasJavaScript(testInfo);
  const cook = await newCook(page, "cook", testInfo);
  await setAllergies(cook.id, ["lactose"]);
  const recipe = await recipeWithButter();
  /** Opens a screen; with JavaScript, waits for React and marks the page so that a reload would show. */
  async function open(path: string) {
    await page.goto(path);
    if (!javascript) return;
    await hydrated(page);
    await page.evaluate(() => ((window as { unreloaded?: boolean }).unreloaded = true));
  }
  /** With JavaScript the screen's controls work without reloading the page. */
  async function expectNoReload() {
    if (javascript) expect(await page.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);
  }

  await open(`/menu-detail/${recipe.id}`);
  await expect(page.getByRole("heading", { level: 1, name: recipe.name })).toBeVisible();
  await expect(page.getByText("Prep time")).toBeVisible();
  await expect(page.getByText("Cooking time")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nutrition (per serving)" })).toBeVisible();

  // The allergy warning names butter (milk, through the catalogue), and goes for good with 'I Understand'.
  const warning = page.getByRole("alertdialog", { name: "Allergy warning" });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("butter (your allergy: lactose, milk)");
  if (javascript) await expect(warning.getByRole("button", { name: "I Understand" })).toBeFocused();
  await warning.getByRole("button", { name: "I Understand" }).click();
  await expect(warning).toBeHidden();
  await expectNoReload();
  await open(`/menu-detail/${recipe.id}`);
  await expect(page.getByRole("heading", { level: 1, name: recipe.name })).toBeVisible();
  await expect(warning).toBeHidden();

  // Favourite: the heart turns on, and the recipe is among the Liked Meals.
  const heart = page.getByRole("button", { name: "Favourite" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const liked = postAnswered(page, `/menu-detail/${recipe.id}`);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await liked;
  await expectNoReload();
  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "Liked Meals" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Liked meals" }).getByRole("link", { name: new RegExp(recipe.name) })
  ).toBeVisible();
  await open(`/menu-detail/${recipe.id}`);
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  // Missing ingredients: nothing picked, nothing to add; picked ones go to the list, merged by name.
  const addToList = page.getByRole("button", { name: "Add to list" });
  await expect(addToList).toBeDisabled();
  const first = await tileName(page, 0);
  const second = await tileName(page, 1);
  await tile(page, "Ingredients", 0).click();
  await expect(tile(page, "Ingredients", 0)).toHaveAttribute("aria-pressed", "true");
  await tile(page, "Seasoning/Dressing", 0).click();
  await expect(tile(page, "Seasoning/Dressing", 0)).toHaveAttribute("aria-pressed", "true");
  await tile(page, "Seasoning/Dressing", 0).click();
  await expect(tile(page, "Seasoning/Dressing", 0)).toHaveAttribute("aria-pressed", "false");
  await expect(addToList).toBeEnabled();
  await expectNoReload();
  await addToList.click();
  await expect(page).toHaveURL(/\/shoppinglist$/);
  await expect(page.getByText("Added 1 item to your shopping list.")).toBeVisible();
  const cards = page.getByRole("list", { name: "Items to buy" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);

  await open(`/menu-detail/${recipe.id}`);
  await tile(page, "Ingredients", 0).click();
  await expect(tile(page, "Ingredients", 0)).toHaveAttribute("aria-pressed", "true");
  await tile(page, "Ingredients", 1).click();
  await expect(tile(page, "Ingredients", 1)).toHaveAttribute("aria-pressed", "true");
  await addToList.click();
  await expect(page).toHaveURL(/\/shoppinglist$/);
  await expect(page.getByText("Added 1 item to your shopping list. 1 item was already on it.")).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(first);
  await expect(cards.nth(1)).toContainText(second);
  await page.goto("/home");
  await page.getByRole("link", { name: "Shopping list, 2 items" }).click();
  await expect(page).toHaveURL(/\/shoppinglist$/);
  await expect(cards).toHaveCount(2);

  // The checklist: ticking every step counts one meal, however often steps are ticked again.
  await open(`/menu-detail/${recipe.id}`);
  const steps = page.getByRole("checkbox");
  await expect(steps).toHaveCount(recipe.steps);
  for (let index = 0; index < recipe.steps; index++) {
    await steps.nth(index).click();
    await expect(steps.nth(index)).toHaveAttribute("aria-checked", "true");
  }
  await expect(page.getByText("Well done! This meal counts towards your dishes this month.")).toBeVisible();
  await expectNoReload();
  await open(`/menu-detail/${recipe.id}`);
  await steps.nth(0).click();
  await expect(steps.nth(0)).toHaveAttribute("aria-checked", "false");
  const ticked = postAnswered(page, `/menu-detail/${recipe.id}`);
  await steps.nth(0).click();
  await expect(steps.nth(0)).toHaveAttribute("aria-checked", "true");
  await ticked;
  const stats = await page.request.get(`/api/users/${cook.id}/meal-stats`);
  expect(await stats.json()).toMatchObject({
    total_completed: 1,
    most_cooked: { menu_name: recipe.name, cook_count: 1 },
  });

  // History lists the recipe, opened moments ago.
  await page.goto("/history");
  const entries = page.getByRole("list", { name: "Recently opened recipes" }).getByRole("listitem");
  await expect(entries.first()).toContainText(recipe.name);
  await expect(entries.first()).toContainText(/Opened (just now|\d+ seconds? ago|\d+ minutes? ago)/);
});

test("the shopping list removes items and hands the list to a delivery app", async ({ page, context }, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  await newCook(page, "shopper", testInfo);
  const recipe = await recipeWithButter();
  await page.goto(`/menu-detail/${recipe.id}`);
  const names = [await tileName(page, 0), await tileName(page, 1)];
  for (const index of [0, 1]) {
    await tile(page, "Ingredients", index).click();
    await expect(tile(page, "Ingredients", index)).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("button", { name: "Add to list" }).click();
  await expect(page).toHaveURL(/\/shoppinglist$/);

  const cards = page.getByRole("list", { name: "Items to buy" }).getByRole("listitem");
  await page.getByRole("button", { name: `Remove ${names[0]}` }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(names[1]);

  await page.getByRole("link", { name: "Order" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose Delivery App" });
  await expect(dialog).toBeVisible();
  const instacart = dialog.getByRole("link", { name: "Instacart" });
  await expect(dialog.getByRole("link", { name: "Amazon Fresh" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.amazon\.com\/s\?k=/
  );
  await expect(instacart).toHaveAttribute("target", "_blank");
  const expectedSearch = `https://www.instacart.com/store/s?${new URLSearchParams({ k: names[1] })}`;
  await expect(instacart).toHaveAttribute("href", expectedSearch);
  // The delivery app is a third party: a stand-in answers for it.
  await context.route("https://www.instacart.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Instacart</title>" })
  );
  if (javascript) await hydrated(page);
  const opened = context.waitForEvent("page");
  await instacart.click();
  const popup = await opened;
  await popup.waitForURL(expectedSearch);
  // With JavaScript the app's own popup window (window.open names it), without it a plain new tab.
  expect(await popup.evaluate(() => window.name)).toBe(javascript ? "delivery-Instacart" : "");
  await popup.close();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/shoppinglist$/);
});

test("a liked recipe opens from the list; with JavaScript 'Loading menu details...' and Back show while it loads", async ({
  page,
}, testInfo) => {
  await newCook(page, "waiter", testInfo);
  const recipe = await recipeWithButter();
  await page.goto(`/menu-detail/${recipe.id}`);
  const stored = postAnswered(page, `/menu-detail/${recipe.id}`);
  await page.getByRole("button", { name: "Favourite" }).click();
  await expect(page.getByRole("button", { name: "Favourite" })).toHaveAttribute("aria-pressed", "true");
  await stored;
  await page.goto("/favorites");
  const link = page.getByRole("link", { name: new RegExp(recipe.name) });
  if (hasJavaScript(testInfo)) {
    await hydrated(page);
    // Hold the recipe's data a moment, as a slow connection would.
    const held: (() => void)[] = [];
    await page.route("**/menu-detail/*.data*", async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      // The page may have given up on the request meanwhile (Back).
      await route.continue().catch(() => undefined);
    });
    await link.click();
    const loading = page.getByRole("status").filter({ hasText: "Loading menu details..." });
    await expect(loading).toBeVisible();
    await loading.getByRole("button", { name: "Back" }).click();
    await expect(loading).toBeHidden();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page.getByRole("heading", { level: 1, name: "Liked Meals" })).toBeVisible();
    for (const release of held) release();
    await page.unroute("**/menu-detail/*.data*");
  }
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipe.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: recipe.name })).toBeVisible();
});

test("the recipe screen and lists fit a 360 px phone and pass an accessibility check", async ({ page }, testInfo) => {
  // axe over five screens takes a while on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const cook = await newCook(page, "phone", testInfo);
  await setAllergies(cook.id, ["milk"]);
  const recipe = await recipeWithButter();
  // Some of everything on the lists, and the allergy warning still showing on the recipe.
  await page.goto(`/menu-detail/${recipe.id}`);
  const missing = await tileName(page, 0);
  expect((await page.request.post("/api/favorites", { data: { menu_id: recipe.id } })).status()).toBe(200);
  // The screen's form, posted as a browser without JavaScript posts it: it ends on the shopping list, with the item.
  const added = await page.request.post(`/menu-detail/${recipe.id}`, {
    form: { intent: "add-to-list", ingredient: missing },
  });
  expect(added.url()).toMatch(/\/shoppinglist$/);
  expect(await added.text()).toContain(missing);
  for (const path of [`/menu-detail/${recipe.id}`, "/favorites", "/history", "/shoppinglist"]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
  }
  await page.getByRole("link", { name: `Order ${missing}` }).click();
  await expect(page.getByRole("dialog", { name: "Choose Delivery App" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
});

test("the JSON calls answer over HTTP with the spec's shapes, and only for the user's own data", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const recipe = await recipeWithButter();
  const guest = await playwright.request.newContext({ baseURL });
  const cook = await playwright.request.newContext({ baseURL });
  try {
    expect((await guest.post("/history", { data: { user_id: 1, menu_id: recipe.id } })).status()).toBe(401);
    expect((await guest.get("/api/favorites/1")).status()).toBe(401);

    const username = uniqueUsername(testInfo, "json");
    expect(
      (
        await cook.post("/signup", { data: { username, email: `${username}@example.com`, password: "Secret123" } })
      ).status()
    ).toBe(201);
    const { user_id } = await (await cook.post("/login", { data: { username, password: "Secret123" } })).json();

    const opened = await cook.post("/history", { data: { user_id, menu_id: recipe.id } });
    expect(opened.status()).toBe(201);
    expect(opened.headers()["content-type"]).toContain("application/json");
    expect(await opened.json()).toMatchObject({
      user_id,
      menu_id: recipe.id,
      menu_name: recipe.name,
      history_id: expect.any(Number),
    });
    expect((await cook.post("/history", { data: { user_id, menu_id: recipe.id } })).status()).toBe(200);
    expect(await (await cook.get(`/api/history/${user_id}`)).json()).toHaveLength(1);
    const foreign = await cook.post("/history", { data: { user_id: user_id + 1, menu_id: recipe.id } });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toEqual({ message: "You can only access your own data" });
    const broken = await cook.post("/history", { data: { user_id } });
    expect(broken.status()).toBe(400);
    expect(await broken.json()).toEqual({ message: "menu_id: menu_id is required" });

    expect((await cook.post("/api/favorites", { data: { user_id, menu_id: recipe.id } })).status()).toBe(200);
    expect(await (await cook.get(`/api/favorites/${user_id}`)).json()).toEqual([
      expect.objectContaining({ menu_id: recipe.id, menu_name: recipe.name }),
    ]);
    expect((await cook.delete("/api/favorites", { data: { user_id, menu_id: recipe.id } })).status()).toBe(200);
    expect(await (await cook.get(`/api/favorites/${user_id}`)).json()).toEqual([]);
    expect((await cook.get(`/api/favorites/${user_id + 1}`)).status()).toBe(403);

    const done = await cook.post("/meal-completions", { data: { user_id, menu_id: recipe.id } });
    expect(done.status()).toBe(201);
    expect(
      await (await cook.post("/meal-completions", { data: { user_id, menu_id: recipe.id } })).json()
    ).toMatchObject({ recorded: false });

    const analysis = await cook.post("/analyze-allergies", {
      data: { ingredients: ["butter", "walnuts", "rice"], allergies: ["Milk", "nuts"] },
    });
    const { alerts } = await analysis.json();
    expect(alerts.map((alert: { ingredient: string }) => alert.ingredient).sort()).toEqual(["butter", "walnuts"]);
  } finally {
    await guest.dispose();
    await cook.dispose();
  }
});
