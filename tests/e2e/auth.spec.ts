import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, hasJavaScript, logIn, signUp, uniqueUsername } from "./support";

test.describe("onboarding", () => {
  test("shows three slides and GET STARTED leads to /login", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Cook with what you have" })).toBeVisible();
    await expect(page.locator(".slide")).toHaveCount(3);
    await expect(page.getByRole("link", { name: /^Slide \d/ })).toHaveCount(3);
    if (hasJavaScript(testInfo)) {
      await expect(page.getByRole("link", { name: /^Slide 1/ })).toHaveAttribute("aria-current", "true");
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("link", { name: /^Slide 2/ })).toHaveAttribute("aria-current", "true");
    }
    await page.getByRole("link", { name: "GET STARTED" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("signup", () => {
  test("shows the spec's messages for bad input and creates nothing", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("weakpass");
    await page.getByRole("button", { name: "SIGN UP" }).click();
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must contain uppercase, lowercase, and number")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("creates the account, says so, and goes to /login", async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, "new");
    await page.goto("/signup");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "SIGN UP" }).click();
    // With JavaScript the message shows on /signup for 1.5 s; without, it arrives on /login as a flash.
    await expect(page.getByText("Account created successfully.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("attaches a taken username to the username field", async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, "taken");
    await signUp(page, username);
    await page.goto("/signup");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`other_${username}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("Secret123");
    await page.getByRole("button", { name: "SIGN UP" }).click();
    await expect(page.getByText("Username is already taken")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("login", () => {
  test("validates, refuses a wrong password, then signs in to Home", async ({ page, context }, testInfo) => {
    const username = uniqueUsername(testInfo, "cook");
    await signUp(page, username);

    await logIn(page, "ab", "x");
    await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(page.getByText("Password must be at least 4 characters")).toBeVisible();

    await logIn(page, username, "Wrong1234");
    await expect(page.getByText("Invalid username or password")).toBeVisible();

    await logIn(page, username);
    // With JavaScript the message shows on /login for 1 s; without, it arrives on /home as a flash.
    await expect(page.getByText("Login successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(username.toUpperCase());
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

    const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // over plain http (this server) the cookie cannot be Secure, or the browser would drop it; https marks it Secure
    expect(session?.secure).toBe(false);
  });

  test("the password is hidden, and can be shown with JavaScript", async ({ page }, testInfo) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");
    if (!hasJavaScript(testInfo)) {
      await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
      return;
    }
    await page.getByRole("button", { name: "Show" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("locks the account name after 5 failed attempts with the spec's message", async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, "locked");
    await signUp(page, username);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await logIn(page, username, "Wrong1234");
      await expect(page.getByText("Invalid username or password")).toBeVisible();
    }
    await logIn(page, username);
    await expect(page.getByText("Too many login attempts. Please try again later")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("guests, guards and logout", () => {
  test("a guest continues to Home as USER and the tab bar shows only on tab screens", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.getByRole("link", { name: "Continue as guest" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("USER");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  test("a signed-in screen sends a guest to /login and back after signing in; logout ends the session", async ({
    page,
  }, testInfo) => {
    const username = uniqueUsername(testInfo, "guard");
    await signUp(page, username);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
    await logIn(page, username);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(`${username}@example.com`).first()).toBeVisible();

    await page.getByRole("button", { name: "LOG OUT" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  });

  test("an unknown page shows a friendly 404 without internals", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Error:");
  });
});

test.describe("layout", () => {
  test("fits a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/login", "/signup", "/home"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
  });

  test("every form control has a label and focus is visible", async ({ page }) => {
    await page.goto("/login");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      return getComputedStyle(active).outlineStyle;
    });
    expect(outline).not.toBe("none");
    const unlabeled = await page.evaluate(
      () =>
        [...document.querySelectorAll("input:not([type=hidden])")].filter(
          (input) => !(input as HTMLInputElement).labels?.length && !input.getAttribute("aria-label")
        ).length
    );
    expect(unlabeled).toBe(0);
  });
});
