import { expect, test, type Page } from "@playwright/test";
import { resetLinkIn, startSmtpServer } from "../support/smtp";
import { SMTP_TEST_PORT } from "./playwright.config";
import { hasJavaScript, logIn, signUp, uniqueUsername } from "./support";

const RESET_REQUESTED = "If an account exists with this email, you will receive a password reset link.";

// The app under test sends its mail to this real SMTP server (see SMTP_HOST/SMTP_PORT in playwright.config.ts).
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_TEST_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

async function askForLink(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "SEND RESET LINK" }).click();
  await expect(page.getByText(RESET_REQUESTED)).toBeVisible();
}

test("a reset link arrives by email, sets a new password once, and that password logs in", async ({
  page,
}, testInfo) => {
  const username = uniqueUsername(testInfo, "reset");
  const email = `${username}@example.com`;
  await signUp(page, username);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const send = page.getByRole("button", { name: "SEND RESET LINK" });
  if (hasJavaScript(testInfo)) {
    await expect(send).toBeDisabled();
    await page.getByLabel("Email").fill("not-an-email");
    await expect(send).toBeDisabled();
  }
  await askForLink(page, email);

  // the sign-up's verification mail went to the same address first
  const resetMail = () => smtp.received.find((mail) => mail.to.includes(email) && !/^Subject: Verify/m.test(mail.raw));
  await expect.poll(() => resetMail() !== undefined, { timeout: 15_000 }).toBe(true);
  const link = resetLinkIn(resetMail()!.raw);
  expect(link.startsWith(`${new URL(page.url()).origin}/reset-password/`)).toBe(true);

  await page.goto(link);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("BrandNew42");
  await page.getByLabel("Confirm password", { exact: true }).fill("BrandNew43");
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("BrandNew42");
  await page.getByLabel("Confirm password", { exact: true }).fill("BrandNew42");
  await page.getByRole("button", { name: "RESET PASSWORD" }).click();
  // With JavaScript the message shows here for 2 s; without, it arrives on /login as a flash.
  await expect(page.getByText("Your password has been reset successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await logIn(page, username, "Secret123");
  await expect(page.getByText("Invalid username or password")).toBeVisible();
  await logIn(page, username, "BrandNew42");
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(link);
  await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});

test("an unknown email gets the same answer and no mail; Try Different Email goes back to the form", async ({
  page,
}, testInfo) => {
  const email = `${uniqueUsername(testInfo, "ghost")}@example.com`;
  await page.goto("/reset-password");
  await askForLink(page, email);
  await page.getByRole(hasJavaScript(testInfo) ? "button" : "link", { name: "Try Different Email" }).click();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(page.getByText(RESET_REQUESTED)).toHaveCount(0);
  // Mails to real accounts arrive within a second here; give a wrong one the same time to show up.
  await page.waitForTimeout(1500);
  expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
});

test("a made-up link shows the invalid-link view with its links", async ({ page }) => {
  await page.goto("/reset-password/not-a-real-token");
  await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();
  await page.getByRole("link", { name: "Back to login" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
