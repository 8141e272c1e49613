import { expect, test, type Page } from "@playwright/test";
import { hasJavaScript, signUpThroughApi, uniqueUsername } from "./support";

/** What the page asked of the browser's wake lock and vibration motor, recorded by stand-ins installed first. */
async function recordDeviceCalls(page: Page) {
  await page.addInitScript(() => {
    const calls = { wakeLock: 0, released: 0, vibrate: 0 };
    (window as unknown as { deviceCalls: typeof calls }).deviceCalls = calls;
    Object.defineProperty(navigator, "wakeLock", {
      value: {
        request: async () => {
          calls.wakeLock++;
          const sentinel = new EventTarget() as EventTarget & { release(): Promise<void> };
          sentinel.release = async () => {
            calls.released++;
          };
          return sentinel;
        },
      },
    });
    navigator.vibrate = () => {
      calls.vibrate++;
      return true;
    };
  });
}

const deviceCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { deviceCalls: Record<string, number> }).deviceCalls);

test("cook mode: step by step in the servings chosen, timers that run across steps and ring, and Finish records the meal once", async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo);
  const userId = await signUpThroughApi(page.request, uniqueUsername(testInfo, "cook"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Cook mode pasta ${testInfo.project.name}`,
      servings: 2,
      ingredients_quantity: { spaghetti: "200 g", tomato: "4", "olive oil": "2 tbsp" },
      steps: [
        "Warm the olive oil and simmer the tomatoes 10–12 min.",
        "Boil the spaghetti 9 minutes.",
        "Toss together and serve.",
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
  if (js) {
    await recordDeviceCalls(page);
    await page.clock.install();
  }

  await page.goto(`/menu-detail/${recipeId}`);
  await page.getByRole("link", { name: "One serving more" }).click();
  await expect(page.getByText("Amounts for 3 servings (the recipe is for 2).")).toBeVisible();
  await page.getByRole("link", { name: "Start cook mode" }).click();
  await expect(page).toHaveURL(new RegExp(`/cook/${recipeId}\\?servings=3$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 1 of 3");
  await expect(page.getByText("Warm the olive oil and simmer the tomatoes 10–12 min.")).toBeVisible();
  const needs = page.getByRole("list").filter({ hasText: "olive oil" });
  await expect(needs.getByRole("listitem")).toHaveText(["6 tomato", "3 tbsp olive oil"]);
  await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);

  if (js) {
    await expect.poll(async () => (await deviceCalls(page)).wakeLock).toBe(1);
    await expect(page.getByText("The screen stays on while cook mode is open.")).toBeVisible();
    await page.getByRole("button", { name: "Start 10–12 min timer" }).click();
    const timer = page.getByRole("listitem").filter({ hasText: "Step 1 · 10–12 min" });
    await expect(timer).toContainText("10:00");
    await page.clock.runFor(61_000);
    await expect(timer).toContainText("8:59");
  } else {
    await expect(
      page.getByText("This step takes 10–12 min. The timers count down when JavaScript is on.")
    ).toBeVisible();
  }

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/cook/${recipeId}\\?servings=3&step=2$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 2 of 3");
  await expect(page.getByText("300 g spaghetti")).toBeVisible();
  if (js) {
    // the first step's timer keeps counting on the second, beside the second's own
    await page.getByRole("button", { name: "Start 9 min timer" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "Step 1 · 10–12 min" })).toContainText("8:59");
    await page.clock.runFor(9 * 60_000);
    await expect(page.getByRole("alert").filter({ hasText: "Time's up!" })).toHaveCount(2);
    // each rang once, a second apart
    expect((await deviceCalls(page)).vibrate).toBe(2);
    await page.clock.runFor(60_000);
    expect((await deviceCalls(page)).vibrate).toBe(2);
    await page.getByRole("button", { name: "Stop Step 1 · 10–12 min" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Time's up!" })).toHaveCount(1);
  }

  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 1 of 3");
  await page.getByRole("link", { name: "Next" }).click();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 3 of 3");
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
  await page.getByRole("button", { name: "Finish cooking" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}\\?servings=3#cooking-status$`));
  await expect(page.getByText("Well done! This meal counts towards your dishes this month.")).toBeVisible();
  if (js) expect((await deviceCalls(page)).released).toBe(1);
  for (const step of [1, 2, 3]) await expect(page.getByRole("checkbox", { name: `Step ${step}` })).toBeChecked();

  // finishing again (the back button, a double tap) counts nothing more
  await page.goto(`/cook/${recipeId}?servings=3&step=3`);
  await page.getByRole("button", { name: "Finish cooking" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}`));
  const stats = await page.request.get(`/api/users/${userId}/meal-stats`);
  expect(((await stats.json()) as { total_completed: number }).total_completed).toBe(1);
});

test("cook mode answers a step out of range with the nearest, another cook's private recipe with 404, and a guest with the login", async ({
  page,
  browser,
}, testInfo) => {
  await signUpThroughApi(page.request, uniqueUsername(testInfo, "cookp"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Private stew ${testInfo.project.name}`,
      ingredients_quantity: { onion: "1" },
      steps: ["Chop.", "Stew 2 hours."],
    },
  });
  const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
  await page.goto(`/cook/${recipeId}?step=99`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 2 of 2");
  await page.goto(`/cook/${recipeId}?step=abc`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 1 of 2");

  const other = await browser.newContext();
  await signUpThroughApi(other.request, uniqueUsername(testInfo, "cookq"));
  expect((await other.request.get(`/cook/${recipeId}`)).status()).toBe(404);
  expect((await other.request.post(`/cook/${recipeId}`, { form: { intent: "finish" } })).status()).toBe(404);
  await other.close();

  const guest = await browser.newContext();
  const answer = await guest.request.get(`/cook/${recipeId}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toMatch(/\/login/);
  await guest.close();
});
