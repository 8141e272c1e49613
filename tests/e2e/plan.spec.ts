/**
 * The meal plan, with and without JavaScript: "Plan it" from a recipe, /plan from Home and the navigation, "Plan my
 * week" saying why, lock / move / remove, the week's shopping and the calendar address; at 360 px and 1920 px.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { verificationLinkIn } from "../support/smtp";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  queryServerDatabase,
  signInAsNewCook,
  smtpServerWhileTheseRun,
  uniqueUsername,
} from "./support";

test.describe.configure({ timeout: 90_000 });

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const shoppingCards = (page: Page) => page.getByRole("list", { name: "Items to buy" }).getByRole("listitem");

test("a cook plans a recipe, plans the week around the chicken due tomorrow, and changes the plan", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAsNewCook(page, uniqueUsername(testInfo, "plan"));
  const tomorrow = new Date(Date.now() + DAY_MS);
  expect(
    (
      await page.request.post("/api/pantry", {
        data: {
          ingredient_name: "chicken breast",
          quantity: 400,
          unit: "g",
          storage: "fridge",
          best_before: isoDay(tomorrow),
        },
      })
    ).status()
  ).toBe(201);
  const name = `Plan Soup ${testInfo.project.name} ${Date.now()}`;
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: name,
      servings: 2,
      ingredients_quantity: { tomato: "400 g", onion: "1" },
      steps: ["Simmer the tomatoes with the onion."],
      mealOccasions: ["Dinner"],
      shared: false,
    },
  });
  expect(created.status()).toBe(201);
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;

  // "Plan it" on the recipe: today's dinner
  await page.goto(`/menu-detail/${recipeId}`);
  await page.getByText("Plan it", { exact: true }).click();
  await page.getByLabel("Meal to plan").selectOption("Dinner");
  await page.getByRole("button", { name: `Plan ${name}` }).click();
  await expect(page.getByText(new RegExp(`${name} is planned for .*dinner\\.`))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}`));

  // Home links to the plan; so does the navigation
  await page.goto("/home");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plan" })).toBeVisible();
  await page.getByRole("link", { name: "Plan the week" }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole("heading", { name: "Meal plan", level: 1 })).toBeVisible();
  const week = page.getByRole("list", { name: "This week's meals" });
  await expect(week.getByRole("link", { name })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // lock the soup, then plan the week: the soup stays, the chicken due tomorrow is used by then
  const soup = week.locator("li.plan-entry").filter({ has: page.getByRole("link", { name }) });
  await soup.getByRole("button", { name: `Lock ${name}` }).click();
  await expect(page.getByText(`${name} is locked: planning again keeps it.`)).toBeVisible();
  await expect(week.getByText("Locked")).toBeVisible();
  await page.getByRole("button", { name: "Plan my week" }).click();
  await expect(page.getByText(/Planned \d+ meals?, the food due soonest first\./)).toBeVisible();
  const due = `Why: uses the chicken breast due ${WEEKDAYS[tomorrow.getUTCDay()]}`;
  await expect(week.getByText(due)).toBeVisible();
  await expect(week.getByRole("link", { name })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);

  // move the soup to lunch, then remove it
  await soup.getByText("Change day or meal").click();
  await soup.getByLabel("Meal").selectOption("Lunch");
  await soup.getByRole("button", { name: `Move ${name}`, exact: true }).click();
  await expect(page.getByText(new RegExp(`${name} moved to .*lunch\\.`))).toBeVisible();
  const lunchSoup = week.locator("li.plan-entry").filter({ has: page.getByRole("link", { name }) });
  await lunchSoup.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByText("Removed from your plan.")).toBeVisible();
  await expect(week.getByRole("link", { name })).toHaveCount(0);

  // "Plan it" on a suggestion card opens the plan with the recipe ready to add
  await page.goto(`/plan?add=${recipeId}`);
  const adding = page.getByRole("region", { name: "Add to the plan" });
  await expect(adding.getByText(name)).toBeVisible();
  await adding.getByLabel("Meal").selectOption("Breakfast");
  await adding.getByRole("button", { name: "Add to plan" }).click();
  await expect(page.getByText(new RegExp(`${name} is planned for .*breakfast\\.`))).toBeVisible();
  await expect(week.getByRole("link", { name })).toBeVisible();

  // the week's shopping: the soup's tomato and onion are not in the pantry, so the list (empty so far) gets them and
  // whatever else the planned week needs; pressed again, nothing is added twice
  await page.getByRole("button", { name: "Add what the week needs" }).click();
  const added = page.getByText(/^Added \d+ items to your shopping list\.$/);
  await expect(added).toBeVisible();
  const addedCount = Number((await added.textContent())!.match(/\d+/)![0]);
  await page.getByRole("button", { name: "Add what the week needs" }).click();
  await expect(
    page.getByText(`Added 0 items to your shopping list. ${addedCount} already on your list.`, { exact: true })
  ).toBeVisible();
  await page.goto("/shoppinglist");
  const listed = shoppingCards(page);
  await expect(listed).toHaveCount(addedCount);
  expect(await listed.locator(".shopping-card-name").allTextContents()).toEqual(
    expect.arrayContaining(["tomato", "onion"])
  );
  await page.goto("/plan");
  await page.getByRole("button", { name: "Make a calendar address" }).click();
  const address = page.getByLabel("Your plan's calendar address (keep it secret)");
  await expect(address).toHaveValue(/\/plan\/calendar\/.+\.ics$/);
  const feed = await page.request.get(await address.inputValue());
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await feed.text()).toContain("BEGIN:VEVENT");
  await page.getByRole("button", { name: "Stop this address" }).click();
  await expect(page.getByText("The calendar address no longer works.", { exact: false })).toBeVisible();
  expect((await page.request.get(feed.url())).status()).toBe(404);

  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.getByRole("list", { name: "Next week's meals" })).toBeVisible();
  await page.setViewportSize({ width: 1920, height: 1000 });
  await expectNoSidewaysScroll(page);
});

/** A recipe of 4 servings, 200 g each (400 g carrot, 400 g potato), cooked and 1 serving eaten: 3 left over. */
async function cookStewWithLeftovers(page: Page, testInfo: TestInfo, userId: number) {
  // short enough for the mail to name in full (it cuts a name at 40 characters)
  const name = `Stew ${hasJavaScript(testInfo) ? "js" : "nojs"} ${Date.now() % 1_000_000}`;
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: name,
      servings: 4,
      ingredients_quantity: { carrot: "400 g", potato: "400 g" },
      steps: ["Stew the carrots and potatoes."],
      shared: false,
    },
  });
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  expect((await page.request.post("/meal-completions", { data: { menu_id: recipeId } })).status()).toBe(201);
  const [completion] = await queryServerDatabase("SELECT id FROM MealCompletion WHERE userId = ?", [userId]);
  await page.goto(`/cooked/${completion.id}`);
  const leftovers = page.getByRole("region", { name: "Leftovers" });
  await expect(leftovers.getByLabel("Servings cooked")).toHaveValue("4");
  await leftovers.getByLabel("Servings eaten").fill("1");
  await leftovers.getByRole("button", { name: "Save servings" }).click();
  await expect(page.getByText(`3 servings went to your pantry as Leftover ${name}, good until`)).toBeVisible();
  await expect(page.getByText("1 of 4 servings eaten.")).toBeVisible();
  return name;
}

test("the servings not eaten become leftovers in the pantry, and the plan serves them", async ({ page }, testInfo) => {
  const userId = await signInAsNewCook(page, uniqueUsername(testInfo, "leftover"));
  const name = await cookStewWithLeftovers(page, testInfo, userId);

  await page.goto("/home");
  await expect(page.getByRole("list", { name: "Use soon" }).getByText(`Leftover ${name}`)).toBeVisible();

  await page.goto("/plan");
  const adding = page.getByRole("region", { name: "Add to the plan" });
  const option = adding.getByRole("option", { name: new RegExp(`Leftover ${name}`) });
  await adding.getByLabel("Leftovers").selectOption((await option.getAttribute("value"))!);
  await adding.getByRole("button", { name: "Plan leftovers" }).click();
  await expect(page.getByText(new RegExp(`Leftovers: ${name} is planned for .*lunch\\.`))).toBeVisible();
  await expect(
    page.getByRole("list", { name: "This week's meals" }).getByRole("link", { name: `Leftovers: ${name}` })
  ).toBeVisible();
});

test("the week's shopping leaves out what the pantry holds, and says so when it holds everything", async ({
  page,
}, testInfo) => {
  await signInAsNewCook(page, uniqueUsername(testInfo, "weekshop"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Shop Soup ${testInfo.project.name} ${Date.now()}`,
      servings: 2,
      ingredients_quantity: { tomato: "400 g", onion: "1" },
      steps: ["Simmer the tomatoes with the onion."],
      shared: false,
    },
  });
  const recipeId = ((await created.json()) as { menu_id: number }).menu_id;
  const today = isoDay(new Date());
  const planned = await page.request.post("/api/meal-plan", {
    data: { date: today, meal: "Dinner", menu_id: recipeId, servings: 2 },
  });
  expect(planned.status()).toBe(201);
  const stock = (item: Record<string, unknown>) => page.request.post("/api/pantry", { data: item });
  expect((await stock({ ingredient_name: "tomato", quantity: 500, unit: "g" })).status()).toBe(201);

  // the pantry's 500 g of tomato cover the soup's 400 g: only the onion goes on the list
  await page.goto("/plan");
  await page.getByRole("button", { name: "Add what the week needs" }).click();
  await expect(page.getByText("Added 1 item to your shopping list.", { exact: true })).toBeVisible();
  await page.goto("/shoppinglist");
  await expect(shoppingCards(page).locator(".shopping-card-name")).toHaveText(["onion"]);

  // the onion bought: the pantry holds all the soup needs, and the list is left as it was
  expect((await stock({ ingredient_name: "onion", quantity: 2 })).status()).toBe(201);
  await page.goto("/plan");
  await page.getByRole("button", { name: "Add what the week needs" }).click();
  await expect(page.getByText("Your pantry has everything the plan needs.", { exact: true })).toBeVisible();
  await page.goto("/shoppinglist");
  await expect(shoppingCards(page).locator(".shopping-card-name")).toHaveText(["onion"]);
});

test("a leftover thrown away is logged as wasted, leaves the pantry, and the wasted figure counts its weight", async ({
  page,
}, testInfo) => {
  const userId = await signInAsNewCook(page, uniqueUsername(testInfo, "leftwaste"));
  const name = await cookStewWithLeftovers(page, testInfo, userId);
  const stats = async () =>
    (
      (await (await page.request.get(`/api/users/${userId}/monthly-meal-stats`)).json()) as {
        current_month: { wasted_kg: number };
      }
    ).current_month;
  expect((await stats()).wasted_kg).toBe(0);

  await page.goto("/pantry");
  const leftover = page.getByRole("listitem").filter({ has: page.getByText(`Leftover ${name}`, { exact: true }) });
  await expect(leftover).toHaveCount(1);
  await leftover.getByText("Used up or thrown away?").click();
  await expect(leftover.getByLabel("Amount")).toHaveValue("3");
  await leftover.getByRole("button", { name: "Thrown away" }).click();
  await expect(page.getByText(`3 of Leftover ${name} thrown away.`)).toBeVisible();
  await expect(page.getByText(`Leftover ${name}`, { exact: true })).toHaveCount(0);

  // the food log has it as wasted: 3 servings of 200 g
  const [logged] = await queryServerDatabase("SELECT kind, grams FROM FoodLogEntry WHERE userId = ?", [userId]);
  expect(logged).toMatchObject({ kind: "wasted", grams: 600 });
  expect((await stats()).wasted_kg).toBe(0.6);
  await page.goto("/home");
  await expect(page.locator(".monthly-meals-food")).toContainText("Food wasted this month0.6 kg");
  await page.goto("/plan");
  await expect(
    page.getByRole("region", { name: "Add to the plan" }).getByRole("option", { name: new RegExp(`Leftover ${name}`) })
  ).toHaveCount(0);
});

test.describe("the use-soon email", () => {
  const smtp = smtpServerWhileTheseRun();

  test("lists a dish's leftovers once they are due soon", async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, "leftmail");
    const userId = await signInAsNewCook(page, username);
    const name = await cookStewWithLeftovers(page, testInfo, userId);
    // two days on, the leftovers (good for 3 days) are due tomorrow
    await queryServerDatabase("UPDATE PantryItem SET bestBefore = ? WHERE name = ?", [
      isoDay(new Date(Date.now() + DAY_MS)),
      `Leftover ${name}`,
    ]);

    const mailTo = (subject: RegExp) =>
      smtp().received.find((mail) => mail.to.includes(`${username}@example.com`) && subject.test(mail.raw));
    await expect.poll(() => mailTo(/^Subject: /m) !== undefined, { timeout: 20_000 }).toBe(true);
    await page.goto(verificationLinkIn(mailTo(/^Subject: /m)!.raw));
    await page.goto("/setting");
    await page.getByLabel("Time", { exact: true }).fill("00:00");
    await page.getByLabel("Time zone").fill("UTC");
    await page.getByRole("button", { name: "Email me" }).click();
    await expect(page.getByText(/You will get an email at 00:00 \(UTC\)/).first()).toBeVisible();

    await expect.poll(() => mailTo(/^Subject: Use soon/m) !== undefined, { timeout: 20_000 }).toBe(true);
    const text = mailTo(/^Subject: Use soon/m)!
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(text).toMatch(new RegExp(`^Subject: Use soon: Leftover ${name} in your pantry$`, "m"));
    expect(text).toContain(`- Leftover ${name} (3): use by tomorrow`);
  });
});
