import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  logIn,
  postAnswered,
  signUp,
  uniqueUsername,
} from "./support";

const listBadge = (page: Page) => page.getByRole("link", { name: /^Ingredient list, \d+ items?$/ });
/** One of Search's five recommended toggles (a pressed one also shows a tick). */
const toggle = (page: Page, label: string) =>
  page.getByRole("list", { name: "Recommended ingredients" }).getByRole("button", { name: label });

/** Adds through the search box: the dropdown with JavaScript, the results list without. */
async function addBySearch(page: Page, typed: string, name: string, javaScript: boolean) {
  const box = page.getByRole(javaScript ? "combobox" : "searchbox", { name: "Search ingredients" });
  await box.fill(typed);
  if (javaScript) {
    await expect(page.getByRole("option").first()).toContainText(name);
    await box.press("ArrowDown");
    const first = page.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box.press("Enter");
  } else {
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: `Results for “${typed}”` })).toBeVisible();
    await page.getByRole("button", { name: `Add ${name}`, exact: true }).click();
  }
  await expect(page.getByText("Ingredient added.")).toBeVisible();
}

test.describe("search", () => {
  test("finds an ingredient by synonym and adds it, with the 'Ingredient added.' popup", async ({ page }, testInfo) => {
    const javaScript = hasJavaScript(testInfo);
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Searching", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/home");
    await expect(page.getByRole("link", { name: "Add ingredients with the camera" })).toHaveAttribute(
      "href",
      "/camera-search"
    );
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 0 items");

    await addBySearch(page, "prawn", "shrimp", javaScript);
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 1 item");
    if (javaScript) {
      // The popup goes after 2 s; the dropdown closed and the box is ready for the next ingredient.
      await expect(page.getByText("Ingredient added.")).toBeHidden({ timeout: 4_000 });
      await expect(page.getByRole("combobox", { name: "Search ingredients" })).toHaveValue("");
    } else {
      await expect(page.getByText("In your list")).toBeVisible();
    }
    await page.getByRole("link", { name: "SEARCH FOR RECIPE" }).click();
    await expect(page).toHaveURL(/\/ingredient-preview$/);
    await expect(page.getByRole("listitem").filter({ hasText: "shrimp" })).toBeVisible();
  });

  test("misspelt names are found: in the dropdown (Escape closes it), or in the results list", async ({
    page,
  }, testInfo) => {
    await page.goto("/search");
    if (hasJavaScript(testInfo)) {
      const box = page.getByRole("combobox", { name: "Search ingredients" });
      await box.fill("chiken");
      await expect(page.getByRole("option", { name: /^chicken/ })).toBeVisible();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await box.press("Escape");
      await expect(box).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("listbox")).toBeHidden();
      await box.press("Escape");
      await expect(box).toHaveValue("");
    } else {
      await page.getByRole("searchbox", { name: "Search ingredients" }).fill("chiken");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/search\?q=chiken$/);
      await expect(page.getByRole("button", { name: "Add chicken", exact: true })).toBeVisible();
    }
  });

  test("a typed name the catalogue does not know can be added as typed", async ({ page }) => {
    await page.goto("/search?q=Grandma%27s%20zorblax");
    await expect(page.getByText("No ingredient in our list matches “Grandma's zorblax”.")).toBeVisible();
    await page.getByRole("button", { name: "Add Grandma's zorblax" }).click();
    await expect(page.getByText("Ingredient added.")).toBeVisible();
    await page.goto("/ingredient-preview");
    await expect(page.getByRole("listitem").filter({ hasText: "Grandma's zorblax" })).toContainText("Other");
  });

  test("the recommended toggles add and remove, showing their state", async ({ page }) => {
    await page.goto("/search");
    for (const label of ["Bread", "Tomato", "Celery", "Pork", "Shrimp"]) {
      await expect(toggle(page, label)).toHaveAttribute("aria-pressed", "false");
    }
    const celery = toggle(page, "Celery");
    await celery.click();
    await expect(celery).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Ingredient added.")).toBeVisible();
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 1 item");
    await toggle(page, "Celery").click();
    await expect(toggle(page, "Celery")).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Celery removed from your list.")).toBeVisible();
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 0 items");
  });

  test("Home's search box opens /search with the results", async ({ page }) => {
    await page.goto("/home");
    await page.getByLabel("Search ingredients").fill("tomatoes");
    await page.getByLabel("Search ingredients").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=tomatoes$/);
    await expect(page.getByRole("button", { name: "Add tomato", exact: true })).toBeVisible();
  });
});

test.describe("ingredient preview", () => {
  test("edits, validates, deletes, down to 'No ingredients detected'", async ({ page }, testInfo) => {
    const javaScript = hasJavaScript(testInfo);
    // With JavaScript the form's own check is held until the name is corrected (a slow connection): the server's
    // refusal must go as the cook types. Were it to go only when the check arrives, the form would move up under a
    // pointer already on its way to Save, and the click would miss (as CI once saw).
    let releaseCheck = () => {};
    const checkHeld = new Promise<void>((resolve) => (releaseCheck = resolve));
    if (javaScript)
      await page.route("**/pantry-edit-check-*.js", async (route) => {
        await checkHeld;
        await route.continue();
      });
    await page.goto("/search");
    await toggle(page, "Tomato").click();
    await expect(toggle(page, "Tomato")).toHaveAttribute("aria-pressed", "true");
    await toggle(page, "Bread").click();
    await expect(toggle(page, "Bread")).toHaveAttribute("aria-pressed", "true");
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 2 items");
    await page.getByRole("link", { name: "SEARCH FOR RECIPE" }).click();

    await expect(page.getByRole("link", { name: "Back to search" })).toHaveAttribute("href", "/search");
    await expect(page.getByRole("link", { name: "Add more ingredients" })).toHaveAttribute("href", "/search");
    const tomatoRow = page.getByRole("listitem").filter({ hasText: "Tomato" });
    await expect(tomatoRow.locator("img")).toHaveAttribute("src", "/icons/tomato");

    await page.getByRole("link", { name: "Edit Tomato" }).click();
    const form = page.getByRole("form", { name: "Edit Tomato" });
    await form.getByLabel("Name").fill("   ");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Please enter an ingredient name.")).toBeVisible();
    await form.getByLabel("Name").fill("bread");
    if (javaScript) await expect(form.getByText("Please enter an ingredient name.")).toHaveCount(0);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Bread is already in your list.")).toBeVisible();
    releaseCheck();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("form")).toHaveCount(0);

    await page.getByRole("link", { name: "Edit Tomato" }).click();
    await page.getByRole("form", { name: "Edit Tomato" }).getByLabel("Name").fill("Plum tomatoes");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Plum tomatoes saved.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Plum tomatoes" })).toContainText("Vegetables");

    await page.getByRole("button", { name: "Delete Bread" }).click();
    await expect(page.getByText("Bread deleted.")).toBeVisible();
    await page.getByRole("button", { name: "Delete Plum tomatoes" }).click();
    await expect(page.getByText("No ingredients detected")).toBeVisible();
    await expect(page.getByRole("button", { name: "CONFIRM" })).toBeDisabled();
  });

  test("the edit form checks an amount (in the browser once opened, on the server without JavaScript)", async ({
    page,
  }, testInfo) => {
    const javaScript = hasJavaScript(testInfo);
    // The browser's check (zod) is fetched when a form opens, not with the screen.
    const checkScripts: string[] = [];
    page.on("request", (request) => {
      if (/\/build\/.*pantry-edit-check/.test(request.url())) checkScripts.push(request.url());
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/search");
    const added = postAnswered(page, "/search");
    await toggle(page, "Tomato").click();
    await expect(toggle(page, "Tomato")).toHaveAttribute("aria-pressed", "true");
    await added;
    await page.goto("/ingredient-preview");
    await expect(page.getByRole("link", { name: "Edit Tomato" })).toBeVisible();
    if (javaScript) await page.waitForLoadState("networkidle");
    expect(checkScripts).toEqual([]);
    posts.length = 0;

    await page.getByRole("link", { name: "Edit Tomato" }).click();
    const form = page.getByRole("form", { name: "Edit Tomato" });
    const amount = form.getByLabel("Amount");
    await amount.fill("0");
    const message = form.getByText("Please enter an amount above 0 and below");
    if (javaScript) {
      await amount.press("Tab"); // leaving the field checks it
      await expect(message).toBeVisible();
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await amount.fill("2");
      await expect(message).toHaveCount(0); // and every change after that
      await amount.fill("0");
      await expect(message).toBeVisible();
    }
    await form.getByRole("button", { name: "Save" }).click();
    await expect(message).toBeVisible();
    await expect(amount).toHaveValue("0"); // what the cook typed stays
    if (javaScript) await expect(amount).toBeFocused(); // the first wrong field
    expect(posts).toEqual(javaScript ? [] : [expect.stringContaining("/ingredient-preview")]);
    expect(checkScripts).toHaveLength(javaScript ? 1 : 0);

    await amount.fill("2");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Tomato saved.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Tomato" })).toContainText("2");
  });

  test("CONFIRM goes on to /preferences", async ({ page }, testInfo) => {
    await page.goto("/search");
    const added = postAnswered(page, "/search");
    await toggle(page, "Pork").click();
    await expect(toggle(page, "Pork")).toHaveAttribute("aria-pressed", "true");
    await added;
    await page.goto("/ingredient-preview");
    if (hasJavaScript(testInfo)) {
      // Hold the preferences data back a moment so the overlay can be seen.
      await page.route("**/preferences.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
    }
    await page.getByRole("link", { name: "CONFIRM" }).click();
    if (hasJavaScript(testInfo)) await expect(page.getByText("Creating your menu, just a moment!")).toBeVisible();
    await expect(page).toHaveURL(/\/preferences$/);
  });
});

test.describe("signing in", () => {
  test("merges the guest's ingredients into the account", async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, "pantry");
    await page.goto("/search");
    await toggle(page, "Shrimp").click();
    await expect(toggle(page, "Shrimp")).toHaveAttribute("aria-pressed", "true");
    await signUp(page, username);
    await logIn(page, username);
    await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
    await page.goto("/ingredient-preview");
    await expect(page.getByRole("listitem").filter({ hasText: "Shrimp" })).toBeVisible();

    // The list is the account's now: a new browser signing in sees it too.
    await page.context().clearCookies();
    await logIn(page, username);
    await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
    await page.goto("/ingredient-preview");
    await expect(page.getByRole("listitem").filter({ hasText: "Shrimp" })).toBeVisible();
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("search and preview fit the width and pass axe, the dropdown and the edit form open", async ({
    page,
  }, testInfo) => {
    const javaScript = hasJavaScript(testInfo);
    await page.goto("/search?q=cheese");
    await toggle(page, "Tomato").click();
    await expect(listBadge(page)).toHaveAccessibleName("Ingredient list, 1 item");
    if (javaScript) {
      await page.getByRole("combobox", { name: "Search ingredients" }).fill("pepper");
      await expect(page.getByRole("option").first()).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
    await page.goto("/ingredient-preview");
    await page.getByRole("link", { name: "Edit Tomato" }).click();
    await expect(page.getByRole("form", { name: "Edit Tomato" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
  });
});
