import AxeBuilder from "@axe-core/playwright";
import { createClient } from "@libsql/client";
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { startSmtpServer } from "../support/smtp";
import { E2E_PORT, SMTP_TEST_PORT } from "./playwright.config";

export const hasJavaScript = (testInfo: TestInfo) => testInfo.project.name === "javascript";

/** Until React has hydrated the page, a click is the no-JavaScript one. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("_reactListening")));
}

let sequence = 0;
/** A username no other test (or project) uses. */
export function uniqueUsername(testInfo: TestInfo, prefix: string): string {
  sequence += 1;
  const project = hasJavaScript(testInfo) ? "js" : "nojs";
  return `${prefix}_${project}_${sequence}_${Date.now() % 100000}`.slice(0, 20);
}

export async function signUp(page: Page, username: string, password = "Secret123") {
  await page.goto("/signup");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "SIGN UP" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

export async function logIn(page: Page, username: string, password = "Secret123") {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "LOG IN" }).click();
}

/** Signs up and in through the JSON calls; the cookie stays in `request` (a page's request shares its context). */
export async function signUpThroughApi(
  request: APIRequestContext,
  username: string,
  password = "Secret123"
): Promise<number> {
  expect(
    (await request.post("/signup", { data: { username, email: `${username}@example.com`, password } })).status()
  ).toBe(201);
  const login = await request.post("/login", { data: { username, password } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { user_id: number }).user_id;
}

/**
 * A new cook, signed in and on Home, made through the JSON calls: quicker than the sign-up and login screens, which
 * tests/e2e/auth.spec.ts walks through. The session cookie is the page's (its request shares the browser context).
 */
export async function signInAsNewCook(page: Page, username: string): Promise<number> {
  const id = await signUpThroughApi(page.request, username);
  await page.goto("/home");
  return id;
}

/** A recipe of the given name made through POST /api/menus (needs a signed-in `request`), shared with everyone; its id. */
export async function createRecipeThroughApi(request: APIRequestContext, name: string): Promise<number> {
  const created = await request.post("/api/menus", {
    data: {
      menu_name: name,
      ingredients_quantity: { egg: "2", flour: "100 g" },
      steps: ["Mix.", "Bake."],
      shared: true,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { menu_id: number }).menu_id;
}

/** A small real JPEG as a multipart file field. */
export const smallJpeg = async () => ({
  name: "me.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer(),
});

/**
 * The server's answer to the next POST to `path`. With JavaScript a toggle shows its new state before the
 * server has stored it; going to another address by hand then cancels the post still on its way.
 */
export function postAnswered(page: Page, path: string) {
  return page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes(path));
}

/** Waits for the element's CSS animations to end, so that a click lands where the control stops, not where it slides past. */
export async function animationsEnded(element: Locator) {
  await element.evaluate(async (node) => {
    await Promise.all(node.getAnimations().map((animation) => animation.finished));
  });
}

/** The page does not scroll sideways at the viewport the test set (a 360 px phone, say). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth
  );
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * axe finds nothing on the page, or within `scope`, as the cook sees it: with JavaScript, the page React rendered;
 * without, the server's HTML (which differs: forms that open in place, plain links, no fetchers' states).
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo, scope?: string) {
  // An analysis takes seconds of CPU, more when the other project runs beside it: each one gets its own time.
  testInfo.setTimeout(testInfo.timeout + 20_000);
  const { violations } = hasJavaScript(testInfo)
    ? await analyze(page, scope)
    : await analyzeWithoutJavaScript(page, scope);
  expect(
    violations.map(
      (violation) => `${page.url()} ${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`
    )
  ).toEqual([]);
}

const analyze = (page: Page, scope?: string) => {
  const axe = new AxeBuilder({ page });
  return (scope ? axe.include(scope) : axe).analyze();
};

/**
 * axe is a script, and a page without JavaScript runs none (its timers never fire): the page's DOM as it stands is
 * opened, without its scripts, in a page that may run them, at the same address and size, with the same styles.
 */
async function analyzeWithoutJavaScript(page: Page, scope?: string) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const address = page.url();
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    serviceWorkers: "block",
  });
  try {
    const copy = await context.newPage();
    await copy.route(
      (url) => url.href === address,
      (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html })
    );
    await copy.goto(address);
    return await analyze(copy, scope);
  } finally {
    await context.close();
  }
}

/** Runs SQL on the server's database (the e2e config gives each port its own file): for what no screen or call sets up. */
export async function queryServerDatabase(sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: `file:tests/.tmp/e2e-${E2E_PORT}.db` });
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

/**
 * The real SMTP server the app mails (SMTP_HOST/SMTP_PORT in playwright.config.ts), listening while the tests of
 * the describe block it is called in run; what it has received.
 */
export function smtpServerWhileTheseRun() {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  test.beforeAll(async () => {
    smtp = await startSmtpServer(SMTP_TEST_PORT);
  });
  test.afterAll(async () => {
    await smtp.close();
  });
  return () => smtp;
}
