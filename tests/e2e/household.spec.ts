import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  queryServerDatabase,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

test.describe.configure({ timeout: 90_000 });

/** A second cook in a browser of their own (their own cookies), with the project's JavaScript setting. */
async function secondCook(browser: Browser, javaScriptEnabled: boolean, username: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const id = await signInAsNewCook(page, username);
  return { page, id, close: () => context.close() };
}

const ingredientNames = (page: Page) =>
  page.getByRole("list", { name: "Ingredients" }).getByRole("listitem").allInnerTexts();

test.describe("a household", () => {
  test("two cooks share one pantry through an invitation link; removal cuts access at once", async ({
    page,
    browser,
  }, testInfo) => {
    const js = hasJavaScript(testInfo);
    const ownerName = uniqueUsername(testInfo, "hhowner");
    await signInAsNewCook(page, ownerName);
    expect(
      (await page.request.post("/api/pantry", { data: { ingredient_name: "milk", quantity: 1, unit: "l" } })).status()
    ).toBe(201);

    await page.goto("/account");
    await page.getByRole("link", { name: "Household" }).click();
    await expect(page).toHaveURL(/\/household$/);
    await expect(page.getByRole("heading", { name: `${ownerName}'s household` })).toBeVisible();
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const link = await page.getByLabel(/Invitation link/).inputValue();
    expect(link).toMatch(/\/household\?invite=[A-Za-z0-9_-]+$/);

    const joinerName = uniqueUsername(testInfo, "hhjoiner");
    const joiner = await secondCook(browser, js, joinerName);
    try {
      expect(
        (
          await joiner.page.request.post("/api/pantry", { data: { ingredient_name: "milk", quantity: 0.5, unit: "l" } })
        ).status()
      ).toBe(201);
      const url = new URL(link);
      await joiner.page.goto(url.pathname + url.search);
      await expect(joiner.page.getByRole("heading", { name: `Join ${ownerName}'s household?` })).toBeVisible();
      await expect(
        joiner.page.getByText("Already there, combined: milk (amounts added: 1.5 l, earliest date kept)")
      ).toBeVisible();
      await joiner.page.getByRole("button", { name: `Join ${ownerName}'s household` }).click();
      await expect(joiner.page.getByText(`You joined ${ownerName}'s household.`)).toBeVisible();
      const members = joiner.page.getByRole("list").filter({ hasText: "Owner" });
      await expect(members).toContainText(ownerName);
      await expect(members).toContainText(`${joinerName} (you)`);

      await joiner.page.goto("/ingredient-preview");
      expect((await ingredientNames(joiner.page)).join("\n")).toContain("1.5 l");

      await page.goto("/household");
      await page.getByRole("button", { name: `Remove ${joinerName}` }).click();
      await expect(page.getByText(`${joinerName} was removed from the household.`)).toBeVisible();
      await joiner.page.goto("/ingredient-preview");
      await expect(joiner.page.getByRole("list", { name: "Ingredients" })).toHaveCount(0);
      await page.goto("/ingredient-preview");
      expect((await ingredientNames(page)).join("\n")).toContain("1.5 l");
    } finally {
      await joiner.close();
    }
  });

  test("a used invitation says so, and the screen works at 360 px", async ({ page, browser }, testInfo) => {
    const js = hasJavaScript(testInfo);
    await signInAsNewCook(page, uniqueUsername(testInfo, "hhused"));
    await page.goto("/household");
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const url = new URL(await page.getByLabel(/Invitation link/).inputValue());
    const first = await secondCook(browser, js, uniqueUsername(testInfo, "hhfirst"));
    const late = await secondCook(browser, js, uniqueUsername(testInfo, "hhlate"));
    try {
      await first.page.goto(url.pathname + url.search);
      await first.page.getByRole("button", { name: /^Join / }).click();
      await expect(first.page.getByText(/^You joined /)).toBeVisible();
      await late.page.goto(url.pathname + url.search);
      await expect(late.page.getByText("This invitation has been used already. Ask for a new one.")).toBeVisible();
      await expect(late.page.getByRole("button", { name: /^Join / })).toHaveCount(0);
    } finally {
      await first.close();
      await late.close();
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/household");
    await expectNoSidewaysScroll(page);
    if (js) await expectNoAxeViolations(page, testInfo);
  });

  test("the shared list shows what another member added: on focus with JavaScript, on the next load without", async ({
    page,
    browser,
  }, testInfo) => {
    const js = hasJavaScript(testInfo);
    const ownerId = await signInAsNewCook(page, uniqueUsername(testInfo, "hhfocus"));
    await page.goto("/household");
    await page.getByRole("button", { name: "Make an invitation link" }).click();
    const url = new URL(await page.getByLabel(/Invitation link/).inputValue());
    const member = await secondCook(browser, js, uniqueUsername(testInfo, "hhfocusm"));
    try {
      await member.page.goto(url.pathname + url.search);
      await member.page.getByRole("button", { name: /^Join / }).click();
      await expect(member.page.getByText(/^You joined /)).toBeVisible();
      await member.page.goto("/shoppinglist");
      await expect(member.page.getByText(/Your shopping list is empty/)).toBeVisible();
      // the owner adds to the household's list (as the recipe screen's "add to list" does)
      const [list] = await queryServerDatabase(
        `SELECT l."id" FROM "ShoppingList" l JOIN "HouseholdMember" m ON m."householdId" = l."householdId" WHERE m."userId" = ?`,
        [ownerId]
      );
      await queryServerDatabase(
        `INSERT INTO "ShoppingItem" ("listId", "name", "nameKey", "quantity") VALUES (?, 'Bread', 'bread', '1')`,
        [Number(list.id)]
      );
      if (js) await member.page.evaluate(() => window.dispatchEvent(new Event("focus")));
      else await member.page.reload();
      await expect(member.page.getByRole("list", { name: "Items to buy" })).toContainText("Bread");
    } finally {
      await member.close();
    }
  });
});
