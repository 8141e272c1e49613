/**
 * The Pantry screen (/pantry, issue 31): every item by place, soonest first, with days left; the quick add with
 * amount, place and day, a typed list, and each item's edit, used up, thrown away, Undo and delete; the household's
 * pantry; phone and desktop layouts. Both projects: with JavaScript, and plain forms without it.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

test.describe.configure({ timeout: 90_000 });

/** A UTC calendar day `days` from today, YYYY-MM-DD (the app counts days left in UTC days). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const place = (page: Page, name: "Fridge" | "Freezer" | "Cupboard") =>
  page.getByRole("region", { name: new RegExp(`^${name} \\(\\d+\\)$`) });
const rowsOf = (page: Page, name: "Fridge" | "Freezer" | "Cupboard") => place(page, name).getByRole("listitem");
const row = (page: Page, name: string) => page.locator(".pantry-place .ingredient-row").filter({ hasText: name });

async function addThroughApi(page: Page, items: Record<string, unknown>[]) {
  for (const item of items) expect((await page.request.post("/api/pantry", { data: item })).status()).toBe(201);
}

test("a cook's pantry by place, soonest first; quick add, typed list, edit, used up, thrown away, undo, delete", async ({
  page,
}, testInfo) => {
  await signInAsNewCook(page, uniqueUsername(testInfo, "pantry"));
  await addThroughApi(page, [
    { ingredient_name: "milk", quantity: 1, unit: "l", storage: "fridge", best_before: day(5) },
    { ingredient_name: "chicken breast", quantity: 400, unit: "g", storage: "fridge", best_before: day(1) },
    { ingredient_name: "yogurt", storage: "fridge", best_before: day(-1) },
    { ingredient_name: "peas", storage: "freezer", best_before: day(90) },
    { ingredient_name: "rice", storage: "cupboard", best_before: day(200) },
  ]);

  // Home and the desktop's side navigation lead here
  await page.goto("/home");
  await page.getByRole("link", { name: "Your pantry" }).click();
  await expect(page).toHaveURL(/\/pantry$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pantry" })).toBeVisible();
  await expect(page.getByText("5 items, soonest first.")).toBeVisible();
  await expect(rowsOf(page, "Fridge")).toHaveText([
    /yogurt.*Fridge · expired 1 day ago/s,
    /chicken breast.*400 g · Fridge · 1 day/s,
    /milk.*1 l · Fridge · 5 days/s,
  ]);
  await expect(rowsOf(page, "Freezer")).toHaveText([/peas.*Freezer · 90 days/s]);
  await expect(rowsOf(page, "Cupboard")).toHaveText([/rice.*Cupboard · 200 days/s]);

  // quick add with amount, unit, place and day
  const add = page.getByRole("region", { name: "Add to your pantry" });
  await add.getByLabel("Ingredient").fill("carrot");
  await add.getByLabel("Amount").fill("300");
  await add.getByLabel("Unit").selectOption("g");
  await add.getByLabel("Kept in").selectOption({ label: "Fridge" });
  await expect(add.getByLabel("Best before")).toHaveAccessibleDescription(
    "Left empty, the day is estimated from the place."
  );
  await add.getByLabel("Best before").fill(day(3));
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("carrot added to the fridge.")).toBeVisible();
  await expect(rowsOf(page, "Fridge")).toHaveCount(4);
  await expect(rowsOf(page, "Fridge").nth(2)).toContainText("300 g · Fridge · 3 days");
  await expect(add.getByLabel("Ingredient")).toHaveValue("");

  // a unit without an amount is refused, the form keeps what was typed, nothing is added
  await add.getByLabel("Ingredient").fill("spinach");
  await add.getByLabel("Unit").selectOption("g");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByText("Please enter an amount for the unit.")).toBeVisible();
  await expect(add.getByLabel("Ingredient")).toHaveValue("spinach");
  await expect(page.getByText("6 items, soonest first.")).toBeVisible();
  await expect(row(page, "spinach")).toHaveCount(0);
  // the place left to the catalogue: spinach goes to the fridge with an estimated day
  await add.getByLabel("Unit").selectOption("");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("spinach added to the fridge.")).toBeVisible();

  // a typed list, read first, then added all at once with its amounts
  await page.getByText("Add several at once").click();
  await page.getByLabel(/Type or paste a list/).fill("6 eggs, 2 onions");
  await page.getByRole("button", { name: "Read my list" }).click();
  await expect(page.getByRole("heading", { name: "Your list: 2 items" })).toBeVisible();
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(page.getByText("Ingredient added.")).toBeVisible();
  await expect(row(page, "egg")).toContainText("6 · Fridge");
  await expect(page.getByText("9 items, soonest first.")).toBeVisible();

  // edit in place
  await page.getByRole("link", { name: "Edit carrot" }).click();
  const edit = page.getByRole("form", { name: "Edit carrot" });
  await edit.getByLabel("Amount").fill("250");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("carrot saved.")).toBeVisible();
  await expect(row(page, "carrot")).toContainText("250 g · Fridge · 3 days");

  // used up, then undone; with JavaScript a name half typed in the quick add stays through it
  if (hasJavaScript(testInfo)) await add.getByLabel("Ingredient").fill("half typed");
  const chicken = row(page, "chicken breast");
  await chicken.getByText("Used up or thrown away?").click();
  await chicken.getByRole("button", { name: "Used up" }).click();
  await expect(page.getByText("400 g of chicken breast used up.")).toBeVisible();
  await expect(row(page, "chicken breast")).toHaveCount(0);
  if (hasJavaScript(testInfo)) {
    await expect(add.getByLabel("Ingredient")).toHaveValue("half typed");
    await add.getByLabel("Ingredient").fill("");
  }
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone: chicken breast is back in your pantry.")).toBeVisible();
  await expect(row(page, "chicken breast")).toContainText("400 g · Fridge · 1 day");

  // thrown away, and deleted
  const yogurt = row(page, "yogurt");
  await yogurt.getByText("Used up or thrown away?").click();
  await yogurt.getByRole("button", { name: "Thrown away" }).click();
  await expect(page.getByText(/yogurt thrown away\./)).toBeVisible();
  await expect(row(page, "yogurt")).toHaveCount(0);
  await row(page, "milk").getByRole("button", { name: "Delete milk" }).click();
  await expect(page.getByText("milk deleted.")).toBeVisible();
  await expect(row(page, "milk")).toHaveCount(0);
  await expect(rowsOf(page, "Freezer")).toHaveCount(1);
});

test("a guest keeps a pantry too, without the food log", async ({ page }) => {
  await page.goto("/pantry");
  await expect(
    page.getByText("Your pantry is empty: add what you have in the fridge, freezer or cupboard.")
  ).toBeVisible();
  const add = page.getByRole("region", { name: "Add to your pantry" });
  await add.getByLabel("Ingredient").fill("frozen peas");
  await add.getByLabel("Kept in").selectOption({ label: "Freezer" });
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("frozen peas added to the freezer.")).toBeVisible();
  await expect(rowsOf(page, "Freezer")).toHaveCount(1);
  await expect(page.getByText("Used up or thrown away?")).toHaveCount(0);
  // the same list the other pantry screen shows
  await page.goto("/ingredient-preview");
  await expect(page.getByRole("list", { name: "Ingredients" })).toContainText("frozen peas");
});

/** A second cook in a browser of their own (their own cookies), with the project's JavaScript setting. */
async function secondCook(browser: Browser, javaScriptEnabled: boolean, username: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAsNewCook(page, username);
  return { page, close: () => context.close() };
}

test("the pantry is the household's: a member sees and changes what another added", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewCook(page, uniqueUsername(testInfo, "pantryown"));
  const invite = await page.request.post("/api/household/invites", { data: {} });
  expect(invite.status()).toBe(201);
  const { token } = (await invite.json()) as { token: string };
  const member = await secondCook(browser, hasJavaScript(testInfo), uniqueUsername(testInfo, "pantrymem"));
  const outsider = await secondCook(browser, hasJavaScript(testInfo), uniqueUsername(testInfo, "pantryout"));
  try {
    expect((await member.page.request.post("/api/household/join", { data: { token } })).status()).toBe(200);
    await page.goto("/pantry");
    const add = page.getByRole("region", { name: "Add to your pantry" });
    await add.getByLabel("Ingredient").fill("butter");
    await add.getByLabel("Amount").fill("250");
    await add.getByLabel("Unit").selectOption("g");
    await add.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("butter added to the fridge.")).toBeVisible();

    await member.page.goto("/pantry");
    await expect(row(member.page, "butter")).toContainText("250 g · Fridge");
    await member.page.getByRole("link", { name: "Edit butter" }).click();
    const edit = member.page.getByRole("form", { name: "Edit butter" });
    await edit.getByLabel("Amount").fill("125");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(member.page.getByText("butter saved.")).toBeVisible();
    await page.goto("/pantry");
    await expect(row(page, "butter")).toContainText("125 g · Fridge");

    // someone outside the household sees nothing of it, and cannot change it
    await outsider.page.goto("/pantry");
    await expect(outsider.page.getByText(/Your pantry is empty/)).toBeVisible();
    const foreign = await outsider.page.request.post("/pantry", { form: { intent: "delete", key: "butter" } });
    expect(foreign.ok()).toBe(true);
    await page.goto("/pantry");
    await expect(row(page, "butter")).toContainText("125 g");
  } finally {
    await member.close();
    await outsider.close();
  }
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the Pantry fits, with its edit form open, and passes axe", async ({ page }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "pantry360"));
    await addThroughApi(page, [
      { ingredient_name: "cheddar cheese", quantity: 200, unit: "g", best_before: day(12) },
      { ingredient_name: "peas", storage: "freezer" },
    ]);
    await page.goto("/pantry");
    await expect(rowsOf(page, "Fridge")).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await page.getByRole("link", { name: "Edit cheddar cheese" }).click();
    await expect(page.getByRole("form", { name: "Edit cheddar cheese" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
  });
});

test.describe("on a 1280 px desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the side navigation's Pantry opens it, the quick add beside the places; keyboard reaches Add", async ({
    page,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "pantry1280"));
    await addThroughApi(page, [{ ingredient_name: "leek", best_before: day(4) }]);
    await page.goto("/home");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Pantry" }).click();
    await expect(page).toHaveURL(/\/pantry$/);
    await expect(nav.getByRole("link", { name: "Pantry" })).toHaveAttribute("aria-current", "page");
    const adding = (await page.getByRole("region", { name: "Add to your pantry" }).boundingBox())!;
    const fridge = (await place(page, "Fridge").boundingBox())!;
    expect(fridge.x).toBeGreaterThan(adding.x + adding.width);
    expect(fridge.y).toBeLessThan(adding.y + adding.height);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);

    // by keyboard: the name, then Tab through the fields to Add, which shows its focus
    await page.getByLabel("Ingredient").focus();
    await page.keyboard.type("parsnip");
    const button = page.getByRole("button", { name: "Add", exact: true });
    // the date field's day, month and year take a Tab each
    for (let step = 0; step < 12 && !(await button.evaluate((element) => element === document.activeElement)); step++)
      await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    expect(await button.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(page.getByText("parsnip added to the", { exact: false })).toBeVisible();
  });
});
