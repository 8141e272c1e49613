/**
 * "Download my data" on Account: a plain link, so the browser downloads the zip with and without JavaScript; the
 * zip holds the cook's own recipe as schema.org JSON-LD, the household's lists as CSV and the personal JSON files.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { EXPORT_DATA_FILES } from "../support/data-export";
import { createRecipeThroughApi, signInAsNewCook, uniqueUsername } from "./support";

test("the Account button downloads a zip of the cook's data", async ({ page }, testInfo) => {
  const username = uniqueUsername(testInfo, "export");
  await signInAsNewCook(page, username);
  const recipeName = `Export pancakes ${username}`;
  await createRecipeThroughApi(page.request, recipeName);
  await page.goto("/account");

  const link = page.getByRole("link", { name: "Download my data" });
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^recipe-helper-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(files).sort()).toEqual([`Recipes/${recipeName}/recipe.json`, ...EXPORT_DATA_FILES].sort());
  const recipe = JSON.parse(new TextDecoder().decode(files[`Recipes/${recipeName}/recipe.json`]));
  expect(recipe).toMatchObject({ "@type": "Recipe", name: recipeName });
  expect(recipe.recipeInstructions).toEqual([
    { "@type": "HowToStep", text: "Mix." },
    { "@type": "HowToStep", text: "Bake." },
  ]);
  // the page stays where it was: a download is no navigation
  await expect(page).toHaveURL(/\/account$/);
});

test("a guest following the download address is sent to sign in", async ({ page }) => {
  await page.goto("/api/export");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});
