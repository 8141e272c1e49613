import { expect, test } from "@playwright/test";
import { verificationLinkIn } from "../support/smtp";
import { hasJavaScript, signUpThroughApi, smtpServerWhileTheseRun, uniqueUsername } from "./support";

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test("servings scale the amounts, Fit to my pantry uses up the flour, the list asks for the difference and Got it stocks the pantry", async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page.request, uniqueUsername(testInfo, "loop"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Loop pancakes ${testInfo.project.name}`,
      servings: 2,
      ingredients_quantity: { flour: "200 g", egg: "3", milk: "500 ml" },
      steps: ["Whisk.", "Fry."],
    },
  });
  expect(created.status()).toBe(201);
  const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
  expect(
    (await page.request.post("/api/pantry", { data: { ingredient_name: "flour", quantity: 140, unit: "g" } })).ok()
  ).toBe(true);

  await page.goto(`/menu-detail/${recipeId}`);
  const tile = (name: string) => page.getByRole("button", { name: new RegExp(`^${name}`) });
  await expect(tile("flour")).toContainText("200 g");
  await page.getByRole("link", { name: "One serving more" }).click();
  await expect(page.getByText("Amounts for 3 servings (the recipe is for 2).")).toBeVisible();
  await expect(tile("flour")).toContainText("300 g");
  await expect(tile("milk")).toContainText("750 ml");
  await expect(tile("egg")).toContainText("5rounded from 4.5");
  await expect(page).toHaveURL(/\?servings=3$/);

  await page.getByRole("link", { name: "Fit to my pantry" }).click();
  await expect(page.getByText("Fitted to your pantry: this uses up your flour.")).toBeVisible();
  await expect(tile("flour")).toContainText("140 g");
  await expect(tile("milk")).toContainText("350 ml");

  // the number box refuses 0 itself; typed into the address, the screen says why and keeps the recipe's amounts
  await page.goto(`/menu-detail/${recipeId}?servings=0`);
  await expect(page.getByText("Servings must be a whole number from 1 to 100.")).toBeVisible();
  await expect(tile("flour")).toContainText("200 g");
  await page.getByLabel("Servings", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(tile("flour")).toContainText("300 g");

  await tile("flour").click();
  await expect(tile("flour")).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Add to list" }).click();
  await expect(page).toHaveURL(/\/shoppinglist$/);
  await expect(page.getByText("160 g (you have 140 g)")).toBeVisible();

  await page.getByRole("button", { name: /^Got .*flour/i }).click();
  await expect(page.getByText(/flour is in your pantry now\./i)).toBeVisible();
  const pantry = (await (await page.request.get("/api/pantry")).json()) as {
    items: { ingredient_name: string; quantity: number }[];
  };
  expect(pantry.items.find((item) => /flour/i.test(item.ingredient_name))?.quantity).toBe(300);
  if (hasJavaScript(testInfo))
    await expect(page.getByText("Your shopping list is empty.", { exact: false })).toBeVisible();
});

test.describe("the use-soon email", () => {
  const smtp = smtpServerWhileTheseRun();

  test("opt in on Setting once verified, the server mails what spoils soon, and the link asks before it unsubscribes", async ({
    page,
  }, testInfo) => {
    const username = uniqueUsername(testInfo, "remind");
    await signUpThroughApi(page.request, username);
    const stocked = await page.request.post("/api/pantry", {
      data: { ingredient_name: "milk", quantity: 1, unit: "l", best_before: tomorrow() },
    });
    expect(stocked.ok()).toBe(true);

    // Until the address is verified the section says why and how, and offers no opt-in.
    await page.goto("/setting");
    await expect(page.getByText("Use-soon emails go only to a verified email address", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Email me" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resend verification email" })).toBeVisible();
    const signupMail = () => smtp().received.find((mail) => mail.to.includes(`${username}@example.com`));
    await expect.poll(() => signupMail() !== undefined, { timeout: 20_000 }).toBe(true);
    await page.goto(verificationLinkIn(signupMail()!.raw));
    await page.goto("/setting");
    await page.getByLabel("Time", { exact: true }).fill("00:00");
    await page.getByLabel("Time zone").fill("Not/AZone");
    await page.getByRole("button", { name: "Email me" }).click();
    await expect(page.getByText("Please choose a known time zone (for example Europe/Berlin).")).toBeVisible();
    await page.getByLabel("Time", { exact: true }).fill("00:00");
    await page.getByLabel("Time zone").fill("UTC");
    await page.getByRole("button", { name: "Email me" }).click();
    await expect(page.getByText(/You will get an email at 00:00 \(UTC\)/).first()).toBeVisible();

    const reminder = () =>
      smtp().received.find(
        (mail) => mail.to.includes(`${username}@example.com`) && /^Subject: Use soon/m.test(mail.raw)
      );
    await expect.poll(() => reminder() !== undefined, { timeout: 20_000 }).toBe(true);
    const text = reminder()!
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(text).toMatch(/milk \(1 l\): use by tomorrow/i);
    const link = text.match(/https?:\/\/[^\s"<>]+\/unsubscribe\/[\w.-]+/)![0];
    // the mail program's own unsubscribe button posts to the same link (RFC 8058), signed out and without a form token
    const head = reminder()!
      .raw.split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, " ");
    expect(head).toContain(`List-Unsubscribe: <${link}>`);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    await page.context().clearCookies();
    // Opening the link (as a mail scanner does) only asks; one tap on the plain form unsubscribes.
    await page.goto(link);
    await expect(page.getByText("Stop the daily use-soon emails?", { exact: false })).toBeVisible();
    await page.goto(link);
    await page.getByRole("button", { name: "Stop use-soon emails" }).click();
    await expect(page.getByText("You will no longer get use-soon emails.", { exact: false })).toBeVisible();
    // The mail program's one-click POST (which unsubscribes at once: integration test) now finds nothing to do.
    const oneClick = await page.request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("This link was used already");
    await page.goto(link);
    await expect(page.getByText("This link was used already", { exact: false })).toBeVisible();
    await page.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
    await expect(page.getByText("This unsubscribe link is not valid. Nothing was changed.")).toBeVisible();
  });
});
