/**
 * The headers the real server (npm start, with its HTTP bootstrap) sends on pages, JSON calls, uploads, redirects
 * and static files. They do not depend on the browser, so this file runs in the JavaScript project only.
 */
import { expect, test, type APIResponse } from "@playwright/test";
import { createRecipeThroughApi, signUpThroughApi, smallJpeg, uniqueUsername } from "./support";

function expectBaselineHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

test.describe("headers", () => {
  test("pages: a nonce CSP without 'unsafe-inline' scripts, every inline script carrying the nonce, no inline handlers", async ({
    request,
  }, testInfo) => {
    const userId = await signUpThroughApi(request, uniqueUsername(testInfo, "hdr"));
    const recipeId = await createRecipeThroughApi(request, `Header Test Pie ${Date.now()}`);
    const pages = [
      "/",
      "/home",
      "/search",
      "/login?redirectTo=/home",
      "/account",
      "/setting",
      "/community",
      `/menu-detail/${recipeId}`,
      `/reviews?menu_id=${recipeId}`,
    ];
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
      for (const [, attributes] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g))
        expect(attributes, path).toContain(`nonce="${nonce}"`);
      expect(html.match(/<[^>]+\son[a-z]+\s*=/gi) ?? [], `${path} has inline event handlers`).toEqual([]);
      expect(html.match(/(?:href|src|action)\s*=\s*"\s*javascript:/gi) ?? [], `${path} has javascript: URLs`).toEqual(
        []
      );
    }
    expect(userId).toBeGreaterThan(0);
  });

  test("JSON calls, redirects, uploads and static files carry nosniff, no framing and a CSP that loads nothing", async ({
    request,
  }, testInfo) => {
    const guest = await request.get("/account", { maxRedirects: 0 });
    expect(guest.status()).toBe(302);
    expectBaselineHeaders(guest, "redirect");

    // A page's path answering a JSON call (as a guest: signed-in users are sent on from /login).
    const wrongLogin = await request.post("/login", { data: { username: "nobody_here", password: "Wrong1234" } });
    const userId = await signUpThroughApi(request, uniqueUsername(testInfo, "hdr"));
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
    const updated = await request.put(`/api/users/${userId}`, {
      multipart: { username, email: `${username}@example.com`, avatar: await smallJpeg() },
    });
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

    // the service worker runs under its own script's CSP: it may fetch the app's pages, and load nothing else
    const worker = await request.get("/sw.js");
    expect(worker.headers()["content-type"]).toContain("javascript");
    expectBaselineHeaders(worker, "/sw.js");
    expect(worker.headers()["content-security-policy"]).toBe(
      "default-src 'none'; connect-src 'self'; frame-ancestors 'none'"
    );
  });
});
