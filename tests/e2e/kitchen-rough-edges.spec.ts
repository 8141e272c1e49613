/**
 * Issue 31's rough edges, each as a user notices it, with and without JavaScript: the password rule shown before a
 * failed sign-up, the servings stepper on one line on a phone, shopping names whole, Order per item, "Delete my
 * review" asked first wherever the review is, and a move to the freezer that shows its new date before saving it.
 */
import { expect, test, type Page } from "@playwright/test";
import { createRecipeThroughApi, hasJavaScript, signUpThroughApi, uniqueUsername } from "./support";

test("sign-up shows the password rule under the field before anything is sent", async ({ page }) => {
  await page.goto("/signup");
  const rule = page.getByText("At least 8 characters, with an uppercase letter, a lowercase letter and a number.");
  await expect(rule).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "At least 8 characters, with an uppercase letter, a lowercase letter and a number."
  );
});

test("onboarding's dots move the current slide, with or without JavaScript", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: /^Slide 1/ })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: /^Slide 3/ }).click();
  await expect(page.getByRole("link", { name: /^Slide 3/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: /^Slide 1/ })).not.toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { name: "Join the kitchen" })).toBeInViewport();
  await page.getByRole("link", { name: /^Slide 2/ }).click();
  await expect(page.getByRole("link", { name: /^Slide 2/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("heading", { name: "Waste less, save CO2" })).toBeInViewport();
});

/** The words of the element's text that the browser broke over two lines. */
function wordsBrokenInside(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const text = element.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const broken: string[] = [];
      for (const match of (text.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
      return broken;
    })
  );
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the servings − and + stay on one line with the number", async ({ page }, testInfo) => {
    await signUpThroughApi(page.request, uniqueUsername(testInfo, "serv"));
    const created = await page.request.post("/api/menus", {
      data: {
        menu_name: `Stepper soup ${testInfo.project.name}`,
        servings: 4,
        ingredients_quantity: { leek: "2" },
        steps: ["Simmer."],
      },
    });
    const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
    await page.goto(`/menu-detail/${recipeId}`);
    const fewer = (await page.getByRole("link", { name: "One serving fewer" }).boundingBox())!;
    const more = (await page.getByRole("link", { name: "One serving more" }).boundingBox())!;
    const number = (await page.getByLabel("Servings", { exact: true }).boundingBox())!;
    expect(Math.abs(more.y - fewer.y)).toBeLessThan(2);
    expect(more.x).toBeGreaterThan(number.x);
  });

  test("shopping names are not broken mid-word, and Order searches the one item", async ({ page }, testInfo) => {
    await signUpThroughApi(page.request, uniqueUsername(testInfo, "shopn"));
    const created = await page.request.post("/api/menus", {
      data: {
        menu_name: `Roast dinner ${testInfo.project.name}`,
        ingredients_quantity: { "roast chicken": "1", "smoked paprika": "1 tsp", "butternut squash": "1" },
        steps: ["Roast."],
      },
    });
    const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
    for (const ingredient of ["roast chicken", "smoked paprika", "butternut squash"])
      await page.request.post(`/menu-detail/${recipeId}`, { form: { intent: "add-to-list", ingredient } });
    await page.goto("/shoppinglist");
    await expect(page.getByRole("list", { name: "Items to buy" }).getByRole("listitem")).toHaveCount(3);
    expect(await wordsBrokenInside(page, ".shopping-card-name")).toEqual([]);

    await page.getByRole("link", { name: "Order smoked paprika" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose Delivery App" });
    await expect(dialog).toContainText("The app opens in a new window with smoked paprika in its search.");
    await expect(dialog.getByRole("link", { name: "Instacart" })).toHaveAttribute(
      "href",
      `https://www.instacart.com/store/s?${new URLSearchParams({ k: "smoked paprika" })}`
    );
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/shoppinglist$/);
  });
});

test("Delete my review is on the recipe's review form too, and asks before deleting", async ({ page }, testInfo) => {
  const userId = await signUpThroughApi(page.request, uniqueUsername(testInfo, "delrev"));
  const recipeId = await createRecipeThroughApi(page.request, `Review-me pie ${testInfo.project.name} ${Date.now()}`);
  const posted = await page.request.post(`/api/menu-detail/${recipeId}/reviews`, {
    data: { user_id: userId, menu_id: recipeId, rating: 4, comment: "Lovely and quick" },
  });
  expect(posted.status()).toBe(201);

  await page.goto(`/menu-detail/${recipeId}`);
  const block = page.getByRole("region", { name: "Reviews" });
  await expect(block.getByRole("heading", { name: "Update your review" })).toBeVisible();
  const question = page.getByRole("dialog", { name: "Delete your review?" });
  // asked first; Cancel keeps it
  await block.getByRole("link", { name: "Delete my review" }).click();
  await expect(question).toBeVisible();
  await expect(question).toContainText("Your rating and comment on this recipe will be removed for everyone.");
  await question.getByRole(hasJavaScript(testInfo) ? "button" : "link", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}$`));
  await expect(block.getByRole("heading", { name: "Update your review" })).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/menu-detail/${recipeId}/reviews`)).json()) as { review_lenght: number })
      .review_lenght
  ).toBe(1);

  // then deleted, back on the recipe
  await block.getByRole("link", { name: "Delete my review" }).click();
  await question.getByRole("button", { name: "Delete review" }).click();
  await expect(page.getByText("Review deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}(#reviews)?$`));
  await expect(block.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await expect(block.getByText("Be the first to leave a review!")).toBeVisible();
  await expect(block.getByRole("link", { name: "Delete my review" })).toHaveCount(0);
  expect(
    ((await (await page.request.get(`/api/menu-detail/${recipeId}/reviews`)).json()) as { review_lenght: number })
      .review_lenght
  ).toBe(0);
});

test("moving an item to the freezer shows its new date before it replaces the old one, on both pantry screens", async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page.request, uniqueUsername(testInfo, "freeze"));
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const stored = async (name: string) =>
    (
      (await (await page.request.get("/api/pantry")).json()) as {
        items: { ingredient_name: string; storage: string; best_before: string }[];
      }
    ).items.find((item) => item.ingredient_name === name);

  for (const [screen, name] of [
    ["/pantry", "chicken breast"],
    ["/ingredient-preview", "salmon"],
  ]) {
    const created = await page.request.post("/api/pantry", {
      data: { ingredient_name: name, quantity: 400, unit: "g", storage: "fridge", best_before: inTwoDays },
    });
    expect(created.status()).toBe(201);
    await page.goto(screen);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const form = page.getByRole("form", { name: `Edit ${name}` });
    await expect(form.getByLabel("Best before")).toHaveValue(inTwoDays);
    await form.getByLabel("Kept in").selectOption({ label: "Freezer" });
    // with JavaScript the new date shows as the place changes; without it, Save shows it and saves nothing yet
    if (!hasJavaScript(testInfo)) await form.getByRole("button", { name: "Save" }).click();
    const note = form.getByRole("status");
    await expect(note).toHaveText(new RegExp(`^In the freezer, ${name} keeps until \\d{2}/\\d{2}/\\d{4}\\.`));
    const [, dd, mm, yyyy] = /(\d{2})\/(\d{2})\/(\d{4})/.exec((await note.textContent()) ?? "")!;
    const movedDay = `${yyyy}-${mm}-${dd}`;
    expect(movedDay > inTwoDays).toBe(true);
    await expect(form.getByLabel("Best before")).toHaveValue(movedDay);
    await expect(form.getByLabel("Best before")).toHaveAccessibleDescription(/^In the freezer, /);
    await expect(form.getByLabel("Kept in")).toHaveValue("freezer");
    expect(await stored(name)).toMatchObject({ storage: "fridge", best_before: inTwoDays });

    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    expect(await stored(name)).toMatchObject({ storage: "freezer", best_before: movedDay });
    await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("400 g · Freezer");
  }
});

test("Home's CO2 saved and food rescued count the same food: the servings the cook fitted, not the recipe's", async ({
  page,
}, testInfo) => {
  await signUpThroughApi(page.request, uniqueUsername(testInfo, "sameco2"));
  const created = await page.request.post("/api/menus", {
    data: {
      menu_name: `Beef ragu for six ${testInfo.project.name} ${Date.now()}`,
      servings: 6,
      ingredients_quantity: { "ground beef": "600 g", onion: "1" },
      steps: ["Brown the beef.", "Simmer with the onion."],
    },
  });
  const { menu_id: recipeId } = (await created.json()) as { menu_id: number };
  // 400 g of the 600 g: the pantry fits 4 servings of the 6
  expect(
    (
      await page.request.post("/api/pantry", { data: { ingredient_name: "ground beef", quantity: 400, unit: "g" } })
    ).status()
  ).toBe(201);
  await page.goto(`/cook/${recipeId}?fit=pantry&step=2`);
  await page.getByRole("button", { name: "Finish cooking" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipeId}\\?fit=pantry#cooking-status$`));

  await page.goto("/home");
  // 0.4 kg of ground beef at 59.6 kg CO2e per kg: both figures from those 400 g (the old figure counted 600 g and
  // no food rescued at all)
  await expect(page.getByText("Around 23.8 kg of CO2 saved!")).toBeVisible();
  const rescued = page.locator(".monthly-meals-food div").filter({ hasText: "Food rescued this month" });
  await expect(rescued.locator("dd")).toHaveText("0.4 kg");
});
