/**
 * Importing a recipe page by its address through /import, with and without JavaScript: a page served from a
 * real local HTTP server, its JSON-LD written the way real pages write it (an odd duration, step sections,
 * ingredient groups only in the page's markup); the recipe screen then shows the sections and the total time.
 */
import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { gzipSync, strToU8, zipSync } from "fflate";
import { RECIPE_PAGES_PORT } from "./playwright.config";
import { queryServerDatabase, signInAsNewCook, uniqueUsername } from "./support";

function recipePage(name: string): string {
  const json = `{"@context": "https://schema.org", "@type": ["Recipe"], "name": "${name}",
    "recipeIngredient": ["500 g pork shoulder", "1 tbsp paprika", "2 onions, sliced", "4 burger buns"],
    "RecipeInstructions": [
      {"@type": "HowToSection", "name": "For the pork", "itemListElement": [
        {"@type": "HowToStep", "text": "Rub the pork with paprika."},
        {"@type": "HowToStep", "text": "Roast it slowly	until tender."}]},
      {"@type": "HowToSection", "name": "To serve", "itemListElement": [
        {"@type": "HowToStep", "text": "Pull the pork and fill the buns."},]}
    ],
    "prepTime": "PT15M", "cookTime": "PT4H", "totalTime": "PT0D4H45M", "recipeYield": {"value": 4},}`;
  return `<!doctype html><html><head><script type="application/ld+json">${json}</script></head><body>
    <div class="wprm-recipe-ingredients-container">
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Pork</h4>
        <ul><li>500 g pork shoulder</li><li>1 tbsp paprika</li></ul></div>
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Buns</h4>
        <ul><li>2 onions, sliced</li><li>4 burger buns</li></ul></div>
    </div></body></html>`;
}

let server: Server;
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const name = decodeURIComponent(request.url?.slice(1) ?? "");
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(recipePage(name));
  });
  await new Promise<void>((resolve) => server.listen(RECIPE_PAGES_PORT, "127.0.0.1", resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a cook imports a page with sections and an odd duration, and the recipe shows them", async ({
  page,
}, testInfo) => {
  // sign-up, import and two screens: more than the default on a machine shared by many runs
  test.setTimeout(120_000);
  const username = uniqueUsername(testInfo, "importer");
  await signInAsNewCook(page, username);
  const name = `Pulled Pork ${testInfo.project.name} ${Date.now()}`;

  await page.goto("/import");
  await page.getByLabel("Recipe URL").fill(`http://127.0.0.1:${RECIPE_PAGES_PORT}/${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(page.getByRole("heading", { name: "Imported: 1" })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  const [row] = await queryServerDatabase("SELECT id, prepTime, cookingTime, totalTime FROM Recipe WHERE name = ?", [
    name,
  ]);
  expect(row).toMatchObject({ prepTime: 15, cookingTime: 240, totalTime: 285 });
  await page.goto(`/menu-detail/${row.id}`);

  await expect(page.getByRole("heading", { level: 3, name: "For the pork" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "To serve" })).toBeVisible();
  // ingredient groups head their lines in each grid they have lines in (paprika is a seasoning)
  await expect(page.getByRole("heading", { level: 3, name: "Pork", exact: true })).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 3, name: "Buns", exact: true })).toHaveCount(1);
  // headings are not steps: three steps, numbered on across the sections
  await expect(page.getByRole("checkbox")).toHaveCount(3);
  await expect(page.getByRole("checkbox").nth(2)).toContainText("Step 3");
  await expect(page.getByRole("checkbox").nth(2)).toContainText("Pull the pork and fill the buns.");
  await expect(page.locator(".menu-times")).toContainText("Total time");
  await expect(page.locator(".menu-times")).toContainText("285 min");
});

test("a cook uploads a saved recipe page; a file of another kind is refused with its message", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAsNewCook(page, uniqueUsername(testInfo, "uploader"));
  const name = `Saved Pulled Pork ${testInfo.project.name} ${Date.now()}`;
  await page.goto("/import");

  const file = page.getByLabel("Recipe file");
  await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(
    page.getByText(
      "Choose a recipe file (.json, .html, .md) or another app's export (.zip, .paprikarecipes, .csv, .cook)"
    )
  ).toBeVisible();

  await page
    .getByLabel("Recipe file")
    .setInputFiles({ name: "pulled-pork.html", mimeType: "text/html", buffer: Buffer.from(recipePage(name)) });
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(page.getByRole("heading", { name: "Imported: 1" })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await expect(
    page.getByText(
      "Choose a recipe file (.json, .html, .md) or another app's export (.zip, .paprikarecipes, .csv, .cook)"
    )
  ).toBeHidden();
  const rows = await queryServerDatabase("SELECT id FROM Recipe WHERE name = ?", [name]);
  expect(rows).toHaveLength(1);
});

test("a cook switching apps uploads a Paprika export, then pastes a recipe as text", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsNewCook(page, uniqueUsername(testInfo, "switcher"));
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const paprika = (name: string, ingredients: string) =>
    gzipSync(strToU8(JSON.stringify({ name, ingredients, directions: "Mix.\nBake 20 minutes.", servings: "4" })));
  const archive = zipSync({
    [`Scones.paprikarecipe`]: paprika(`Scones ${stamp}`, "250 g flour\n50 g butter\n150 ml milk"),
    [`Flapjacks.paprikarecipe`]: paprika(`Flapjacks ${stamp}`, "250 g oats\n125 g butter\n100 g golden syrup"),
  });
  await page.goto("/import");
  await page
    .getByLabel("Recipe file")
    .setInputFiles({ name: "My Recipes.paprikarecipes", mimeType: "application/zip", buffer: Buffer.from(archive) });
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(page.getByRole("heading", { name: "Imported: 2" })).toBeVisible();
  await expect(page.getByText(`Scones ${stamp}`)).toBeVisible();
  await expect(page.getByText(`Flapjacks ${stamp}`)).toBeVisible();
  const [scones] = await queryServerDatabase(
    "SELECT (SELECT COUNT(*) FROM RecipeIngredient WHERE recipeId = Recipe.id) AS lines FROM Recipe WHERE name = ?",
    [`Scones ${stamp}`]
  );
  expect(scones).toMatchObject({ lines: 3 });

  const pasted = `Pasted Soup ${stamp}`;
  await page.goto("/import");
  await page
    .getByLabel("Or paste a recipe")
    .fill(`${pasted}\n\n1 onion\n500 ml stock\n\nSimmer the onion in the stock.`);
  await page.getByRole("button", { name: "IMPORT" }).click();
  await expect(page.getByRole("heading", { name: "Imported: 1" })).toBeVisible();
  await expect(page.getByText(pasted)).toBeVisible();
  expect(await queryServerDatabase("SELECT id FROM Recipe WHERE name = ?", [pasted])).toHaveLength(1);
});
