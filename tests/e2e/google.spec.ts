/**
 * Google sign-in through the button on /login, against an OpenID provider on loopback standing in for Google
 * (the server's GOOGLE_* settings point at it: playwright.config.ts). The flow is plain form posts and
 * redirects, so it runs the same with and without JavaScript.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { startSmtpServer, verificationLinkIn } from "../support/smtp";
import { GOOGLE_MOCK_ISSUER, GOOGLE_MOCK_PORT, SMTP_TEST_PORT } from "./playwright.config";
import { hasJavaScript, logIn, signUp, uniqueUsername } from "./support";

const provider = new OAuth2Server();
/** The Google account the provider signs in next. */
let account: Record<string, unknown> = {};

/**
 * One signing key for the whole run: each project (and a worker restarted after a failure) starts its own
 * provider, while the app server keeps the keys it fetched and refetches them at most every 30 s.
 */
const KEY_FILE = `tests/.tmp/google-mock-key-${GOOGLE_MOCK_PORT}.json`;

test.beforeAll(async () => {
  if (existsSync(KEY_FILE)) await provider.issuer.keys.add(JSON.parse(readFileSync(KEY_FILE, "utf8")));
  else writeFileSync(KEY_FILE, JSON.stringify(await provider.issuer.keys.generate("RS256")));
  provider.issuer.url = GOOGLE_MOCK_ISSUER;
  await provider.start(GOOGLE_MOCK_PORT, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, account));
});

test.afterAll(() => provider.stop());

// The app mails verification links to this real SMTP server (SMTP_HOST/SMTP_PORT in playwright.config.ts).
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_TEST_PORT);
});
test.afterAll(() => smtp.close());

async function signInWithGoogle(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
}

test("a new Google user gets an account and lands on Home; next time they are signed in", async ({
  page,
  context,
}, testInfo) => {
  const id = uniqueUsername(testInfo, "g");
  account = { sub: `sub-${id}`, email: `${id}@gmail.example`, email_verified: true, name: `Chef ${id}` };
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Account created successfully")).toBeVisible();
  const greeting = page.getByRole("heading", { name: /^Hello,/ });
  await expect(greeting).toHaveText(`Hello, CHEF_${id.toUpperCase()}`.slice(0, "Hello, ".length + 20));

  await context.clearCookies();
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Login successfully")).toBeVisible();
  await expect(greeting).toHaveText(`Hello, CHEF_${id.toUpperCase()}`.slice(0, "Hello, ".length + 20));
});

test("Google sign-in does not take over an account whose email nobody verified", async ({
  page,
  context,
}, testInfo) => {
  // Someone signs up first with the victim's address and a password of their own.
  const username = uniqueUsername(testInfo, "hijack");
  await signUp(page, username);
  await context.clearCookies();
  account = { sub: `sub-${username}`, email: `${username}@example.com`, email_verified: true, name: "The Victim" };
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText(/its email address is not verified\. Log in with its password and verify the address/)
  ).toBeVisible();
  // nobody is signed in: a signed-in screen sends the browser to log in
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
});

test("an account whose email was verified through the mailed link is linked, not duplicated", async ({
  page,
  context,
}, testInfo) => {
  const username = uniqueUsername(testInfo, "link");
  const email = `${username}@example.com`;
  await signUp(page, username);
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email)), { timeout: 15_000 }).toBe(true);
  const link = verificationLinkIn(smtp.received.find((mail) => mail.to.includes(email))!.raw);
  await logIn(page, username, "Secret123");
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/account");
  await expect(page.getByText("Email not verified.", { exact: false })).toBeVisible();
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await expect(page.getByText("Email verified", { exact: true })).toBeVisible();

  await context.clearCookies();
  account = { sub: `sub-${username}`, email, email_verified: true, name: "Someone Else" };
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("Login successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Hello,/ })).toHaveText(`Hello, ${username.toUpperCase()}`);
});

test("a failure at the provider brings the user back to /login with the message", async ({ page }, testInfo) => {
  account = { sub: `sub-fail-${uniqueUsername(testInfo, "f")}`, email: "fail@gmail.example", email_verified: true };
  provider.service.once("beforeResponse", (response) => {
    response.statusCode = 400;
    response.body = { error: "invalid_grant" };
  });
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Google sign-in failed. Please try again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  if (hasJavaScript(testInfo)) await expect(page.getByLabel("Username")).toBeEditable();
});
