import { expect, test, type Page, type Request } from "@playwright/test";
import { createRecipeThroughApi, hasJavaScript, signInAsNewCook, uniqueUsername } from "./support";

// the service worker is what this file tests (the other specs block it)
test.use({ serviceWorkers: "allow" });

const QUEUE_KEY = "recipe-helper:shopping-queue";

const cards = (page: Page) => page.getByRole("list", { name: "Items to buy" }).getByRole("listitem");

async function addThroughJson(page: Page, name: string, change?: string) {
  const answer = await page.request.post("/shoppinglist", {
    data: { intent: "add", name, ...(change ? { change } : {}) },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { message: string; repeated: boolean };
}

/** The list holding `names`, visited once: the service worker installs and keeps the page for offline. */
async function visitListOf(page: Page, names: string[]) {
  for (const name of names) await addThroughJson(page, name);
  await page.goto("/shoppinglist");
  await expect(cards(page)).toHaveCount(names.length);
  await expect
    .poll(() => page.evaluate(() => caches.match("/shoppinglist").then((found) => found !== undefined)))
    .toBe(true);
}

/** The pantry's items as the ingredient screen lists them. */
async function pantryNames(page: Page) {
  await page.goto("/ingredient-preview");
  return page.locator(".ingredient-name").allTextContents();
}

test.describe("typed items on the shopping list", () => {
  test("a typed item with an amount goes on the list; empty and too long are refused with a message", async ({
    page,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "typed"));
    await page.goto("/shoppinglist");
    const form = page.getByRole("form", { name: "Add an item" });

    await form.getByLabel("Item").fill("   ");
    await form.getByRole("button", { name: "Add to list" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter an item to buy.");
    await expect(page.getByText("Your shopping list is empty.")).toBeVisible();

    await form.getByLabel("Item").fill("oat milk");
    await form.getByLabel("Amount (optional)").fill("2 cartons");
    await form.getByRole("button", { name: "Add to list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "oat milk is on your list." })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("oat milk");
    await expect(cards(page).first()).toContainText("2 cartons");
    await expect(form.getByLabel("Item")).toHaveValue("");

    await form.getByLabel("Item").fill("Oat Milk");
    await form.getByRole("button", { name: "Add to list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Oat Milk is already on your list." })).toBeVisible();
    await expect(cards(page)).toHaveCount(1);

    if (hasJavaScript(testInfo)) {
      // the browser's own check (the field's maxlength stops typing past 60), and the server's for a JSON call
      const tooLong = await page.request.post("/shoppinglist", { data: { intent: "add", name: "x".repeat(61) } });
      expect(tooLong.status()).toBe(400);
      expect(await tooLong.json()).toMatchObject({
        message: "Item names can be at most 60 characters.",
        field: "name",
      });
      const noName = await page.request.post("/shoppinglist", { data: { intent: "add", quantity: "1" } });
      expect(await noName.json()).toMatchObject({ message: "Please enter an item to buy.", field: "name" });
    }
  });
});

test.describe("the shopping list offline", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a service worker and a queue need JavaScript");

  test("after one visit the list opens offline; a Got it made offline is applied once when back online", async ({
    page,
    context,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "offline"));
    await visitListOf(page, ["oat milk", "flour"]);

    await context.setOffline(true);
    // bought by another member meanwhile: the copy read offline does not have it
    await addThroughJson(page, "rice");
    await page.reload();
    await expect(page.getByText("You are offline.")).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).filter({ hasText: "rice" })).toHaveCount(0);

    await expect(page.getByRole("button", { name: "Got everything" })).toBeDisabled();
    await expect(page.getByText("Got everything needs a connection; offline, tap Got it on each item.")).toBeVisible();
    await page.getByRole("button", { name: /^Got it\W+oat milk$/ }).click();
    await expect(page.getByText("1 change waiting to be sent.")).toBeVisible();
    await expect(cards(page).filter({ hasText: "oat milk" })).toHaveCount(0);
    const queued = await page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY);
    // still waiting after a reload offline
    await page.reload();
    await expect(page.getByText("1 change waiting to be sent.")).toBeVisible();
    await expect(cards(page).filter({ hasText: "oat milk" })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByText("1 change was sent.")).toBeVisible();
    await expect(cards(page)).toHaveText([/flour/, /rice/]);

    // the same change sent again (its answer lost, say): the server answers as the first time and changes nothing
    const [change] = JSON.parse(queued!) as { key: string; item: number }[];
    const replayed = await page.request.post("/shoppinglist", {
      data: { intent: "got-it", item: change.item, change: change.key },
    });
    expect(replayed.status()).toBe(200);
    expect(await replayed.json()).toEqual({ message: "oat milk is in your pantry now.", repeated: true });
    expect((await pantryNames(page)).filter((name) => name === "oat milk")).toHaveLength(1);
    await page.goto("/shoppinglist");
    await expect(cards(page)).toHaveText([/flour/, /rice/]);
  });

  test("an add made offline is sent once: replayed again after the item was bought, it does not come back", async ({
    page,
    context,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "offadd"));
    await page.goto("/shoppinglist");
    await expect
      .poll(() => page.evaluate(() => caches.match("/shoppinglist").then((found) => found !== undefined)))
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    const form = page.getByRole("form", { name: "Add an item" });
    await form.getByLabel("Item").fill("eggs");
    await form.getByLabel("Amount (optional)").fill("6");
    await form.getByRole("button", { name: "Add to list" }).click();
    await expect(page.getByText("1 change waiting to be sent.")).toBeVisible();
    await expect(cards(page).filter({ hasText: "eggs" })).toContainText("Waiting to be sent");
    const [change] = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY))!) as {
      key: string;
    }[];

    await context.setOffline(false);
    await expect(page.getByText("1 change was sent.")).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).not.toContainText("Waiting to be sent");
    await page.getByRole("button", { name: /^Got it\W+eggs$/ }).click();
    await expect(page.getByText("Your shopping list is empty.")).toBeVisible();

    expect(await addThroughJson(page, "eggs", change.key)).toEqual({
      message: "eggs is on your list.",
      repeated: true,
    });
    await page.reload();
    await expect(page.getByText("Your shopping list is empty.")).toBeVisible();
  });

  test("the pantry and the last opened recipe read offline too; the app can be installed", async ({
    page,
    context,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "offread"));
    const manifestLink = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await page.request.get(manifestLink!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ display: "standalone", start_url: "/home", theme_color: "#2f7d4f" });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) expect((await page.request.get(icon.src)).headers()["content-type"]).toBe("image/png");

    expect((await page.request.post("/api/pantry", { data: { ingredient_name: "flour" } })).ok()).toBe(true);
    const recipeId = await createRecipeThroughApi(page.request, "Offline Pancakes");
    await page.goto("/ingredient-preview");
    await expect(page.locator(".ingredient-name")).toHaveText(["flour"]);
    await expect
      .poll(() => page.evaluate(() => caches.match("/ingredient-preview").then((found) => found !== undefined)))
      .toBe(true);
    await page.goto(`/menu-detail/${recipeId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Offline Pancakes" })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate((path) => caches.match(path).then((found) => found !== undefined), `/menu-detail/${recipeId}`)
      )
      .toBe(true);

    await context.setOffline(true);
    await page.goto("/ingredient-preview");
    await expect(page.locator(".ingredient-name")).toHaveText(["flour"]);
    await page.goto(`/menu-detail/${recipeId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Offline Pancakes" })).toBeVisible();
  });

  test("two tabs back online replay the same queue: each change is applied once, and neither tab reports a refusal", async ({
    page,
    context,
  }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "twotabs"));
    await visitListOf(page, ["oat milk", "flour"]);
    const second = await context.newPage();
    await second.goto("/shoppinglist");
    await expect(cards(second)).toHaveCount(2);

    await context.setOffline(true);
    await page.getByRole("button", { name: /^Got it\W+oat milk$/ }).click();
    const form = page.getByRole("form", { name: "Add an item" });
    await form.getByLabel("Item").fill("eggs");
    await form.getByLabel("Amount (optional)").fill("6");
    await form.getByRole("button", { name: "Add to list" }).click();
    await expect(page.getByText("2 changes waiting to be sent.")).toBeVisible();
    // the other tab shares the queue (one localStorage): it shows the same two changes waiting
    await expect(second.getByText("2 changes waiting to be sent.")).toBeVisible();
    await expect(cards(second).filter({ hasText: "oat milk" })).toHaveCount(0);

    // both tabs see the connection return at once and send the queue: the first change from each tab is held until
    // the other's has come too, so that the server gets the same change twice at the same moment. Every answer
    // either tab gets is a success (a repeat answered as the first time), never a refusal.
    const [first] = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY))!) as {
      key: string;
    }[];
    let bothSent: () => void;
    const barrier = new Promise<void>((resolve) => (bothSent = resolve));
    let firstSends = 0;
    await context.route("**/shoppinglist", async (route) => {
      if (route.request().method() === "POST" && route.request().postData()?.includes(first.key)) {
        firstSends += 1;
        if (firstSends === 2) bothSent();
        await Promise.race([barrier, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      await route.continue();
    });
    const answers: number[] = [];
    let sending = 0;
    for (const tab of [page, second]) {
      const replayed = (request: Request) => request.method() === "POST" && request.url().endsWith("/shoppinglist");
      tab.on("request", (request) => (sending += replayed(request) ? 1 : 0));
      tab.on("requestfailed", (request) => (sending -= replayed(request) ? 1 : 0));
      tab.on("requestfinished", async (request) => {
        if (!replayed(request)) return;
        answers.push((await request.response())!.status());
        sending -= 1;
      });
    }
    await context.setOffline(false);
    await expect.poll(() => firstSends).toBe(2);
    for (const tab of [page, second]) await expect(tab.getByText(/waiting to be sent/)).toHaveCount(0);
    await expect.poll(() => sending).toBe(0);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    for (const tab of [page, second]) {
      await expect(tab.locator(".offline-refusals")).toHaveCount(0);
      await tab.reload();
      await expect(cards(tab).locator(".shopping-card-name")).toHaveText(["flour", "eggs"]);
    }
    expect((await pantryNames(page)).filter((name) => name === "oat milk")).toHaveLength(1);
  });

  test("a tap the server can no longer apply shows the server's message", async ({ page, context }, testInfo) => {
    await signInAsNewCook(page, uniqueUsername(testInfo, "offgone"));
    await addThroughJson(page, "lemons");
    await page.goto("/shoppinglist");
    await expect
      .poll(() => page.evaluate(() => caches.match("/shoppinglist").then((found) => found !== undefined)))
      .toBe(true);
    const item = Number(await page.locator(".shopping-got input[name=item]").first().inputValue());

    await context.setOffline(true);
    await page.getByRole("button", { name: "Remove lemons" }).click();
    await expect(page.getByText("1 change waiting to be sent.")).toBeVisible();
    // another member bought them meanwhile
    expect((await page.request.post("/shoppinglist", { data: { intent: "got-it", item } })).status()).toBe(200);

    await context.setOffline(false);
    await expect(page.getByText("1 change was sent.")).toBeVisible();
    await expect(page.getByText("That item is no longer on your list.")).toBeVisible();
    await expect(page.getByText("Your shopping list is empty.")).toBeVisible();
  });
});
