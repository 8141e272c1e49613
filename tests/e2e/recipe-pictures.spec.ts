/**
 * A recipe is shown with the most-liked photo cooks shared of it, credited to the cook, wherever it appears
 * (recipe screen, Liked Meals, History, suggestions); before anyone shares one, with its generated illustration.
 */
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { hasJavaScript, postAnswered, signUpThroughApi, uniqueUsername } from "./support";

const photo = async (colour: string) => ({
  name: "dish.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

/** `count` new cooks, each liking the post. */
async function likedByOthers(browser: Browser, testInfo: TestInfo, postId: number, count: number) {
  for (let index = 0; index < count; index++) {
    const context = await browser.newContext();
    const id = await signUpThroughApi(context.request, uniqueUsername(testInfo, "fan"));
    expect((await context.request.post(`/api/community/${postId}/like`, { data: { user_id: id } })).status()).toBe(200);
    await context.close();
  }
}

async function share(page: Page, recipeId: number, colour: string): Promise<number> {
  const posted = await page.request.post("/api/community", {
    multipart: { image: await photo(colour), menu_id: String(recipeId), caption: "Made it" },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { post: { post_id: number } }).post.post_id;
}

test("a shared photo becomes the recipe's picture everywhere, the most-liked one first", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const javascript = hasJavaScript(testInfo);
  const cook = uniqueUsername(testInfo, "pictured");
  const cookId = await signUpThroughApi(page.request, cook);
  const name = `Kohlrabi celeriac bake ${cook}`;
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: name,
      ingredients_quantity: { kohlrabi: "300 g", celeriac: "300 g" },
      steps: ["Bake."],
      shared: true,
    },
  });
  expect(created.status()).toBe(201);
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  const picture = page.getByRole("main").locator("img.menu-detail-image");

  await page.goto(`/menu-detail/${recipeId}`);
  await expect(picture).toHaveAttribute("src", `/recipe-images/${recipeId}.svg`);

  const own = await share(page, recipeId, "#c2410c");
  await page.goto(`/menu-detail/${recipeId}`);
  await expect(picture).toHaveAttribute("src", /^\/uploads\/dishes\//);
  await expect(picture).toHaveAttribute("srcset", /320w/);
  await expect(page.getByText(`Photo by ${cook}`)).toBeVisible();
  // everywhere else (the lists, other cooks) once 3 other cooks like it (decision 101)
  await likedByOthers(browser, testInfo, own, 3);

  // Liked Meals and History show it too.
  const stored = postAnswered(page, `/menu-detail/${recipeId}`);
  await page.getByRole("button", { name: "Favourite" }).click();
  await expect(page.getByRole("button", { name: "Favourite" })).toHaveAttribute("aria-pressed", "true");
  await stored;
  for (const path of ["/favorites", "/history"]) {
    await page.goto(path);
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/dishes\//);
    await expect(card).toContainText(`Photo by ${cook}`);
  }

  // Suggestions for a cook with its ingredients.
  for (const ingredient of ["kohlrabi", "celeriac"]) {
    await page.goto(`/search?${new URLSearchParams({ q: ingredient })}`);
    await page.getByRole("button", { name: `Add ${ingredient}`, exact: true }).click();
    await expect(page.getByText("Ingredient added.")).toBeVisible();
  }
  await page.goto("/menu-suggestion");
  const suggestion = page
    .getByRole("list", { name: "Suggested recipes" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(suggestion.locator("img")).toHaveAttribute("src", /^\/uploads\/dishes\//);
  await expect(suggestion).toContainText(`Photo by ${cook}`);

  // Another cook's photo, liked, takes its place.
  const other = await browser.newPage({ javaScriptEnabled: javascript });
  const otherCook = uniqueUsername(testInfo, "liked");
  await signUpThroughApi(other.request, otherCook);
  const likedPost = await share(other, recipeId, "#15803d");
  expect((await page.request.post(`/api/community/${likedPost}/like`, { data: { user_id: cookId } })).status()).toBe(
    200
  );
  await likedByOthers(browser, testInfo, likedPost, 3);
  // a cook who shared neither sees the one more cooks like
  const viewer = await browser.newPage({ javaScriptEnabled: javascript });
  await signUpThroughApi(viewer.request, uniqueUsername(testInfo, "viewer"));
  await viewer.goto(`/menu-detail/${recipeId}`);
  await expect(viewer.getByText(`Photo by ${otherCook}`)).toBeVisible();
  await viewer.close();
  await other.close();
});

test("the recipe's cook chooses which shared photo shows it; another cook cannot", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const javascript = hasJavaScript(testInfo);
  const cook = uniqueUsername(testInfo, "chooser");
  await signUpThroughApi(page.request, cook);
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Chard gratin ${cook}`,
      ingredients_quantity: { chard: "300 g" },
      steps: ["Bake."],
      shared: true,
    },
  });
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  const other = await browser.newPage({ javaScriptEnabled: javascript });
  const otherCook = uniqueUsername(testInfo, "sharer");
  const otherId = await signUpThroughApi(other.request, otherCook);
  const liked = await share(other, recipeId, "#15803d");
  expect((await other.request.post(`/api/community/${liked}/like`, { data: { user_id: otherId } })).status()).toBe(200);
  await share(page, recipeId, "#c2410c");

  await likedByOthers(browser, testInfo, liked, 3);
  await page.goto(`/menu-detail/${recipeId}`);
  const figure = page.getByRole("main").locator("figure");
  // before choosing, the cook sees their own photo on their own view
  await expect(figure).toContainText(`Photo by ${cook}`);
  await page.getByText("Choose the photo for your recipe").click();
  await page.getByRole("radio", { name: `Shared by ${cook} · 0 likes` }).check();
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByText("Your recipe is now shown with the photo you chose.")).toBeVisible();
  await expect(figure).toContainText(`Photo by ${cook}`);

  // The other cook sees the chosen photo, is not offered the choice, and a posted choice is refused.
  await other.goto(`/menu-detail/${recipeId}`);
  await expect(other.getByRole("main").locator("figure")).toContainText(`Photo by ${cook}`);
  await expect(other.getByText("Choose the photo for your recipe")).toHaveCount(0);
  const refused = await other.request.post(`/menu-detail/${recipeId}`, {
    form: { intent: "choose-photo", post: String(liked) },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(await refused.text()).toContain("Only the cook who added this recipe can choose its photo.");
  await other.goto(`/menu-detail/${recipeId}`);
  await expect(other.getByRole("main").locator("figure")).toContainText(`Photo by ${cook}`);
  await other.close();
});
