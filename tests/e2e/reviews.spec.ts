import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  signInAsNewCook,
  signUpThroughApi,
  uniqueUsername,
} from "./support";

/** dd/mm/yyyy of today in UTC, as review dates show. */
function today(): string {
  const now = new Date();
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(now.getUTCDate())}/${two(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`;
}

/** A recipe nobody has reviewed yet, found through the spec's GET call. */
async function unreviewedRecipe(request: APIRequestContext): Promise<{ id: number; name: string }> {
  for (let id = 1; id <= 60; id += 1) {
    const response = await request.get(`/api/menu-detail/${id}/reviews`);
    if (response.status() !== 200 || (await response.json()).review_lenght !== 0) continue;
    const menu = await (await request.get(`/menus/${id}`)).json();
    return { id, name: menu.menu_name };
  }
  throw new Error("No recipe without reviews among the first 60");
}

/** Another cook who reviews the recipe through the JSON calls (signup, login, POST review). */
async function reviewAsAnotherCook(request: APIRequestContext, recipeId: number, rating: number, comment: string) {
  const username = `other_${Date.now() % 1_000_000}`;
  const user_id = await signUpThroughApi(request, username);
  const posted = await request.post(`/api/menu-detail/${recipeId}/reviews`, {
    data: { user_id, menu_id: recipeId, rating, comment },
  });
  expect(posted.status()).toBe(201);
  return username;
}

const reviewsBlock = (page: Page) => page.getByRole("region", { name: "Reviews" });

async function fillReview(page: Page, stars: number, comment: string) {
  await page.locator("label", { hasText: stars === 1 ? "1 star" : `${stars} stars` }).click();
  await page.getByLabel("Your comment").fill(comment);
  await page.getByRole("button", { name: "Submit review" }).click();
}

test("a cook reviews a recipe, sees the summary change, updates after confirming and deletes it", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "critic");
  await signInAsNewCook(page, username);

  const recipe = await unreviewedRecipe(page.request);
  await page.goto(`/menu-detail/${recipe.id}`);
  const block = reviewsBlock(page);
  await expect(block.getByText("Be the first to leave a review!")).toBeVisible();
  await expect(block.getByText("0 reviews")).toBeVisible();

  // Another cook's five-star review arrives.
  const other = await playwright.request.newContext({ baseURL });
  const otherName = await reviewAsAnotherCook(other, recipe.id, 5, "Perfect weeknight dinner");
  await other.dispose();
  await page.reload();
  await expect(block.getByRole("heading", { name: otherName })).toBeVisible();
  await expect(block.getByRole("img", { name: "Average rating 5 out of 5 stars" })).toBeVisible();

  // An empty form gets the spec's messages (without JavaScript on /reviews, where the form comes back).
  await block.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Please give a star rating.")).toBeVisible();
  await expect(page.getByText("Please comment.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "1 star" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Your comment")).toHaveAttribute("aria-invalid", "true");
  if (javascript) {
    await page.locator("label", { hasText: "4 stars" }).click();
    await expect(page.getByText("Please give a star rating.")).toBeHidden();
    await page.getByLabel("Your comment").fill("L");
    await expect(page.getByText("Please comment.")).toBeHidden();
  } else {
    await expect(page).toHaveURL(new RegExp(`/reviews\\?menu_id=${recipe.id}$`));
  }

  // With JavaScript the page is never reloaded: a marker set on the window survives.
  if (javascript) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await fillReview(page, 4, "Lovely <b>soup</b>, add more garlic");
  await expect(page.getByText("Review added successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipe.id}(#reviews)?$`));
  await expect(block.getByText("2 reviews")).toBeVisible();
  await expect(block.getByText("4.5", { exact: true })).toBeVisible();
  await expect(block.getByRole("img", { name: "Average rating 5 out of 5 stars" })).toBeVisible();
  await expect(block.getByRole("listitem").filter({ hasText: "4 stars:" })).toContainText("1 (50%)");
  // The latest review is the cook's own, its HTML shown as text.
  await expect(block.getByRole("heading", { name: username })).toBeVisible();
  await expect(block.locator(".latest-review").getByText("Lovely <b>soup</b>, add more garlic")).toBeVisible();
  await expect(block.getByText(today())).toBeVisible();
  // The form now holds the review as stored, to update it from there (issue 31: it was emptied, with no stars).
  await expect(page.getByRole("heading", { name: "Update your review" })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue("Lovely <b>soup</b>, add more garlic");
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);

  // A second review replaces the first, after confirming.
  if (javascript) {
    await fillReview(page, 2, "Too salty the second time");
    const dialog = page.getByRole("dialog", { name: "Update your review?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(block.locator(".latest-review").getByText("Lovely <b>soup</b>, add more garlic")).toBeVisible();
    await page.getByRole("button", { name: "Submit review" }).click();
    await dialog.getByRole("button", { name: "Update review" }).click();
  } else {
    await fillReview(page, 2, "Too salty the second time");
    await expect(page.getByRole("heading", { name: "Update your review?" })).toBeVisible();
    await page.getByRole("button", { name: "Update review" }).click();
  }
  await expect(page.getByText("Review updated successfully")).toBeVisible();
  if (javascript) expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(block.locator(".latest-review").getByText("Too salty the second time")).toBeVisible();
  await expect(block.getByText("2 reviews")).toBeVisible();
  await expect(block.getByText("3.5", { exact: true })).toBeVisible();
  await expect(block.getByRole("img", { name: "Average rating 4 out of 5 stars" })).toBeVisible();
  await expect(block.getByRole("listitem").filter({ hasText: "2 stars:" })).toContainText("1 (50%)");
  await expect(block.getByRole("listitem").filter({ hasText: "4 stars:" })).toContainText("0 (0%)");
  await expect(page.getByLabel("Your comment")).toHaveValue("Too salty the second time");
  await expect(page.getByRole("radio", { name: "2 stars" })).toBeChecked();

  // All reviews, newest first; only the cook's own can be deleted.
  await block.getByRole("link", { name: "See All Reviews" }).click();
  await expect(page).toHaveURL(new RegExp(`/reviews\\?menu_id=${recipe.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(recipe.name);
  const cards = page.getByRole("list", { name: `All reviews of ${recipe.name}` }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(username);
  await expect(cards.nth(0).getByRole("img", { name: "Rated 2 out of 5 stars" })).toBeVisible();
  await expect(cards.nth(1)).toContainText(otherName);
  await expect(page.getByRole("link", { name: "Delete my review" })).toHaveCount(1);
  await expect(cards.nth(1).getByRole("link")).toHaveCount(0);

  await cards.nth(0).getByRole("link", { name: "Delete my review" }).click();
  await page
    .getByRole("dialog", { name: "Delete your review?" })
    .getByRole("button", { name: "Delete review" })
    .click();
  await expect(page.getByText("Review deleted successfully")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.nth(0)).toContainText(otherName);

  await page.getByRole("link", { name: `Back to ${recipe.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipe.id}$`));
  await expect(block.getByText("1 review", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
});

test("the reviews screens fit a 360 px phone and pass an accessibility check", async ({ page }, testInfo) => {
  const username = uniqueUsername(testInfo, "narrow");
  await signInAsNewCook(page, username);
  await page.setViewportSize({ width: 360, height: 740 });
  const recipe = await unreviewedRecipe(page.request);
  for (const [path, scope] of [
    [`/menu-detail/${recipe.id}`, "#reviews"],
    [`/reviews?menu_id=${recipe.id}`, "main"],
  ]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo, scope);
  }
  await page.goto(`/menu-detail/${recipe.id}`);
  const box = await page.locator("label", { hasText: "3 stars" }).boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
});
