import { expect, type Page, type TestInfo } from "@playwright/test";

export const hasJavaScript = (testInfo: TestInfo) => testInfo.project.name === "javascript";

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
