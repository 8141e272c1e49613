import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  postAnswered,
  signUpThroughApi,
  uniqueUsername,
} from "./support";

// Each test saves a form several times and runs axe: three times the default time, as the other long specs take.
test.describe.configure({ timeout: 90_000 });

/** A UTC calendar day `days` from today, YYYY-MM-DD (the app counts days left in UTC days). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const row = (page: Page, name: string) =>
  page.getByRole("list", { name: "Ingredients" }).getByRole("listitem").filter({ hasText: name });

async function editItem(
  page: Page,
  name: string,
  fields: { amount?: string; unit?: string; place?: string; bestBefore?: string }
) {
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const form = page.getByRole("form", { name: `Edit ${name}` });
  if (fields.amount !== undefined) await form.getByLabel("Amount").fill(fields.amount);
  if (fields.unit !== undefined) await form.getByLabel("Unit").selectOption(fields.unit);
  if (fields.place !== undefined) await form.getByLabel("Kept in").selectOption({ label: fields.place });
  if (fields.bestBefore !== undefined) await form.getByLabel("Best before").fill(fields.bestBefore);
  await form.getByRole("button", { name: "Save" }).click();
  return form;
}

test.describe("the pantry on ingredient preview", () => {
  test("shows each item's place and days left, and edits amount, place and date inline", async ({ page }) => {
    await page.goto("/search");
    const pork = page.getByRole("list", { name: "Recommended ingredients" }).getByRole("button", { name: "Pork" });
    const added = postAnswered(page, "/search");
    await pork.click();
    await expect(pork).toHaveAttribute("aria-pressed", "true");
    await added;
    await page.goto("/ingredient-preview");
    // Estimated from the catalogue: pork keeps a few days in the fridge.
    await expect(row(page, "Pork")).toContainText(/Fridge · \d+ days?$/);

    const refused = await editItem(page, "Pork", { amount: "0" });
    await expect(refused.getByText("Please enter an amount above 0 and below 10,000.")).toBeVisible();
    await refused.getByLabel("Amount").fill("500");
    await refused.getByLabel("Unit").selectOption("g");
    await refused.getByLabel("Best before").fill(day(2));
    await refused.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Pork saved.")).toBeVisible();
    await expect(row(page, "Pork")).toContainText("500 g · Fridge · 2 days");

    // Into the freezer with a date of the cook's own: saved as given (the move's own date: kitchen-rough-edges).
    await editItem(page, "Pork", { place: "Freezer", bestBefore: day(60) });
    await expect(page.getByText("Pork saved.")).toBeVisible();
    await expect(row(page, "Pork")).toContainText("500 g · Freezer · 60 days");

    await editItem(page, "Pork", { bestBefore: day(-1) });
    await expect(row(page, "Pork")).toContainText("500 g · Freezer · expired 1 day ago");
    await editItem(page, "Pork", { amount: "", unit: "", bestBefore: day(0) });
    await expect(row(page, "Pork")).toHaveText(/Meat sausages and fish\s*Freezer · use today/);
  });

  test("a save on its way says so and keeps the form still; a refused one clears its error as the cook corrects it", async ({
    page,
  }, testInfo) => {
    test.skip(!hasJavaScript(testInfo), "without JavaScript the browser leaves the page while it saves");
    await signUpThroughApi(page.request, uniqueUsername(testInfo, "saving"));
    expect((await page.request.post("/api/pantry", { data: { ingredient_name: "pork" } })).status()).toBe(201);
    // The form's own check arrives only after Save went to the server, and the server's answer is held (as on a
    // slow connection): once, the check flagged the amount then, the cook corrected it, and the answer put "0" back.
    const release = { check: () => {}, save: () => {} };
    const checkHeld = new Promise<void>((resolve) => (release.check = resolve));
    const saveHeld = new Promise<void>((resolve) => (release.save = resolve));
    await page.route("**/pantry-edit-check-*.js", async (route) => {
      await checkHeld;
      await route.continue();
    });
    await page.route("**/ingredient-preview.data*", async (route) => {
      if (route.request().method() === "POST") await saveHeld;
      await route.continue();
    });
    await page.goto("/ingredient-preview");

    await page.getByRole("link", { name: "Edit pork" }).click();
    const form = page.getByRole("form", { name: "Edit pork" });
    await form.getByLabel("Name").fill("pork belly");
    await form.getByLabel("Amount").fill("0");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    const checkArrived = page.waitForResponse("**/pantry-edit-check-*.js");
    release.check();
    await checkArrived;
    await expect(form.getByLabel("Amount")).toBeDisabled();
    await expect(form.getByLabel("Best before")).toBeDisabled();
    // the name, turned off while it is sent, is not taken for an empty one
    await expect(form.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");

    release.save();
    await expect(form.getByText("Please enter an amount above 0 and below 10,000.")).toBeVisible();
    await expect(form.getByLabel("Amount")).toHaveValue("0");
    // The refusal goes as the cook corrects the amount: were it to go when Save is pressed, the form would move up
    // under the pointer and the click would miss.
    await form.getByLabel("Amount").fill("500");
    await expect(form.getByText("Please enter an amount above 0 and below 10,000.")).toHaveCount(0);
    await form.getByLabel("Unit").selectOption("g");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("pork belly saved.")).toBeVisible();
    await expect(row(page, "pork belly")).toContainText("500 g · Fridge");
  });
});

test.describe("Use soon on Home", () => {
  test("lists what spoils within 3 days, soonest and expired first, and cooks with them", async ({
    page,
  }, testInfo) => {
    await signUpThroughApi(page.request, uniqueUsername(testInfo, "usesoon"));
    const items = [
      { ingredient_name: "spinach", best_before: day(3) },
      { ingredient_name: "chicken breast", quantity: 400, unit: "g", best_before: day(1) },
      { ingredient_name: "rice", best_before: day(200) },
      { ingredient_name: "milk", storage: "fridge", best_before: day(-2) },
      { ingredient_name: "carrot", best_before: day(4) },
    ];
    for (const item of items) expect((await page.request.post("/api/pantry", { data: item })).status()).toBe(201);

    await page.goto("/home");
    const block = page.getByRole("region", { name: "Use soon" });
    await expect(block.getByRole("listitem")).toHaveText([
      /^milk\s*expired 2 days ago$/,
      /^chicken breast\s*1 day$/,
      /^spinach\s*3 days$/,
    ]);
    const cook = block.getByRole("link", { name: "Cook with these" });
    await expect(cook).toHaveAttribute("href", "/menu-suggestion?use=milk&use=chicken+breast&use=spinach");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await cook.click();
    await expect(page).toHaveURL(/\/menu-suggestion\?use=milk&use=chicken\+breast&use=spinach$/);
    await expect(page.getByRole("heading", { name: "Menu suggestions", level: 1 })).toBeVisible();
  });

  test("is not there when nothing spoils soon", async ({ page }, testInfo) => {
    await signUpThroughApi(page.request, uniqueUsername(testInfo, "usesoon"));
    expect((await page.request.post("/api/pantry", { data: { ingredient_name: "rice" } })).status()).toBe(201);
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Most searched" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Use soon" })).toHaveCount(0);
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the edit form with its new fields fits and passes axe", async ({ page }, testInfo) => {
    await page.goto("/search");
    const added = postAnswered(page, "/search");
    await page.getByRole("list", { name: "Recommended ingredients" }).getByRole("button", { name: "Celery" }).click();
    await added;
    await page.goto("/ingredient-preview");
    await page.getByRole("link", { name: "Edit Celery" }).click();
    await expect(page.getByRole("form", { name: "Edit Celery" }).getByLabel("Best before")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
  });
});
