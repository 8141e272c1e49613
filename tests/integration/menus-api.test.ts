import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as createMenuAction } from "~/api/menus.server";
import { action as updateMenuAction } from "~/api/menus.$recipeId.server";
import { LOGIN_REQUIRED } from "~/services/api-auth.server";
import { prisma } from "~/services/db.server";
import type { Menu } from "~/services/recipe-search.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { startHttpsPhotoServer } from "../support/https-photo-server";
import { getRequest, jsonRequest, run, served } from "../support/requests";

// The pictures are fetched from a real HTTPS server on loopback, with a certificate made for the run.
vi.hoisted(() => {
  process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS = "true";
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  process.env.UPLOADS_DIR = `tests/.tmp/uploads-menus-${process.pid}`;
});
const photos = await startHttpsPhotoServer();
afterAll(async () => {
  await photos.close();
  rmSync(process.env.UPLOADS_DIR!, { recursive: true, force: true });
});

beforeAll(async () => {
  await seedIngredients();
});

let userCounter = 0;
/** The session cookie of a new signed-in user. */
async function signedInCookie(): Promise<{ userId: number; cookie: string }> {
  userCounter += 1;
  const user = await prisma.user.create({
    data: {
      username: `menus_${userCounter}_${Date.now() % 100000}`,
      email: `menus${userCounter}_${Date.now()}@example.com`,
    },
  });
  const cookie = await createUserSession(getRequest("/home"), user.id);
  return { userId: user.id, cookie: cookie.split(";")[0] };
}

const omelette = {
  menu_name: "Spinach Cheddar Omelette",
  image: null,
  prep_time: 5,
  cooking_time: 8,
  servings: 2,
  ingredients_quantity: { eggs: "4", spinach: "60 g", "cheddar cheese": "40 g", butter: "1 tbsp", salt: "to taste" },
  ingredients_type: { eggs: "Eggs", butter: "miscellaneous items", salt: "miscellaneous items" },
  steps: [
    "Whisk the eggs with a pinch of salt.",
    "Wilt the spinach in the butter, pour in the eggs and cook gently.",
    "Scatter the cheese over, fold and serve.",
  ],
  tips: ["Take the pan off the heat while the top is still a little runny."],
  // A client's figures are not trusted: the store computes nutrition from the catalogue.
  nutrition: { calories: 1, protein: 999, fat: 0, carbohydrates: 0, sodium: 0, sugar: 0 },
};

function createMenu(body: unknown, cookie: string | null) {
  return run(() => createMenuAction({ request: jsonRequest("/api/menus", body, { cookie }), params: {}, context: {} }));
}

function setImage(recipeId: string, body: unknown, cookie: string | null) {
  const request = new Request(jsonRequest(`/api/menus/${recipeId}`, body, { cookie }), { method: "PUT" });
  return run(() => updateMenuAction({ request, params: { recipeId }, context: {} }));
}

describe("POST /api/menus", () => {
  it("creates the menu with nutrition computed from the catalogue, for a signed-in user", async () => {
    const { userId, cookie } = await signedInCookie();
    const response = await createMenu(omelette, cookie);
    expect(response.status).toBe(201);
    const menu = (await response.json()) as Menu;
    expect(menu).toMatchObject({
      menu_name: omelette.menu_name,
      prep_time: 5,
      cooking_time: 8,
      ingredients_quantity: omelette.ingredients_quantity,
      ingredients_type: {
        eggs: "Eggs",
        spinach: "Vegetables",
        "cheddar cheese": "Milk and dairy products",
        butter: "miscellaneous items",
        salt: "miscellaneous items",
      },
      steps: omelette.steps,
      tips: omelette.tips,
      image: `/recipe-images/${menu.menu_id}.svg`,
    });
    // Two eggs, 30 g spinach, 20 g cheddar and half a tablespoon of butter a serving: about 250 kcal, 18 g protein.
    expect(menu.nutrition.calories).toBeGreaterThan(200);
    expect(menu.nutrition.calories).toBeLessThan(320);
    expect(menu.nutrition.protein).toBeGreaterThan(14);
    expect(menu.nutrition.protein).toBeLessThan(22);
    const stored = await prisma.recipe.findUniqueOrThrow({ where: { id: menu.menu_id }, include: { tags: true } });
    expect(stored).toMatchObject({ origin: "user", importedById: userId, servings: 2 });
    expect(stored.tags).toContainEqual(expect.objectContaining({ kind: "diet", value: "Vegetarian" }));
  });

  it("answers an existing shared menu of that name as it is, without overwriting it", async () => {
    const { cookie } = await signedInCookie();
    const name = "Tomato Egg Scramble For Two";
    const first = await createMenu({ ...omelette, menu_name: name, shared: true }, cookie);
    const created = (await first.json()) as Menu;
    const again = await createMenu(
      { ...omelette, menu_name: name, steps: ["Something else entirely."], prep_time: 99 },
      (
        await signedInCookie()
      ).cookie
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    expect(await prisma.recipe.count({ where: { name } })).toBe(1);
  });

  it("creates one recipe when two cooks create the same new name at once, answering the other with it unchanged", async () => {
    const name = "Simultaneous Spinach Frittata";
    const bodies = [
      { ...omelette, menu_name: name, steps: ["The first cook's step."], shared: true },
      { ...omelette, menu_name: name, steps: ["The second cook's step."], shared: true },
    ];
    const cookies = [(await signedInCookie()).cookie, (await signedInCookie()).cookie];
    const responses = await Promise.all(bodies.map((body, index) => createMenu(body, cookies[index])));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
    const creator = responses.findIndex((response) => response.status === 201);
    const [created, kept] = [await responses[creator].json(), await responses[1 - creator].json()];
    expect(created.steps).toEqual(bodies[creator].steps);
    expect(kept).toEqual(created);
    expect(await prisma.recipe.count({ where: { name } })).toBe(1);
    const stored = await prisma.recipeStep.findMany({ where: { recipe: { name } }, select: { text: true } });
    expect(stored.map((step) => step.text)).toEqual(bodies[creator].steps);
  });

  it("refuses a guest with 401 and creates nothing", async () => {
    const response = await createMenu({ ...omelette, menu_name: "Guest Omelette" }, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: LOGIN_REQUIRED });
    expect(await prisma.recipe.count({ where: { name: "Guest Omelette" } })).toBe(0);
  });

  it.each([
    ["a body that is not JSON", "{menu", "Request body must be valid JSON"],
    ["a list", [omelette], "Request body must be a JSON object"],
    ["no name", { ...omelette, menu_name: "  " }, "menu_name: must not be blank"],
    ["a name that is not text", { ...omelette, menu_name: 7 }, "menu_name: must be text"],
    [
      "no ingredients",
      { ...omelette, ingredients_quantity: {} },
      "ingredients_quantity: must list at least one ingredient",
    ],
    [
      "ingredients as a list",
      { ...omelette, ingredients_quantity: ["egg"] },
      "ingredients_quantity: must be an object of ingredient name to quantity text",
    ],
    [
      "an ingredient listed twice",
      { ...omelette, ingredients_quantity: { Egg: "1", egg: "2" } },
      "ingredients_quantity.egg: is listed twice",
    ],
    [
      "a quantity that is not text",
      { ...omelette, ingredients_quantity: { egg: 2 } },
      "ingredients_quantity.egg: must be quantity text",
    ],
    [
      "a type for an ingredient not listed",
      { ...omelette, ingredients_type: { flour: "Grains nuts and baking products" } },
      "ingredients_type.flour: is not in ingredients_quantity",
    ],
    ["no steps", { ...omelette, steps: [] }, "steps: must list at least one step"],
    ["a blank step", { ...omelette, steps: ["Cook.", " "] }, "steps.1: must not be blank"],
    [
      "a name of only a right-to-left override",
      { ...omelette, menu_name: "\u202e" },
      "menu_name: must contain visible characters, not only spaces or invisible ones",
    ],
    [
      "a name of only zero-width spaces",
      { ...omelette, menu_name: "\u200b\u200b" },
      "menu_name: must contain visible characters, not only spaces or invisible ones",
    ],
    [
      "an ingredient named with a zero-width space",
      { ...omelette, ingredients_quantity: { "\u200b": "1" }, ingredients_type: {} },
      "ingredients_quantity.\u200b: an ingredient name must contain visible characters, not only spaces or invisible ones",
    ],
    [
      "a step of only a zero-width joiner",
      { ...omelette, steps: ["Cook.", "\u200d"] },
      "steps.1: must contain visible characters, not only spaces or invisible ones",
    ],
    ["a negative time", { ...omelette, prep_time: -5 }, "prep_time: must not be negative"],
    ["a time as text", { ...omelette, cooking_time: "ten" }, "cooking_time: must be a number of minutes or null"],
    [
      "a script as the picture",
      { ...omelette, image: "javascript:alert(1)" },
      "image: must be an https:// address of a picture, or a photo uploaded to this app",
    ],
  ])("answers %s with 400 and a message, creating nothing", async (_, body, message) => {
    const { cookie } = await signedInCookie();
    const before = await prisma.recipe.count();
    const response = await createMenu(body, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await prisma.recipe.count()).toBe(before);
  });

  it("answers an unknown ingredient type with the allowed types", async () => {
    const { cookie } = await signedInCookie();
    const response = await createMenu(
      { ...omelette, menu_name: "Typed Omelette", ingredients_type: { eggs: "Dairy" } },
      cookie
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^ingredients_type\.eggs: must be one of: Grains nuts and baking products, .*miscellaneous items$/
    );
  });

  it("refuses a post from another site", async () => {
    const { cookie } = await signedInCookie();
    const request = jsonRequest(
      "/api/menus",
      { ...omelette, menu_name: "Cross-site Omelette" },
      { cookie, headers: { Origin: "https://elsewhere.example" } }
    );
    const response = await served(request, () => createMenuAction({ request, params: {}, context: {} }));
    expect(response.status).toBe(403);
    expect(await prisma.recipe.count({ where: { name: "Cross-site Omelette" } })).toBe(0);
  });
});

describe("PUT /api/menus/{id}", () => {
  async function ownMenu(name: string, extra: Record<string, unknown> = {}) {
    const owner = await signedInCookie();
    const menu = (await (await createMenu({ ...omelette, menu_name: name, ...extra }, owner.cookie)).json()) as Menu;
    return { owner, menu };
  }

  it("sets the picture of the user's own menu", async () => {
    const { owner, menu } = await ownMenu("Picture Omelette");
    const response = await setImage(String(menu.menu_id), { image: `${photos.origin}/photo.jpg` }, owner.cookie);
    expect(response.status).toBe(200);
    // fetched once by the server and kept in the upload store: browsers are never sent elsewhere for it
    const stored = ((await response.json()) as Menu).image!;
    expect(stored).toMatch(/^\/uploads\/dishes\/[\w.-]+$/);
    const again = await setImage(String(menu.menu_id), { image: ` ${stored} ` }, owner.cookie);
    expect(((await again.json()) as Menu).image).toBe(stored);
  });

  it.each([
    ["a page of the app", "/menu-detail/5", 400],
    ["the app's own illustration path", "/recipe-images/3.svg", 400],
    ["a plain http address", "http://images.example/x.jpg", 400],
    ["an upload that does not exist", "/uploads/dishes/none.webp", 400],
    ["an https page that is not a picture", "PAGE", 400],
  ])("refuses %s as a picture, leaving the picture as it was", async (_, image, status) => {
    const { owner, menu } = await ownMenu(`Refused Picture Omelette ${image.length}`);
    const address = image === "PAGE" ? `${photos.origin}/page` : image;
    const response = await setImage(String(menu.menu_id), { image: address }, owner.cookie);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toMatch(/^image: /);
    expect((await prisma.recipe.findUniqueOrThrow({ where: { id: menu.menu_id } })).image).toBe(menu.image);
    const created = await createMenu(
      { ...omelette, menu_name: `Created ${menu.menu_name}`, image: address },
      owner.cookie
    );
    expect(created.status).toBe(400);
  });

  it("refuses a guest (401) and another user (403 for a shared recipe, 404 for a private one), leaving the picture", async () => {
    const { menu } = await ownMenu("Guarded Omelette", { shared: true });
    const guest = await setImage(String(menu.menu_id), { image: "https://images.example/x.jpg" }, null);
    expect(guest.status).toBe(401);
    const other = await setImage(
      String(menu.menu_id),
      { image: "https://images.example/x.jpg" },
      (
        await signedInCookie()
      ).cookie
    );
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: "You can only change the picture of a recipe you added" });
    expect((await prisma.recipe.findUniqueOrThrow({ where: { id: menu.menu_id } })).image).toBe(menu.image);

    const { menu: hidden } = await ownMenu("Hidden Guarded Omelette");
    const stranger = await setImage(
      String(hidden.menu_id),
      { image: "https://images.example/x.jpg" },
      (
        await signedInCookie()
      ).cookie
    );
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ message: "Menu not found" });
    expect((await prisma.recipe.findUniqueOrThrow({ where: { id: hidden.menu_id } })).image).toBe(hidden.image);
  });

  it.each([
    ["no image", {}, "image: must be an https:// address of a picture, or a photo uploaded to this app"],
    [
      "a protocol-relative address",
      { image: "//evil.example/x.png" },
      "image: must be an https:// address of a picture, or a photo uploaded to this app",
    ],
    [
      "a data URL",
      { image: "data:image/png;base64,AAAA" },
      "image: must be an https:// address of a picture, or a photo uploaded to this app",
    ],
    [
      "a huge address",
      { image: `https://images.example/${"a".repeat(2100)}` },
      "image: must be at most 2000 characters",
    ],
  ])("answers %s with 400, leaving the picture as it was", async (_, body, message) => {
    const { owner, menu } = await ownMenu(`Bad Picture Omelette ${message.length}${JSON.stringify(body).length}`);
    const response = await setImage(String(menu.menu_id), body, owner.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect((await prisma.recipe.findUniqueOrThrow({ where: { id: menu.menu_id } })).image).toBe(menu.image);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { owner } = await ownMenu("Lonely Omelette");
    for (const recipeId of ["999999", "abc", "0", "1e3", "99999999999"]) {
      const response = await setImage(recipeId, { image: "/uploads/dishes/x.webp" }, owner.cookie);
      expect(response.status, recipeId).toBe(404);
      expect(await response.json()).toEqual({ message: "Menu not found" });
    }
  });
});
