/**
 * Text people write (recipe names, reviews, captions, comments, shopping items) with HTML and script in it is shown
 * as text by the real server, and nothing in it runs. The headers are checked in security-headers.spec.ts.
 */
import { expect, test, type Page } from "@playwright/test";
import { createRecipeThroughApi, hasJavaScript, signUpThroughApi, smallJpeg, uniqueUsername } from "./support";

const MARKUP = {
  recipe: `<img src=x onerror="window.__xss='recipe'">Pie`,
  review: `<script>window.__xss='review'</script>Tasty <b>really</b>`,
  caption: `<svg onload="window.__xss='caption'"></svg>Dinner`,
  comment: `<iframe src="javascript:window.__xss='comment'"></iframe>Yum`,
  shopping: `"><img src=x onerror="window.__xss='shopping'">Milk`,
};

/** The page shows `text` as it was written, and nothing it contains became an element or ran. */
async function expectShownAsText(page: Page, text: string, javaScript: boolean) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.locator("img[src='x'], svg[onload], iframe")).toHaveCount(0);
  await expect(page.locator("script", { hasText: "__xss" })).toHaveCount(0);
  if (javaScript) expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
}

test("names, reviews, captions and comments with HTML and script are shown as text", async ({
  page,
  request,
}, testInfo) => {
  const javaScript = hasJavaScript(testInfo);
  const dialogs: string[] = [];
  const cspViolations: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
  });

  const username = uniqueUsername(testInfo, "xss");
  const userId = await signUpThroughApi(page.request, username);
  const recipeName = `${MARKUP.recipe} ${Date.now() % 100000}`;
  const recipeId = await createRecipeThroughApi(page.request, recipeName);
  const review = await page.request.post(`/api/menu-detail/${recipeId}/reviews`, {
    data: { menu_id: recipeId, rating: 4, comment: MARKUP.review },
  });
  expect(review.status()).toBe(201);
  const post = await page.request.post("/api/community", {
    multipart: { menu_id: String(recipeId), caption: MARKUP.caption, image: await smallJpeg() },
  });
  expect(post.status()).toBe(201);
  const postId = ((await post.json()) as { post: { post_id: number } }).post.post_id;
  const comment = await page.request.post(`/api/community/${postId}/comments`, {
    data: { comment_text: MARKUP.comment },
  });
  expect(comment.status()).toBe(201);

  await page.goto(`/menu-detail/${recipeId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(recipeName);
  await expectShownAsText(page, MARKUP.review, javaScript);
  await page.goto(`/reviews?menu_id=${recipeId}`);
  await expectShownAsText(page, MARKUP.review, javaScript);
  await page.goto(`/community?menu_id=${recipeId}`);
  await expectShownAsText(page, MARKUP.caption, javaScript);
  await expectShownAsText(page, MARKUP.comment, javaScript);

  // Usernames cannot carry markup at all: sign-up (as a guest) and the profile refuse it.
  const markupName = "<b>chef</b>";
  const signup = await request.post("/signup", {
    data: { username: markupName, email: "markup@example.com", password: "Secret123" },
  });
  const profile = await page.request.put(`/api/users/${userId}`, {
    multipart: { username: markupName, email: `${username}@example.com` },
  });
  for (const refused of [signup, profile]) {
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "username" });
  }

  expect(dialogs).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test("a shopping item with HTML in its name is shown as text, and its Got it and Remove forms send the name back as written", async ({
  page,
}, testInfo) => {
  const javaScript = hasJavaScript(testInfo);
  await signUpThroughApi(page.request, uniqueUsername(testInfo, "shop"));
  await page.goto("/shoppinglist");
  await page.getByLabel("Item", { exact: true }).fill(MARKUP.shopping);
  await page.getByRole("button", { name: "Add to list" }).click();
  const list = page.getByRole("list", { name: "Items to buy" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expectShownAsText(page, MARKUP.shopping.slice(2), javaScript);

  // The card's forms carry the name in hidden fields written as markup (IntentForm): each one field, as written.
  const names = page.locator('input[type="hidden"][name="name"]');
  await expect(names).toHaveCount(2);
  for (const value of await names.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
    expect(value).toBe(MARKUP.shopping);
  await list.getByRole("button", { name: /^Got it/ }).click();
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await page.goto("/pantry");
  await expectShownAsText(page, MARKUP.shopping.slice(2), javaScript);
});
