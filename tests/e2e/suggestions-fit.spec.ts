/**
 * Issue 27, as a cook uses it, with and without JavaScript: a typed list on /search, allergies hidden and
 * shown, "Show 20 more", the empty list that says which choice emptied it, contradictory diets on /preferences.
 */
import { expect, test, type Page } from "@playwright/test";
import { hasJavaScript, queryServerDatabase, signInAsNewCook, uniqueUsername } from "./support";

async function typeList(page: Page, list: string) {
  await page.goto("/search");
  await page.getByLabel("Search ingredients").fill(list);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^Your list: / })).toBeVisible();
}

async function choose(page: Page, chosen: string[]) {
  await page.goto("/preferences");
  for (const chip of await page.getByRole("checkbox").all()) {
    const name = (await chip.getAttribute("value")) ?? "";
    if (chosen.includes(name)) await chip.check();
    else await chip.uncheck();
  }
}

test("a typed list becomes items with their amounts, added one by one or all at once", async ({ page }) => {
  await typeList(page, "2 eggs, 500 g chicken breast and tomato");
  await expect(page.getByRole("heading", { name: "Your list: 3 items" })).toBeVisible();
  const list = page.getByRole("region", { name: "Your list: 3 items" });
  await expect(list.getByText("chicken breast · 500 g")).toBeVisible();
  await list.getByRole("button", { name: "Add tomato" }).click();
  await expect(page.getByText("Ingredient added.")).toBeVisible();
  await expect(list.getByText("In your list")).toHaveCount(1);
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(list.getByText("In your list")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Ingredient list, 3 items" })).toBeVisible();
  await page.goto("/ingredient-preview");
  await expect(page.getByText("500 g")).toBeVisible();
});

test("a list pasted one a line in the 'Add several at once' box", async ({ page }) => {
  await page.goto("/search");
  await page.getByText("Add several at once").click();
  await page.getByLabel(/Type or paste a list/).fill("pork\ntomato\nonion");
  await page.getByRole("button", { name: "Read my list" }).click();
  await expect(page.getByRole("heading", { name: "Your list: 3 items" })).toBeVisible();
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(page.getByRole("link", { name: "Ingredient list, 3 items" })).toBeVisible();
});

test("allergies leave recipes out, say how many, and bring them back marked", async ({ page }, testInfo) => {
  const userId = await signInAsNewCook(page, uniqueUsername(testInfo, "allergic"));
  await queryServerDatabase("UPDATE User SET allergies = ? WHERE id = ?", [JSON.stringify(["milk"]), userId]);
  await typeList(page, "egg, flour, butter, cheese");
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(page.getByRole("link", { name: "Ingredient list, 4 items" })).toBeVisible();
  await choose(page, []);
  await page.getByRole("button", { name: "SEARCH FOR RECIPE" }).click();
  await expect(page).toHaveURL(/\/menu-suggestion$/);
  const note = page.getByText(/^\d+ hidden for your allergies — show them$/);
  await expect(note).toBeVisible();
  await expect(page.getByText(/Contains your allergen/)).toHaveCount(0);
  await note.getByRole("link", { name: "show them" }).click();
  await expect(page).toHaveURL(/allergens=show/);
  await expect(page.getByText("Contains your allergen: milk").first()).toBeVisible();
  await page.getByRole("link", { name: "Hide them" }).click();
  await expect(page.getByText(/Contains your allergen/)).toHaveCount(0);
});

test("'Show 20 more' pages through every suggestion, in the address", async ({ page }) => {
  await typeList(page, "onion, garlic, tomato");
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(page.getByRole("link", { name: "Ingredient list, 3 items" })).toBeVisible();
  await choose(page, []);
  await page.getByRole("button", { name: "SEARCH FOR RECIPE" }).click();
  const cards = page.getByRole("list", { name: "Suggested recipes" }).getByRole("listitem");
  await expect(cards).toHaveCount(20);
  await expect(page.getByText(/^Showing 20 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Show 20 more" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(40);
});

test("contradictory diets: flagged on /preferences, then an empty list naming the diet to drop", async ({
  page,
}, testInfo) => {
  await typeList(page, "egg, tomato, onion");
  await page.getByRole("button", { name: "Add all" }).click();
  await expect(page.getByRole("link", { name: "Ingredient list, 3 items" })).toBeVisible();
  await choose(page, ["Vegetarian", "Keto", "High carb", "Diabetes"]);
  const warning = page.getByText(/contradict each other: no recipe is .*Keto and High carb/);
  // With JavaScript the warning follows the chips; without it, it shows once the choice is saved.
  if (hasJavaScript(testInfo)) await expect(warning).toBeVisible();
  await page.getByRole("button", { name: "SEARCH FOR RECIPE" }).click();
  await expect(page.getByText("No recommendations available.")).toBeVisible();
  const drop = page.getByRole("listitem").filter({ hasText: "left out by your High carb diet" });
  await expect(drop).toBeVisible();
  await drop.getByRole("link", { name: "Show them without it" }).click();
  await expect(page).toHaveURL(/without=High\+carb/);
  await expect(page.getByRole("list", { name: "Suggested recipes" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText(/Not applying your High carb diet/)).toBeVisible();
  await page.goto("/preferences");
  await expect(warning).toBeVisible();
});
