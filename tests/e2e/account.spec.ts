import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { cameraJpeg } from "../support/images";
import { E2E_UPLOADS_DIR } from "./playwright.config";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  logIn,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

/** The value shown next to a label in Account's profile list. */
const detail = (page: Page, term: string) =>
  page
    .locator(".profile-list div")
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator("dd");

test("a guest is sent to /login from Account and Setting", async ({ page }) => {
  for (const path of ["/account", "/setting"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
});

test("the profile is edited with a picture and shown on Account", async ({ page, browser }, testInfo) => {
  const username = uniqueUsername(testInfo, "prof");
  await signInAsNewCook(page, username);
  await page.goto("/account");
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  await expect(detail(page, "Email")).toHaveText(`${username}@example.com`);
  await expect(detail(page, "Phone")).toHaveText("Not set");
  await expect(detail(page, "Meals completed")).toHaveText("0");
  await expect(page.getByRole("img", { name: `Profile picture of ${username}` }).locator("img")).toHaveAttribute(
    "src",
    "/images/default-avatar.svg"
  );

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByLabel("Phone number").fill("0612345678");
  await page.getByLabel("Birth date").fill("1990-05-17");
  await page.getByLabel("Country").selectOption("Netherlands");
  await page.getByLabel("Allergies (comma separated)").fill(" Peanuts, ,SHELLFISH ");
  await page.getByLabel("Profile picture", { exact: true }).setInputFiles({
    name: "holiday.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(await cameraJpeg(640, 480)),
  });
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "SAVE CHANGES" }).click();
  await expect(page.getByText("User info updated successfully")).toBeVisible();
  await expect(page.getByLabel("Allergies (comma separated)")).toHaveValue("peanuts, shellfish");
  await expect(page.getByLabel("Profile picture", { exact: true })).toHaveValue("");

  await page.getByRole("link", { name: "Back to Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(detail(page, "Phone")).toHaveText("0612345678");
  await expect(detail(page, "Birth date")).toHaveText("17/05/1990");
  await expect(detail(page, "Country")).toHaveText("Netherlands");
  const avatar = page.getByRole("img", { name: `Profile picture of ${username}` }).locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/[0-9a-f]{32}\.webp\?t=\d+$/);
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  const src = (await avatar.getAttribute("src"))!;
  const picture = await page.request.get(src);
  expect(picture.headers()["content-type"]).toBe("image/webp");
  expect(picture.headers()["x-content-type-options"]).toBe("nosniff");

  // A picture that cannot load leaves the default one: swapped in with JavaScript, showing through without.
  rmSync(path.join(E2E_UPLOADS_DIR, new URL(src, page.url()).pathname.replace(/^\/uploads\//, "")));
  // A new browser context, so the picture is not served from the cache.
  const fresh = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    javaScriptEnabled: hasJavaScript(testInfo),
    storageState: await page.context().storageState(),
  });
  const again = await fresh.newPage();
  await again.goto("/account");
  const frame = again.getByRole("img", { name: `Profile picture of ${username}` });
  if (hasJavaScript(testInfo)) {
    await expect(frame.locator("img")).toHaveAttribute("src", "/images/default-avatar.svg");
    await expect
      .poll(() => frame.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  } else {
    await expect(frame.locator("img")).toHaveAttribute("src", src);
    await expect.poll(() => frame.locator("img").evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    expect(await frame.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(0);
    expect(await frame.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
      "/images/default-avatar.svg"
    );
  }
  await fresh.close();
});

test("bad input is refused with messages and changes nothing", async ({ page }, testInfo) => {
  const username = uniqueUsername(testInfo, "bad");
  await signInAsNewCook(page, username);
  await page.goto("/setting");
  await page.getByLabel("Phone number").fill("06-1234");
  await page.getByRole("button", { name: "SAVE CHANGES" }).click();
  await expect(page.getByText("Phone number can only contain digits")).toBeVisible();

  await page.getByLabel("Phone number").fill("0612345678");
  await page.getByLabel("Profile picture", { exact: true }).setInputFiles({
    name: "cat.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("button", { name: "SAVE CHANGES" }).click();
  await expect(page.getByText("Choose a JPEG, PNG, WebP or GIF image")).toBeVisible();
  await expect(page.getByText("Failed to update user info.")).toBeVisible();

  await page.goto("/account");
  await expect(detail(page, "Phone")).toHaveText("Not set");
});

test("deleting the account asks first, then removes it", async ({ page }, testInfo) => {
  const username = uniqueUsername(testInfo, "del");
  await signInAsNewCook(page, username);
  await page.goto("/setting");

  await page.getByRole("link", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  if (!hasJavaScript(testInfo)) await expect(page).toHaveURL(/\/setting\?confirm=delete$/);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("link", { name: "Delete Account" }).click();
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Account deleted successfully")).toBeVisible();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await logIn(page, username);
  await expect(page.getByText("Invalid username or password")).toBeVisible();
});

test("Account, Setting, the delete confirmation and the reset screens fit 360 px and pass axe", async ({
  page,
}, testInfo) => {
  const username = uniqueUsername(testInfo, "a11y");
  await signInAsNewCook(page, username);
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of [
    "/account",
    "/setting",
    "/setting?confirm=delete",
    "/reset-password",
    "/reset-password/made-up-token",
  ]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, testInfo);
  }
});
