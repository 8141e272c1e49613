/**
 * Issue 31's rough edges, each as a user notices it, with and without JavaScript: the password rule shown before a
 * failed sign-up, the servings stepper on one line on a phone, shopping names whole, and Order per item.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpThroughApi, uniqueUsername } from "./support";

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
