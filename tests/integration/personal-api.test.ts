import { beforeAll, describe, expect, it } from "vitest";
import { loader as historyListLoader } from "~/api/history.$userId.server";
import { loader as favoritesListLoader } from "~/api/favorites.$userId.server";
import { action as favoritesAction } from "~/api/favorites.server";
import { action as analyzeAllergiesAction } from "~/routes/analyze-allergies";
import { action as mealCompletionsAction } from "~/routes/meal-completions";
import { action as historyAction } from "~/routes/_tabs.history";
import { prisma } from "~/services/db.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest, jsonRequest, run } from "../support/requests";

let recipeId: number;

beforeAll(async () => {
  await seedIngredients();
  recipeId = (
    await saveRecipe({
      name: "Api Test Traybake",
      cuisines: ["Mediterranean"],
      occasions: ["Dinner"],
      prepTime: 15,
      cookingTime: 40,
      servings: 4,
      ingredients: [
        { name: "chicken thigh", quantity: "800 g" },
        { name: "potato", quantity: "600 g" },
        { name: "olive oil", quantity: "3 tbsp", seasoning: true },
      ],
      steps: ["Heat the oven.", "Roast everything."],
      tips: [],
      origin: "user",
    })
  ).id;
});

let counter = 0;
async function signedInUser() {
  counter += 1;
  const user = await prisma.user.create({
    data: { username: `api_${counter}_${Date.now() % 100000}`, email: `api${counter}_${Date.now()}@example.com` },
  });
  return { id: user.id, cookie: (await createUserSession(getRequest("/login"), user.id)).split(";")[0] };
}
type User = Awaited<ReturnType<typeof signedInUser>>;

function jsonCall(method: string, path: string, body: unknown, user: User | null) {
  const request = jsonRequest(path, body, { cookie: user?.cookie });
  return new Request(request, {
    method,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: request.headers,
  });
}
const favorites = (method: string, body: unknown, user: User | null) =>
  run(() => favoritesAction({ request: jsonCall(method, "/api/favorites", body, user), params: {}, context: {} }));
const listFavorites = (pathId: string, user: User | null) =>
  run(() =>
    favoritesListLoader({
      request: getRequest(`/api/favorites/${pathId}`, { cookie: user?.cookie }),
      params: { userId: pathId },
      context: {},
    })
  );
const listHistory = (pathId: string, user: User | null) =>
  run(() =>
    historyListLoader({
      request: getRequest(`/api/history/${pathId}`, { cookie: user?.cookie }),
      params: { userId: pathId },
      context: {},
    })
  );
const postHistory = (body: unknown, user: User | null) =>
  run(() =>
    historyAction({ request: jsonRequest("/history", body, { cookie: user?.cookie }), params: {}, context: {} })
  );
const complete = (body: unknown, user: User | null) =>
  run(() =>
    mealCompletionsAction({
      request: jsonRequest("/meal-completions", body, { cookie: user?.cookie }),
      params: {},
      context: {},
    })
  );

async function expectError(response: Promise<Response>, status: number, message: string) {
  const reply = await response;
  expect(reply.status).toBe(status);
  expect(await reply.json()).toEqual({ message });
}

describe("favourites JSON calls", () => {
  it("add, list and remove the user's favourites; repeats change nothing", async () => {
    const user = await signedInUser();
    const added = await favorites("POST", { user_id: user.id, menu_id: recipeId }, user);
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      message: "Added to favorites",
      user_id: user.id,
      menu_id: recipeId,
      favorite: true,
    });
    await favorites("POST", { user_id: String(user.id), menu_id: String(recipeId) }, user);
    const list = await listFavorites(String(user.id), user);
    expect(await list.json()).toEqual([
      {
        menu_id: recipeId,
        menu_name: "Api Test Traybake",
        prep_time: 15,
        cooking_time: 40,
        image: `/recipe-images/${recipeId}.svg`,
      },
    ]);
    const removed = await favorites("DELETE", { user_id: user.id, menu_id: recipeId }, user);
    expect(await removed.json()).toMatchObject({ message: "Removed from favorites", favorite: false });
    expect((await favorites("DELETE", { menu_id: recipeId }, user)).status).toBe(200);
    expect(await (await listFavorites(String(user.id), user)).json()).toEqual([]);
  });

  it("answers a guest 401 and another user's id 403, leaving the data unchanged", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    await prisma.favorite.create({ data: { userId: other.id, recipeId } });
    await expectError(
      favorites("POST", { user_id: other.id, menu_id: recipeId }, null),
      401,
      "Please log in to continue"
    );
    await expectError(
      favorites("DELETE", { user_id: other.id, menu_id: recipeId }, user),
      403,
      "You can only access your own data"
    );
    await expectError(listFavorites(String(other.id), user), 403, "You can only access your own data");
    await expectError(listFavorites("abc", user), 403, "You can only access your own data");
    await expectError(listFavorites(String(other.id), null), 401, "Please log in to continue");
    expect(await prisma.favorite.count({ where: { userId: other.id } })).toBe(1);
    expect(await prisma.favorite.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers bad bodies with a 400 naming the problem, and an unknown menu with a 404", async () => {
    const user = await signedInUser();
    await expectError(favorites("POST", {}, user), 400, "menu_id: menu_id is required");
    await expectError(
      favorites("POST", { menu_id: "seven" }, user),
      400,
      "menu_id: menu_id must be a positive whole number"
    );
    await expectError(
      favorites("POST", { menu_id: 1, user_id: -4 }, user),
      400,
      "user_id: user_id must be a positive whole number"
    );
    await expectError(favorites("POST", "{broken", user), 400, "Request body must be valid JSON");
    await expectError(favorites("POST", [recipeId], user), 400, "Request body must be a JSON object");
    await expectError(favorites("POST", { menu_id: 987654 }, user), 404, "Menu not found");
    await expectError(favorites("PUT", { menu_id: recipeId }, user), 405, "Use POST or DELETE");
    expect(await prisma.favorite.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("history JSON calls", () => {
  it("POST /history records an opening once per visit; GET lists newest first in the spec's shape", async () => {
    const user = await signedInUser();
    const first = await postHistory({ user_id: user.id, menu_id: recipeId }, user);
    expect(first.status).toBe(201);
    const entry = await first.json();
    expect(entry).toEqual({
      history_id: expect.any(Number),
      user_id: user.id,
      menu_id: recipeId,
      menu_name: "Api Test Traybake",
      prep_time: 15,
      cooking_time: 40,
      image: `/recipe-images/${recipeId}.svg`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const repeat = await postHistory({ user_id: user.id, menu_id: recipeId }, user);
    expect(repeat.status).toBe(200);
    expect(await (await listHistory(String(user.id), user)).json()).toEqual([entry]);
  });

  it("refuses guests, other users and bad bodies without writing", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    await expectError(postHistory({ user_id: user.id, menu_id: recipeId }, null), 401, "Please log in to continue");
    await expectError(
      postHistory({ user_id: other.id, menu_id: recipeId }, user),
      403,
      "You can only access your own data"
    );
    await expectError(postHistory({ user_id: user.id }, user), 400, "menu_id: menu_id is required");
    await expectError(postHistory({ menu_id: 987654 }, user), 404, "Menu not found");
    await expectError(listHistory(String(other.id), user), 403, "You can only access your own data");
    await expectError(listHistory(String(user.id), null), 401, "Please log in to continue");
    expect(await prisma.historyEntry.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(0);
  });
});

describe("POST /meal-completions", () => {
  it("records one completion per cooking: a retry answers 200 and records nothing", async () => {
    const user = await signedInUser();
    const first = await complete({ user_id: user.id, menu_id: recipeId }, user);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({
      message: "Meal completion recorded",
      user_id: user.id,
      menu_id: recipeId,
      recorded: true,
      co2_saved: expect.any(Number),
    });
    const again = await complete({ user_id: user.id, menu_id: recipeId }, user);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ recorded: false, message: "This cooking has already been counted" });
    expect(await prisma.mealCompletion.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses guests, other users, bad bodies and unknown menus without recording", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    await expectError(complete({ user_id: user.id, menu_id: recipeId }, null), 401, "Please log in to continue");
    await expectError(
      complete({ user_id: other.id, menu_id: recipeId }, user),
      403,
      "You can only access your own data"
    );
    await expectError(
      complete({ user_id: user.id, menu_id: 0 }, user),
      400,
      "menu_id: menu_id must be a positive whole number"
    );
    await expectError(complete({ menu_id: 987654 }, user), 404, "Menu not found");
    expect(await prisma.mealCompletion.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(0);
  });
});

describe("POST /analyze-allergies", () => {
  const analyze = (body: unknown) =>
    run(() => analyzeAllergiesAction({ request: jsonRequest("/analyze-allergies", body), params: {}, context: {} }));

  it("lists alerts through allergen groups and synonyms, with the substring match as fallback", async () => {
    const response = await analyze({
      ingredients: [
        "almonds",
        { ingredient_name: "Walnut halves" },
        "cheddar cheese",
        "soy sauce",
        "Dragonfruit jam",
        "rice",
      ],
      allergies: ["nuts", "milk", "gluten", "dragonfruit"],
    });
    expect(response.status).toBe(200);
    const { alerts } = await response.json();
    const hits = alerts.map((alert: { allergy: string; ingredient: string }) => `${alert.allergy}:${alert.ingredient}`);
    expect(hits).toEqual(
      expect.arrayContaining([
        "nuts:almonds",
        "nuts:Walnut halves",
        "milk:cheddar cheese",
        "gluten:soy sauce",
        "dragonfruit:Dragonfruit jam",
      ])
    );
    expect(hits.some((hit: string) => hit.endsWith(":rice"))).toBe(false);
  });

  it("answers bad bodies with a 400", async () => {
    await expectError(
      analyze({ ingredients: "almonds", allergies: [] }),
      400,
      "ingredients: must be a list of ingredient names"
    );
    await expectError(analyze({ ingredients: [], allergies: [""] }), 400, "allergies.0: must not be blank");
    await expectError(
      analyze({ ingredients: [{ name: "x" }], allergies: [] }),
      400,
      "ingredients.0: must be an ingredient name or { ingredient_name }"
    );
  });
});
