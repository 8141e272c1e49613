/**
 * The meal plan, with and without JavaScript: "Plan it" from a recipe, /plan from Home and the navigation, "Plan my
 * week" saying why, lock / move / remove, the week's shopping and the calendar address; at 360 px and 1920 px.
 */
import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  queryServerDatabase,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

test.describe.configure({ timeout: 90_000 });

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

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

  // the week's shopping and the calendar address
  await page.getByRole("button", { name: "Add what the week needs" }).click();
  await expect(page.getByText(/Added \d+ items? to your shopping list\.|Your pantry has everything/)).toBeVisible();
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

test("the servings not eaten become leftovers in the pantry, and the plan serves them", async ({ page }, testInfo) => {
  const userId = await signInAsNewCook(page, uniqueUsername(testInfo, "leftover"));
  const name = `Plan Stew ${testInfo.project.name} ${Date.now()}`;
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: name,
      servings: 4,
      ingredients_quantity: { carrot: "300 g", potato: "400 g" },
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
  await expect(
    page.getByText(new RegExp(`3 servings went to your pantry as Leftover ${name}, good until`))
  ).toBeVisible();
  await expect(page.getByText("1 of 4 servings eaten.")).toBeVisible();

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
