import { beforeAll, describe, expect, it } from "vitest";
import { loader as menuIndexLoader } from "~/routes/menu-detail._index";
import { action as menuAction, loader as menuLoader } from "~/routes/menu-detail.$id";
import { action as shoppingAction, loader as shoppingLoader } from "~/routes/shoppinglist";
import { loader as favoritesLoader } from "~/routes/_tabs.favorites";
import { loader as historyLoader } from "~/routes/_tabs.history";
import { loader as homeLoader } from "~/routes/_tabs.home";
import { prisma } from "~/services/db.server";
import { REPEAT_VISIT_MS } from "~/services/history.server";
import { addToUserPantry } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { flashAfter, flashOn } from "../support/flash";
import { cookiesAfter, formRequest, getRequest, run, served } from "../support/requests";
import { cookOfUser } from "~/services/cook.server";

let recipeId: number;
let otherRecipeId: number;
const STEPS = ["Whisk the flour, eggs and milk.", "Melt the butter in a pan.", "Fry the pancakes."];

beforeAll(async () => {
  await seedIngredients();
  const saved = await saveRecipe({
    name: "Screen Test Pancakes",
    cuisines: ["American"],
    occasions: ["Breakfast"],
    prepTime: 10,
    cookingTime: null,
    servings: 2,
    ingredients: [
      { name: "plain flour", quantity: "150 grams" },
      { name: "egg", quantity: "2" },
      { name: "milk", quantity: "300 milliliters" },
      { name: "tomato", quantity: "2" },
      { name: "water", quantity: "50 ml" },
      { name: "butter", quantity: "2 tablespoons", seasoning: true },
      { name: "salt", quantity: "1 teaspoon", seasoning: true },
    ],
    steps: STEPS,
    tips: ["Rest the batter for 10 minutes."],
    origin: "user",
  });
  recipeId = saved.id;
  // A line whose type is missing is on neither grid.
  await prisma.recipeIngredient.updateMany({ where: { recipeId, name: "water" }, data: { type: null } });
  otherRecipeId = (
    await saveRecipe({
      name: "Screen Test Salad",
      cuisines: ["Mediterranean"],
      occasions: ["Lunch"],
      servings: 1,
      ingredients: [{ name: "cucumber", quantity: "1" }],
      steps: ["Slice and serve."],
      tips: [],
      origin: "user",
    })
  ).id;
});

let counter = 0;
async function signedInCook(allergies: string[] = [], pantry: string[] = []) {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      username: `screen_${counter}_${Date.now() % 100000}`,
      email: `screen${counter}_${Date.now()}@example.com`,
      allergies: JSON.stringify(allergies),
    },
  });
  await addToUserPantry(user.id, pantry);
  const cookie = (await createUserSession(getRequest("/login"), user.id)).split(";")[0];
  return { id: user.id, cookie };
}

type Cook = Awaited<ReturnType<typeof signedInCook>>;
const path = (id = recipeId) => `/menu-detail/${id}`;
const openRecipe = (cook: Cook | null, id = recipeId) =>
  run(() =>
    menuLoader({ request: getRequest(path(id), { cookie: cook?.cookie }), params: { id: String(id) }, context: {} })
  );
const detail = async (cook: Cook, id = recipeId) => {
  const response = await openRecipe(cook, id);
  expect(response.status).toBe(200);
  return response.json();
};
const post = (cook: Cook, fields: Record<string, string>, id = recipeId) =>
  run(() =>
    menuAction({
      request: formRequest(path(id), fields, { cookie: cook.cookie }),
      params: { id: String(id) },
      context: {},
    })
  );
const postFields = (cook: Cook, fields: [string, string][], id = recipeId) => {
  const request = formRequest(path(id), {}, { cookie: cook.cookie });
  const body = new URLSearchParams(fields);
  return run(() =>
    menuAction({
      request: new Request(request, { body, headers: request.headers, method: "POST" }),
      params: { id: String(id) },
      context: {},
    })
  );
};
const completions = (cook: Cook) => prisma.mealCompletion.count({ where: { userId: cook.id, recipeId } });

describe("opening a recipe", () => {
  it("sends a guest to /login and back", async () => {
    const response = await openRecipe(null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path())}`);
  });

  it("answers 404 for a recipe that does not exist or an id that is not one", async () => {
    const cook = await signedInCook();
    for (const id of ["999999", "abc", "0"]) {
      const response = await run(() =>
        menuLoader({ request: getRequest(`/menu-detail/${id}`, { cookie: cook.cookie }), params: { id }, context: {} })
      );
      expect(response.status).toBe(404);
    }
  });

  it("shows the grids with seasonings apart, untyped lines hidden, units abbreviated and what the cook has marked", async () => {
    const cook = await signedInCook([], ["egg", "tomato"]);
    const page = await detail(cook);
    expect(page.menu).toMatchObject({
      menu_name: "Screen Test Pancakes",
      prep_time: 10,
      cooking_time: null,
      steps: STEPS,
    });
    expect(page.grids.ingredients).toEqual([
      { name: "plain flour", quantity: "150 g", have: false, section: null },
      { name: "egg", quantity: "2", have: true, section: null },
      { name: "milk", quantity: "300 ml", have: false, section: null },
      { name: "tomato", quantity: "2", have: true, section: null },
    ]);
    expect(page.grids.seasonings).toEqual([
      { name: "butter", quantity: "2 tbsp", have: false, section: null },
      { name: "salt", quantity: "1 tsp", have: false, section: null },
    ]);
    expect(page.favorite).toBe(false);
    expect(page.allergyWarnings).toEqual([]);
    expect(page.reviews).toMatchObject({ recipeId, latest: null });
  });

  it("records one history entry per visit, not one per reload", async () => {
    const cook = await signedInCook();
    await detail(cook);
    await detail(cook);
    expect(await prisma.historyEntry.count({ where: { userId: cook.id } })).toBe(1);
    await detail(cook, otherRecipeId);
    await detail(cook);
    expect(await prisma.historyEntry.count({ where: { userId: cook.id } })).toBe(3);
    // Long after, the same recipe again is a new visit.
    await prisma.historyEntry.updateMany({
      where: { userId: cook.id },
      data: { createdAt: new Date(Date.now() - REPEAT_VISIT_MS - 1000) },
    });
    await detail(cook);
    const history = await (
      await run(() =>
        historyLoader({ request: getRequest("/history", { cookie: cook.cookie }), params: {}, context: {} })
      )
    ).json();
    expect(history.history.map((entry: { menu_id: number }) => entry.menu_id)).toEqual([
      recipeId,
      recipeId,
      otherRecipeId,
      recipeId,
    ]);
  });

  it("records no history when another site sends the cook to the recipe; the app's own links and typed addresses do", async () => {
    const cook = await signedInCook();
    const open = (site: string, id = recipeId) =>
      run(() =>
        menuLoader({
          request: getRequest(path(id), { cookie: cook.cookie, headers: { "Sec-Fetch-Site": site } }),
          params: { id: String(id) },
          context: {},
        })
      );
    for (const site of ["cross-site", "same-site"]) {
      const page = await open(site);
      expect(page.status).toBe(200);
      expect((await page.json()).menu.menu_name).toBe("Screen Test Pancakes");
    }
    expect(await prisma.historyEntry.count({ where: { userId: cook.id } })).toBe(0);
    await open("same-origin");
    expect(await prisma.historyEntry.count({ where: { userId: cook.id } })).toBe(1);
    await open("none", otherRecipeId);
    expect(await prisma.historyEntry.count({ where: { userId: cook.id } })).toBe(2);
  });

  it("/menu-detail opens the recipe opened last, or says there is none", async () => {
    const cook = await signedInCook();
    const load = () =>
      run(() =>
        menuIndexLoader({ request: getRequest("/menu-detail", { cookie: cook.cookie }), params: {}, context: {} })
      );
    expect((await load()).status).toBe(200);
    await detail(cook, otherRecipeId);
    const response = await load();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/menu-detail/${otherRecipeId}`);
  });
});

describe("favourite heart", () => {
  it("adds and removes without JavaScript, redirecting back; a repeat changes nothing", async () => {
    const cook = await signedInCook();
    for (let i = 0; i < 2; i++) {
      const response = await post(cook, { intent: "favorite", favorite: "true" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(path());
    }
    expect(await prisma.favorite.count({ where: { userId: cook.id } })).toBe(1);
    expect((await detail(cook)).favorite).toBe(true);
    const liked = await (
      await run(() =>
        favoritesLoader({ request: getRequest("/favorites", { cookie: cook.cookie }), params: {}, context: {} })
      )
    ).json();
    expect(liked.favorites).toEqual([
      {
        menu_id: recipeId,
        menu_name: "Screen Test Pancakes",
        prep_time: 10,
        cooking_time: null,
        image: `/recipe-images/${recipeId}.svg`,
      },
    ]);
    const off = await post(cook, { intent: "favorite", favorite: "false" });
    expect(off.headers.get("Location")).toBe(path());
    expect(await prisma.favorite.count({ where: { userId: cook.id } })).toBe(0);
  });

  it("refuses a cross-site post", async () => {
    const cook = await signedInCook();
    const request = formRequest(
      path(),
      { intent: "favorite", favorite: "true" },
      { cookie: cook.cookie, headers: { Origin: "https://evil.example" } }
    );
    const response = await served(request, () =>
      menuAction({ request, params: { id: String(recipeId) }, context: {} })
    );
    expect(response.status).toBe(403);
    expect(await prisma.favorite.count({ where: { userId: cook.id } })).toBe(0);
  });
});

describe("missing ingredients", () => {
  it("picks ingredients, then adds them merged into the list by name and opens /shoppinglist", async () => {
    const cook = await signedInCook();
    await prisma.shoppingItem.create({
      data: { listId: (await cookOfUser(cook.id)).listId, name: "Eggs", nameKey: "egg", quantity: "6" },
    });
    for (const ingredient of ["butter", "egg", "milk"]) {
      expect((await post(cook, { intent: "select-ingredient", ingredient, selected: "true" })).status).toBe(302);
    }
    await post(cook, { intent: "select-ingredient", ingredient: "milk", selected: "false" });
    expect((await detail(cook)).selectedIngredients).toEqual(["egg", "butter"]);

    const request = formRequest(path(), {}, { cookie: cook.cookie });
    const body = new URLSearchParams([
      ["intent", "add-to-list"],
      ["ingredient", "egg"],
      ["ingredient", "butter"],
    ]);
    const response = await run(() =>
      menuAction({
        request: new Request(request, { body, headers: request.headers, method: "POST" }),
        params: { id: String(recipeId) },
        context: {},
      })
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/shoppinglist");
    const followCookie = cookiesAfter(cook.cookie, response);
    const list = await (
      await run(() =>
        shoppingLoader({ request: getRequest("/shoppinglist", { cookie: followCookie }), params: {}, context: {} })
      )
    ).json();
    const flash = await flashOn("/shoppinglist", followCookie);
    expect(list.items.map((item: { name: string; quantity: string }) => [item.name, item.quantity])).toEqual([
      ["Eggs", "6"],
      ["butter", "2 tbsp"],
    ]);
    expect(list.items[1].image).toMatch(/^\/icons\/[\w-]+$/);
    expect(flash).toEqual({
      type: "success",
      message: "Added 1 item to your shopping list. 1 item was already on it.",
    });
    expect((await detail(cook)).selectedIngredients).toEqual([]);

    // The same add again (a double submit) changes nothing; Home's badge counts the rows.
    await postFields(cook, [
      ["intent", "add-to-list"],
      ["ingredient", "egg"],
      ["ingredient", "butter"],
    ]);
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(2);
    const home = await (
      await run(() => homeLoader({ request: getRequest("/home", { cookie: cook.cookie }), params: {}, context: {} }))
    ).json();
    expect(home.shoppingCount).toBe(2);
  });

  it("refuses nothing picked, or names the recipe does not have, leaving the list unchanged", async () => {
    const cook = await signedInCook();
    const stranger = await postFields(cook, [
      ["intent", "add-to-list"],
      ["ingredient", "egg"],
      ["ingredient", "caviar"],
    ]);
    expect(await flashAfter(stranger)).toEqual({ type: "error", message: "caviar is not in this recipe." });
    const hidden = await post(cook, { intent: "select-ingredient", ingredient: "water", selected: "true" });
    expect(await flashAfter(hidden)).toEqual({ type: "error", message: "That ingredient is not in this recipe." });
    const form = await post(cook, { intent: "add-to-list" });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe(path());
    expect(await flashAfter(form)).toEqual({ type: "error", message: "Select the ingredients you are missing first." });
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(0);
  });
});

describe("cooking checklist", () => {
  const tick = (cook: Cook, step: number, checked = true) =>
    post(cook, { intent: "check-step", step: String(step), checked: String(checked) });

  it("records exactly one meal completion when the last step is ticked", async () => {
    const cook = await signedInCook();
    await tick(cook, 0);
    await tick(cook, 2);
    expect(await completions(cook)).toBe(0);
    await tick(cook, 1);
    expect(await detail(cook)).toMatchObject({ checkedSteps: [0, 1, 2], counted: { co2SavedKg: expect.any(Number) } });
    expect(await completions(cook)).toBe(1);
    // Reloads, ticking again and unticking one step then ticking it again: still this cooking.
    await detail(cook);
    await tick(cook, 1);
    await tick(cook, 1, false);
    await tick(cook, 1);
    expect(await completions(cook)).toBe(1);
    expect((await detail(cook)).counted).toMatchObject({ co2SavedKg: expect.any(Number) });
    // The meal's CO2 saved, once known, is worded for the 'Well done!' line.
    await prisma.mealCompletion.updateMany({ where: { userId: cook.id, recipeId }, data: { co2SavedKg: 1.26 } });
    expect((await detail(cook)).counted).toEqual({ co2SavedKg: 1.26, co2Saved: "Around 1.3 kg of CO2 saved!" });
  });

  it("counts a double submit of the last step once", async () => {
    const cook = await signedInCook();
    await tick(cook, 0);
    await tick(cook, 1);
    const replies = await Promise.all([
      tick(cook, 2),
      tick(cook, 2),
      post(cook, { intent: "check-step", step: "2", checked: "true" }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([302, 302, 302]);
    expect(await completions(cook)).toBe(1);
  });

  it("starts a new cooking, counted again, once every step is unticked", async () => {
    const cook = await signedInCook();
    for (const step of [0, 1, 2]) await tick(cook, step);
    for (const step of [0, 1, 2]) await tick(cook, step, false);
    expect((await detail(cook)).counted).toBeNull();
    for (const step of [0, 1, 2]) await tick(cook, step);
    expect(await completions(cook)).toBe(2);
  });

  it("works without JavaScript, coming back to the step", async () => {
    const cook = await signedInCook();
    const response = await post(cook, { intent: "check-step", step: "1", checked: "true" });
    expect(response.headers.get("Location")).toBe(`${path()}#step-2`);
    expect((await detail(cook)).checkedSteps).toEqual([1]);
  });

  it("refuses a step the recipe does not have", async () => {
    const cook = await signedInCook();
    const response = await tick(cook, 3);
    expect(await flashAfter(response)).toEqual({ type: "error", message: "There is no step 4 in this recipe." });
    expect((await detail(cook)).checkedSteps).toEqual([]);
  });
});

describe("allergy warning", () => {
  it("flags ingredients through the catalogue's allergen groups, until 'I Understand'", async () => {
    const cook = await signedInCook(["lactose", "gluten"]);
    const warnings = (await detail(cook)).allergyWarnings;
    expect(warnings.map((line: string) => line.slice(0, line.indexOf(" ("))).sort()).toEqual([
      "butter",
      "milk",
      "plain flour",
    ]);
    expect(warnings).toContain("butter (your allergy: lactose, milk)");
    const response = await post(cook, { intent: "acknowledge-allergies" });
    expect(response.status).toBe(302);
    expect((await detail(cook)).allergyWarnings).toEqual([]);
    expect((await detail(cook)).allergyWarnings).toEqual([]);
  });

  it("does not warn a cook whose allergies the recipe does not hit", async () => {
    const cook = await signedInCook(["shellfish"]);
    expect((await detail(cook)).allergyWarnings).toEqual([]);
  });
});

describe("shopping list", () => {
  const load = (cook: Cook | null, query = "") =>
    run(() =>
      shoppingLoader({
        request: getRequest(`/shoppinglist${query}`, { cookie: cook?.cookie }),
        params: {},
        context: {},
      })
    );
  const remove = (cook: Cook, item: string) =>
    run(() =>
      shoppingAction({
        request: formRequest("/shoppinglist", { intent: "remove", item }, { cookie: cook.cookie }),
        params: {},
        context: {},
      })
    );

  it("is for signed-in cooks only", async () => {
    const response = await load(null);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fshoppinglist");
  });

  it("removes the cook's own items only", async () => {
    const cook = await signedInCook();
    const other = await signedInCook();
    const mine = await prisma.shoppingItem.create({
      data: { listId: (await cookOfUser(cook.id)).listId, name: "lemon", nameKey: "lemon" },
    });
    const theirs = await prisma.shoppingItem.create({
      data: { listId: (await cookOfUser(other.id)).listId, name: "lime", nameKey: "lime" },
    });
    const refused = await remove(cook, String(theirs.id));
    expect(await flashAfter(refused)).toEqual({ type: "error", message: "That item is no longer on your list." });
    expect(await prisma.shoppingItem.count({ where: { id: theirs.id } })).toBe(1);
    expect((await flashAfter(await remove(cook, "abc")))?.type).toBe("error");
    const removed = await remove(cook, String(mine.id));
    expect(removed.status).toBe(302);
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(0);
  });

  it("offers two delivery apps searching the one item whose Order was chosen", async () => {
    const cook = await signedInCook();
    const { listId } = await cookOfUser(cook.id);
    await prisma.shoppingItem.createMany({
      data: [
        { listId, name: "lemon", nameKey: "lemon" },
        { listId, name: "soy sauce", nameKey: "soy sauce" },
      ],
    });
    const lemon = await prisma.shoppingItem.findFirstOrThrow({ where: { listId, name: "lemon" } });
    expect((await (await load(cook)).json()).ordering).toBeNull();
    const { ordering } = await (await load(cook, `?order=${lemon.id}`)).json();
    expect(ordering.name).toBe("lemon");
    expect(ordering.apps).toHaveLength(2);
    for (const app of ordering.apps) expect(new URL(app.url).searchParams.get("k")).toBe("lemon");
    // an item of another list is not ordered through this one
    expect((await (await load(cook, "?order=999999")).json()).ordering).toBeNull();
  });
});
