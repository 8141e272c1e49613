/**
 * My recipes, with and without JavaScript, against the real server: a pasted import found again from the import
 * summary, searched, edited (lines with a section, servings, a picture), shared, made private and deleted after a
 * confirmation; another cook finds no such recipe to edit; the screens fit a 360 px phone.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  hasJavaScript,
  expectNoSidewaysScroll,
  queryServerDatabase,
  signInAsNewCook,
  smallJpeg,
  uniqueUsername,
} from "./support";

// sign-up, an import and several screens: more than the default on a machine shared by many runs
test.setTimeout(120_000);

async function privateRecipe(page: Page, name: string): Promise<number> {
  const created = await page.request.post("/api/menus", {
    data: { menu_name: name, ingredients_quantity: { egg: "2", flour: "100 g" }, steps: ["Mix.", "Bake."] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { menu_id: number }).menu_id;
}

/** Holds the list's data (read after a form's redirect) until the returned function lets it through. */
async function holdListReload(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/my-recipes.data*", async (route) => {
    if (route.request().method() === "GET") await released;
    await route.continue();
  });
  return release;
}

test("a pasted import is found from the summary, searched and edited with a section and a picture", async ({
  page,
}, testInfo) => {
  await signInAsNewCook(page, uniqueUsername(testInfo, "mine"));
  const name = `Okra stew ${testInfo.project.name} ${Date.now()}`;
  await page.goto("/import");
  await page
    .getByLabel("Or paste a recipe")
    .fill(`${name}\n300 g okra\n2 tomatoes\n\nFry the okra.\nAdd the tomatoes.`);
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(page.getByRole("heading", { name: "Imported: 1" })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveAttribute("href", /^\/menu-detail\/\d+$/);
  await page.getByRole("link", { name: "See all my recipes" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "My recipes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "My recipes" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Private ·")).toBeVisible();
  await page.getByLabel("Search my recipes by name").fill("no such dish");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No recipe of yours is called anything like “no such dish”.")).toBeVisible();
  await expect(page).toHaveURL(/\/my-recipes\?q=no\+such\+dish$/);
  await page.getByLabel("Search my recipes by name").fill("OKRA");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 recipe found")).toBeVisible();
  await expectNoAxeViolations(page, testInfo, "main");

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit recipe" })).toBeVisible();
  await expect(page.getByLabel("Ingredients")).toHaveValue("300 g okra\n2 tomatoes");
  // a wrong value is refused with its message and the cook's text kept
  await page.getByLabel("Servings").fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Servings must be at least 1")).toBeVisible();
  await expectNoAxeViolations(page, testInfo, "main");

  const renamed = `${name} with sauce`;
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByLabel("Servings").fill("3");
  await page.getByLabel("Ingredients").fill("300 g okra\n2 tomatoes\nFor the sauce:\n2 tbsp olive oil");
  await page.getByLabel(/New picture/).setInputFiles(await smallJpeg());
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`“${renamed}” saved.`)).toBeVisible();
  await expect(page).toHaveURL(/\/my-recipes$/);

  const [row] = await queryServerDatabase("SELECT id, servings, image FROM Recipe WHERE name = ?", [renamed]);
  expect(row.servings).toBe(3);
  expect(String(row.image)).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
  await page.locator(".my-recipes-open", { hasText: renamed }).click();
  await expect(page).toHaveURL(`/menu-detail/${row.id}`);
  await expect(page.getByRole("heading", { level: 3, name: "For the sauce" })).toBeVisible();
});

test("a recipe is shared, made private again and deleted after a confirmation; another cook cannot edit it", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewCook(page, uniqueUsername(testInfo, "sharer"));
  const name = `Flour pancakes ${testInfo.project.name} ${Date.now()}`;
  const id = await privateRecipe(page, name);
  await page.goto("/my-recipes?q=pancakes");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Private");

  await item.getByRole("button", { name: `Share: ${name}` }).click();
  await expect(page.getByText(`“${name}” is shared with everyone now.`)).toBeVisible();
  await expect(item).toContainText("Shared with everyone");
  // the cook comes back to the list as they left it: still searched
  await expect(page).toHaveURL(/\/my-recipes\?q=pancakes$/);
  await expect(page.getByText("1 recipe found")).toBeVisible();
  await item.getByRole("button", { name: `Make private: ${name}` }).click();
  await expect(page.getByText(`“${name}” is private now: only you see it.`)).toBeVisible();
  await expect(item).toContainText("Private");

  // another cook: no such recipe to edit, and nothing of it in their list
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "javascript" });
  const other = await context.newPage();
  await signInAsNewCook(other, uniqueUsername(testInfo, "other"));
  expect((await other.goto(`/my-recipes/${id}`))?.status()).toBe(404);
  await other.goto(`/my-recipes?delete=${id}`);
  await expect(other.getByRole("alertdialog")).toHaveCount(0);
  await expect(other.getByText("You have not imported or added any recipes yet.")).toBeVisible();
  await context.close();

  await item.getByRole("link", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Delete “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await queryServerDatabase("SELECT id FROM Recipe WHERE id = ?", [id])).toHaveLength(1);

  await item.getByRole("link", { name: `Delete ${name}` }).click();
  const release = hasJavaScript(testInfo) ? await holdListReload(page) : null;
  await dialog.getByRole("button", { name: "Delete recipe" }).click();
  if (release) {
    // the delete is done and its redirect is loading: the button stays off, so a second tap sends nothing
    await expect(dialog.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    await expect.poll(() => queryServerDatabase("SELECT id FROM Recipe WHERE id = ?", [id])).toHaveLength(0);
    await expect(dialog.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    release();
  }
  await expect(page.getByText(`“${name}” deleted.`)).toBeVisible();
  await expect(page.getByText("You have not imported or added any recipes yet.")).toBeVisible();
  expect(await queryServerDatabase("SELECT id FROM Recipe WHERE id = ?", [id])).toHaveLength(0);
});

test("My recipes and its edit form fit a 360 px phone and are reached from Account", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsNewCook(page, uniqueUsername(testInfo, "phone"));
  const name = `A rather long recipe name for a narrow phone screen ${Date.now()}`;
  await privateRecipe(page, name);
  await page.goto("/account");
  await page.getByRole("link", { name: "My recipes" }).click();
  await expect(page.getByRole("link", { name: `Edit ${name}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit recipe" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expectNoSidewaysScroll(page);
});
