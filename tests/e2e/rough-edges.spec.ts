/**
 * The rough edges a new user met (issue 18), each as the user would notice it, with and without JavaScript:
 * the Setting screen's picture picker and dd/mm/yyyy birth date, the camera screen while the camera cannot
 * start, the allergy warning remembered per cook and kept off the dish-photo caption, the community feed open
 * to guests, the reset form saying why an address is refused, the Reviews screen, a flash shown once.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  createRecipeThroughApi,
  hasJavaScript,
  hydrated,
  logIn,
  postAnswered,
  queryServerDatabase,
  signInAsNewCook,
  signUpThroughApi,
  smallJpeg,
  uniqueUsername,
} from "./support";

async function open(page: Page, path: string, javascript: boolean) {
  await page.goto(path);
  if (javascript) await hydrated(page);
}

test("Setting takes the birth date as dd/mm/yyyy, as Account shows it, and offers a picture button", async ({
  page,
}, testInfo) => {
  test.slow();
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "dates");
  await signInAsNewCook(page, username);
  await open(page, "/setting", javascript);

  const birthDate = page.getByLabel("Birth date");
  await expect(birthDate).toHaveAttribute("placeholder", "dd/mm/yyyy");
  await expect(birthDate).toHaveAttribute("type", "text");
  if (javascript) {
    // The browser's raw picker ("Choose File No file chosen") is replaced by a button; the choice shows at once.
    const button = page.locator("label", { hasText: "Change profile picture" });
    await expect(button).toBeVisible();
    const box = await page.locator('input[type="file"]').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(1);
    await page.getByLabel("Profile picture", { exact: true }).setInputFiles(await smallJpeg());
    await expect(page.getByRole("img", { name: "Your new profile picture" })).toBeVisible();
  } else {
    await expect(page.locator('input[type="file"].file-input')).toBeVisible();
    await page.getByLabel("Profile picture", { exact: true }).setInputFiles(await smallJpeg());
  }
  await birthDate.fill("07/05/1990");
  await page.getByRole("button", { name: "SAVE CHANGES" }).click();
  await expect(page.getByText("User info updated successfully")).toBeVisible();
  await expect(page.getByLabel("Birth date")).toHaveValue("07/05/1990");
  await page.goto("/account");
  await expect(page.getByText("07/05/1990")).toBeVisible();

  // A date that is not one is refused with the reason, and nothing is saved.
  await open(page, "/setting", javascript);
  await page.getByLabel("Birth date").fill("31/02/1990");
  await page.getByRole("button", { name: "SAVE CHANGES" }).click();
  await expect(page.getByText("Please enter a valid birth date")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText("07/05/1990")).toBeVisible();
});

test("the camera screen looks intentional when the camera cannot start: no black box, no red banner", async ({
  page,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  await open(page, "/camera", javascript);
  await expect(page.getByRole("heading", { level: 1, name: "Identify the Ingredient" })).toBeVisible();
  // A missing model is said plainly (status), not as an error banner.
  await expect(page.locator(".form-message-error")).toHaveCount(0);
  if (!javascript) {
    await expect(page.getByLabel("Photo of your ingredients")).toBeVisible();
    return;
  }
  // This browser has no camera: the frame says so on the page's own colours, with the upload as the way on.
  const frame = page.locator(".camera-frame");
  await expect(frame).toHaveAttribute("data-state", "unavailable");
  await expect(frame.getByRole("alert")).toContainText("You can upload a photo instead.");
  const background = await frame.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe("rgb(17, 24, 20)");
  await expect(page.getByText("Upload a photo", { exact: true })).toBeVisible();
});

test("'I Understand' holds after the next login, and the warning stays off the dish-photo caption", async ({
  page,
}, testInfo) => {
  test.slow();
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "allergic");
  const userId = await signUpThroughApi(page.request, username);
  const recipeId = await createRecipeThroughApi(page.request, `Egg pancake ${username}`);
  const otherId = await createRecipeThroughApi(page.request, `Egg bake ${username}`);
  await queryServerDatabase("UPDATE User SET allergies = ? WHERE id = ?", [JSON.stringify(["egg"]), userId]);
  const warning = page.getByRole("alertdialog", { name: "Allergy warning" });

  await open(page, `/menu-detail/${recipeId}`, javascript);
  await expect(warning).toBeVisible();
  // With JavaScript the warning goes at once, before the server has stored the answer: wait for it.
  const stored = postAnswered(page, `/menu-detail/${recipeId}`);
  await warning.getByRole("button", { name: "I Understand" }).click();
  await expect(warning).toBeHidden();
  await stored;

  // Next login (a new session): still acknowledged.
  await page.context().clearCookies();
  await logIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
  await open(page, `/menu-detail/${recipeId}`, javascript);
  await expect(page.getByRole("heading", { level: 1, name: `Egg pancake ${username}` })).toBeVisible();
  await expect(warning).toBeHidden();

  // A new allergy that this recipe has brings the warning back.
  await queryServerDatabase("UPDATE User SET allergies = ? WHERE id = ?", [JSON.stringify(["egg", "wheat"]), userId]);
  await open(page, `/menu-detail/${recipeId}`, javascript);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("your allergy: wheat");

  // The other recipe was never acknowledged; back from the dish camera, its caption form is free to use.
  await open(page, `/camera-share-dish?menu_id=${otherId}`, javascript);
  const photo = await smallJpeg();
  if (javascript) {
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByRole("button", { name: "Next" }).click();
  } else {
    await page.getByLabel("Photo of your dish").setInputFiles(photo);
    await page.getByRole("button", { name: "Next" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${otherId}`));
  await expect(page.getByRole("heading", { level: 1, name: `Egg bake ${username}` })).toBeVisible();
  await expect(warning).toHaveCount(0);
  const caption = page.locator("#share-dish textarea");
  await caption.fill("Fluffy!");
  await expect(caption).toHaveValue("Fluffy!");
});

test("a guest sees the community feed; liking and commenting ask for an account", async ({
  page,
  browser,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "poster");
  await signUpThroughApi(page.request, username);
  const recipeId = await createRecipeThroughApi(page.request, `Guest feed ${username}`);
  const posted = await page.request.post("/api/community", {
    multipart: { image: await smallJpeg(), menu_id: String(recipeId), caption: `Dinner by ${username}` },
  });
  expect(posted.status()).toBeLessThan(300);

  const guest = await browser.newPage({ javaScriptEnabled: javascript });
  await guest.goto(`/community?menu_id=${recipeId}`);
  await expect(guest).toHaveURL(/\/community\?menu_id=/);
  await expect(guest.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
  await expect(guest.getByText(`Dinner by ${username}`)).toBeVisible();
  await guest.getByRole("link", { name: `Log in to like ${username}'s dish` }).click();
  await expect(guest).toHaveURL(/\/login\?redirectTo=/);
  await guest.goBack();
  await guest.getByRole("link", { name: /Add a comment/ }).click();
  await expect(guest.getByRole("link", { name: "Log in to comment" })).toBeVisible();
  await guest.close();
});

test("reset password says 'Please enter a valid email address' for a wrong address", async ({ page }, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  await open(page, "/reset-password", javascript);
  const email = page.getByLabel("Email");
  const send = page.getByRole("button", { name: "SEND RESET LINK" });
  await email.fill("not-an-email");
  if (javascript) {
    await expect(send).toBeDisabled();
  } else {
    await send.click();
  }
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await email.fill("cook@example.com");
  if (javascript) {
    await expect(page.getByText("Please enter a valid email address")).toBeHidden();
    await expect(send).toBeEnabled();
  }
});

test("the Reviews screen has its back button beside the title and the review form on it", async ({
  page,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "reviewer");
  await signUpThroughApi(page.request, username);
  const recipeId = await createRecipeThroughApi(page.request, `Reviewed ${username}`);
  await open(page, `/reviews?menu_id=${recipeId}`, javascript);
  const back = await page.getByRole("link", { name: `Back to Reviewed ${username}` }).boundingBox();
  const title = await page.getByRole("heading", { level: 1 }).boundingBox();
  expect(back && title).toBeTruthy();
  // Side by side: the button's middle is within the title's height, and it is on the left.
  expect(back!.y + back!.height / 2).toBeGreaterThanOrEqual(title!.y);
  expect(back!.y + back!.height / 2).toBeLessThanOrEqual(title!.y + title!.height);
  expect(back!.x + back!.width).toBeLessThanOrEqual(title!.x);
  await expect(page.getByText("Be the first to leave a review!")).toBeVisible();
  await page.locator("label", { hasText: "4 stars" }).click();
  await page.getByLabel("Your comment").fill("Good and quick.");
  await page.getByRole("button", { name: "Submit review" }).click();
  // the posted review, and the form that keeps it for an update
  await expect(page.locator(".review-comment", { hasText: "Good and quick." })).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue("Good and quick.");
});

test("'Ingredient added.' from a Home toggle shows on Home only, not again on Search", async ({ page }, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  await open(page, "/home", javascript);
  const toggles = page.getByRole("list", { name: "Most searched ingredients" }).getByRole("button");
  const first = toggles.first();
  await expect(first).toHaveAttribute("aria-pressed", "false");
  await first.click();
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Ingredient added.")).toBeVisible();
  await open(page, "/search", javascript);
  await expect(page.getByRole("heading", { level: 1, name: "Searching" })).toBeVisible();
  await expect(page.getByText("Ingredient added.")).toHaveCount(0);
});

test("a message sent to Home is not shown on Search when the cook gets to Search first", async ({ page }, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  await open(page, "/home", javascript);
  const name = (await page
    .getByRole("list", { name: "Most searched ingredients" })
    .getByRole("button")
    .last()
    .textContent())!;
  // The toggle's post is answered with a redirect to Home carrying 'Ingredient added.';
  // the cook is on Search before that loads.
  const posted = await page.request.post("/home", {
    form: { intent: "toggle", name: name.replace(/^✓\s*/, "").toLowerCase() },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  await open(page, "/search", javascript);
  await expect(page.getByRole("heading", { level: 1, name: "Searching" })).toBeVisible();
  await expect(page.getByText("Ingredient added.")).toHaveCount(0);
});

test.describe("in dark mode at 360 px", () => {
  test.use({ colorScheme: "dark", viewport: { width: 360, height: 740 } });

  test("text boxes, lists and text areas are drawn from the tokens, not the browser's boxes", async ({
    page,
  }, testInfo) => {
    const javascript = hasJavaScript(testInfo);
    await signInAsNewCook(page, uniqueUsername(testInfo, "dark"));
    for (const path of ["/menu-detail/1", "/setting", "/search"]) {
      await open(page, path, javascript);
      const controls = await page.evaluate(() => {
        const token = (name: string, property: "color" | "backgroundColor") => {
          const probe = document.body.appendChild(document.createElement("span"));
          probe.style[property] = `var(${name})`;
          const value = getComputedStyle(probe)[property];
          probe.remove();
          return value;
        };
        const [card, ink] = [token("--card", "backgroundColor"), token("--ink", "color")];
        const skipped = ["checkbox", "radio", "file", "hidden", "range", "color"];
        return [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
          .filter((control) => !skipped.includes((control as HTMLInputElement).type) && control.offsetParent !== null)
          .map((control) => {
            const style = getComputedStyle(control);
            return {
              control: control.id || (control as HTMLInputElement).name,
              // a box of its own in the card's colour, or none inside a box that has it (the search box)
              background: style.backgroundColor === "rgba(0, 0, 0, 0)" ? card : style.backgroundColor,
              color: style.color,
              expected: { background: card, color: ink },
            };
          });
      });
      expect(controls.length, `${path} has form controls`).toBeGreaterThan(0);
      if (path.startsWith("/menu-detail")) expect(controls.map(({ control }) => control)).toContain("servings-input");
      for (const { control, background, color, expected } of controls) {
        expect({ control, background, color }, path).toEqual({ control, ...expected });
      }
    }
  });
});
