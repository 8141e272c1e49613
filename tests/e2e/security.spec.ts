/**
 * Security as the real server (npm start, with its HTTP bootstrap) shows it: the headers on pages, JSON calls,
 * uploads, redirects and static files; no script runs on a page without the response's nonce; and text people
 * write (recipe names, reviews, captions, comments) with HTML and script in it is shown as text.
 */
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import sharp from "sharp";
import { hasJavaScript, uniqueUsername } from "./support";

const photo = async () => ({
  name: "me.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a7" } }).jpeg().toBuffer(),
});

/** Signs up and in through the JSON calls; the cookie stays in `request` (a page's request shares its context). */
async function signedIn(request: APIRequestContext, username: string): Promise<number> {
  expect((await request.post("/signup", { data: { username, email: `${username}@example.com`, password: "Secret123" } })).status()).toBe(201);
  const login = await request.post("/login", { data: { username, password: "Secret123" } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { user_id: number }).user_id;
}

async function newRecipe(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post("/api/menus", {
    data: { menu_name: name, ingredients_quantity: { egg: "2", flour: "100 g" }, steps: ["Mix.", "Bake."], cuisines: [], mealOccasions: [] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { menu_id: number }).menu_id;
}

function expectBaselineHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

test.describe("headers", () => {
  // The same server answers both projects; headers are checked once, in the JavaScript one.
  test.beforeEach(({}, testInfo) => test.skip(!hasJavaScript(testInfo), "headers do not depend on the browser"));

  test("pages: a nonce CSP without 'unsafe-inline' scripts, every inline script carrying the nonce, no inline handlers", async ({ request }, testInfo) => {
    const userId = await signedIn(request, uniqueUsername(testInfo, "hdr"));
    const recipeId = await newRecipe(request, `Header Test Pie ${Date.now()}`);
    const pages = ["/", "/home", "/search", "/login?redirectTo=/home", "/account", "/setting", "/community", `/menu-detail/${recipeId}`, `/reviews?menu_id=${recipeId}`];
    for (const path of pages) {
      const response = await request.get(path, { maxRedirects: 0 });
      expectBaselineHeaders(response, path);
      if (response.status() !== 200) continue;
      const csp = response.headers()["content-security-policy"];
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${path}: ${csp}`).toBeTruthy();
      expect(/script-src[^;]*'unsafe-inline'/.test(csp), path).toBe(false);
      expect(csp).toContain("object-src 'none'");
      // Going back to a screen asks the server again instead of showing an old copy of the user's data.
      expect(response.headers()["cache-control"], path).toBe("private, no-cache");
      const html = await response.text();
      for (const [, attributes] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)) expect(attributes, path).toContain(`nonce="${nonce}"`);
      expect(html.match(/<[^>]+\son[a-z]+\s*=/gi) ?? [], `${path} has inline event handlers`).toEqual([]);
      expect(html.match(/(?:href|src|action)\s*=\s*"\s*javascript:/gi) ?? [], `${path} has javascript: URLs`).toEqual([]);
    }
    expect(userId).toBeGreaterThan(0);
  });

  test("JSON calls, redirects, uploads and static files carry nosniff, no framing and a CSP that loads nothing", async ({ request }, testInfo) => {
    const guest = await request.get("/account", { maxRedirects: 0 });
    expect(guest.status()).toBe(302);
    expectBaselineHeaders(guest, "redirect");

    // A page's path answering a JSON call (as a guest: signed-in users are sent on from /login).
    const wrongLogin = await request.post("/login", { data: { username: "nobody_here", password: "Wrong1234" } });
    const userId = await signedIn(request, uniqueUsername(testInfo, "hdr"));
    const json = [
      wrongLogin,
      await request.get("/api/random-menu"),
      await request.get("/api/ingredient-suggestions?q=tom"),
      await request.get(`/api/users/${userId}`),
      await request.get(`/api/users/${userId + 100000}`),
    ];
    for (const response of json) {
      expect(response.headers()["content-type"]).toContain("application/json");
      expectBaselineHeaders(response, `${response.url()} ${response.status()}`);
      expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    }

    const username = uniqueUsername(testInfo, "pic");
    const updated = await request.put(`/api/users/${userId}`, { multipart: { username, email: `${username}@example.com`, avatar: await photo() } });
    expect(updated.status()).toBe(200);
    const avatar = await request.get(((await updated.json()) as { avatar_url: string }).avatar_url);
    expect(avatar.headers()["content-type"]).toBe("image/webp");
    expectBaselineHeaders(avatar, "uploaded picture");
    expect(avatar.headers()["content-security-policy"]).toContain("sandbox");

    const page = await (await request.get("/login")).text();
    const script = /<(?:script|link)[^>]+(?:src|href)="(\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.headers()["content-type"]).toContain("javascript");
    expectBaselineHeaders(asset, script!);
  });
});

const MARKUP = {
  recipe: `<img src=x onerror="window.__xss='recipe'">Pie`,
  review: `<script>window.__xss='review'</script>Tasty <b>really</b>`,
  caption: `<svg onload="window.__xss='caption'"></svg>Dinner`,
  comment: `<iframe src="javascript:window.__xss='comment'"></iframe>Yum`,
};

/** The page shows `text` as it was written, and nothing it contains became an element or ran. */
async function expectShownAsText(page: Page, text: string, javaScript: boolean) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.locator("img[src='x'], svg[onload], iframe")).toHaveCount(0);
  await expect(page.locator("script", { hasText: "__xss" })).toHaveCount(0);
  if (javaScript) expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
}

test("names, reviews, captions and comments with HTML and script are shown as text", async ({ page, request }, testInfo) => {
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
  const userId = await signedIn(page.request, username);
  const recipeName = `${MARKUP.recipe} ${Date.now() % 100000}`;
  const recipeId = await newRecipe(page.request, recipeName);
  const review = await page.request.post(`/api/menu-detail/${recipeId}/reviews`, { data: { menu_id: recipeId, rating: 4, comment: MARKUP.review } });
  expect(review.status()).toBe(201);
  const post = await page.request.post("/api/community", { multipart: { menu_id: String(recipeId), caption: MARKUP.caption, image: await photo() } });
  expect(post.status()).toBe(201);
  const postId = ((await post.json()) as { post: { post_id: number } }).post.post_id;
  const comment = await page.request.post(`/api/community/${postId}/comments`, { data: { comment_text: MARKUP.comment } });
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
  const signup = await request.post("/signup", { data: { username: markupName, email: "markup@example.com", password: "Secret123" } });
  const profile = await page.request.put(`/api/users/${userId}`, { multipart: { username: markupName, email: `${username}@example.com` } });
  for (const refused of [signup, profile]) {
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "username" });
  }

  expect(dialogs).toEqual([]);
  expect(cspViolations).toEqual([]);
});
