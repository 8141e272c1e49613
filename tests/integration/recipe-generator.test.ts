/**
 * The optional recipe generator against a real local HTTP server speaking the chat-completions protocol.
 * The cookbook starts with the catalogue only, so every pantry has fewer than a handful of good matches
 * unless a test saves some.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecipeDraft } from "~/domain/recipe-analysis";

import type { analyzeRecipe } from "~/domain/recipe-analysis";
import type { loadCatalogue } from "~/services/catalogue.server";
import type { prisma } from "~/services/db.server";
import type { findRecipe, suggestRecipes } from "~/services/recipe-search.server";
import type { saveRecipe } from "~/services/recipe-store.server";

// the modules are imported after the generator's settings are in place; only their types are imported above
type Modules = {
  suggestRecipes: typeof suggestRecipes;
  findRecipe: typeof findRecipe;
  saveRecipe: typeof saveRecipe;
  prisma: typeof prisma;
  analyzeRecipe: typeof analyzeRecipe;
  loadCatalogue: typeof loadCatalogue;
};

interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
}

interface Reply {
  status?: number;
  /** the whole HTTP body, instead of a chat completion carrying `content` */
  raw?: string;
  content?: string;
  delayMs?: number;
}

const TIMEOUT_MS = 1_000;
const requests: ChatRequest[] = [];
let answer: (request: ChatRequest) => Reply = () => ({ status: 500, raw: "no answer set" });
let server: Server;
let app: Modules;

const completion = (content: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "test-model",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chat: ChatRequest = {
      path: request.url ?? "",
      authorization: request.headers.authorization,
      body: JSON.parse(await readBody(request)),
    };
    requests.push(chat);
    const reply = answer(chat);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    response.writeHead(reply.status ?? 200, { "Content-Type": "application/json" });
    response.end(reply.raw ?? JSON.stringify(completion(reply.content ?? "")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    RECIPE_GENERATOR_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`,
    RECIPE_GENERATOR_MODEL: "test-model",
    RECIPE_GENERATOR_API_KEY: "test-key",
    RECIPE_GENERATOR_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // Imported once the environment names the server: the app reads it when it starts.
  const { seedIngredients } = await import("../../prisma/seed");
  await seedIngredients();
  app = {
    ...(await import("~/services/recipe-search.server")),
    ...(await import("~/services/recipe-store.server")),
    ...(await import("~/services/db.server")),
    ...(await import("~/domain/recipe-analysis")),
    ...(await import("~/services/catalogue.server")),
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

function generated(
  name: string,
  ingredients: { name: string; quantity: string; seasoning?: boolean }[],
  extra: object = {}
) {
  return {
    name,
    description: "Quick and cheap.",
    cuisines: ["italian", "Martian"],
    occasions: ["Dinner"],
    prep_time: 10,
    cooking_time: "25",
    servings: 2,
    ingredients,
    steps: ["Prepare everything.", "Cook it through."],
    tips: [],
    ...extra,
  };
}

const recipesAnswer = (...recipes: object[]) => JSON.stringify({ recipes });

const suggest = (ingredients: string[], preferences: { dietaryPreferences?: string[] } = {}) =>
  app.suggestRecipes({ ingredients, cuisines: [], mealOccasions: [], dietaryPreferences: [], ...preferences });

const storedNamed = (name: string) =>
  app.prisma.recipe.findFirst({ where: { name }, select: { id: true, origin: true, steps: true } });

describe("recipe generator", () => {
  it("adds a generated recipe, saved with nutrition computed from the catalogue, when the cookbook has no good match", async () => {
    const lines = [
      { name: "cherry tomatoes", quantity: "300 g" },
      { name: "eggs", quantity: "4" },
      { name: "onion", quantity: "1" },
      { name: "olive oil", quantity: "1 tbsp", seasoning: true },
    ];
    // The model's own figures are never used; fenced JSON is read all the same.
    const recipe = generated("Test kitchen tomato egg bake", lines, { nutrition: { calories: 1, protein: 99 } });
    answer = () => ({ content: "```json\n" + recipesAnswer(recipe) + "\n```" });
    const warn = vi.spyOn(console, "warn");

    const menus = await suggest(["cherry tomatoes", "Eggs"]);

    expect(menus[0]).toMatchObject({
      menu_name: "Test kitchen tomato egg bake",
      generated: true,
      prep_time: 10,
      cooking_time: 25,
    });
    expect(menus[0].have.sort()).toEqual(["egg", "tomato"]);
    expect(menus[0].missing).toEqual(["onion"]);
    const draft: RecipeDraft = {
      name: recipe.name,
      cuisines: [],
      occasions: [],
      servings: 2,
      ingredients: lines,
      steps: recipe.steps,
      tips: [],
      origin: "generated",
    };
    const computed = app.analyzeRecipe(draft, await app.loadCatalogue()).nutrition!;
    expect(menus[0].nutrition.calories).toBeCloseTo(computed.calories, 5);
    expect(menus[0].nutrition.protein).toBeCloseTo(computed.protein, 5);
    expect(menus[0].nutrition.calories).not.toBe(1);
    expect((await storedNamed(recipe.name))?.origin).toBe("generated");
    expect(await app.findRecipe(menus[0].menu_id, null)).toMatchObject({ menu_name: recipe.name, generated: true });
    expect(warn).not.toHaveBeenCalled();

    const [request] = requests.slice(-1);
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.authorization).toBe("Bearer test-key");
    expect(request.body.model).toBe("test-model");
    expect(request.body.response_format).toEqual({ type: "json_object" });
    expect(request.body.messages.at(-1)?.content).toContain("I have: tomato, egg.");
  });

  it("keeps the recipe the cookbook already has under a generated name, without a second copy", async () => {
    await app.saveRecipe({
      name: "Grandma's lentil soup",
      cuisines: [],
      occasions: [],
      servings: 4,
      ingredients: [
        { name: "lentils", quantity: "250 g" },
        { name: "carrot", quantity: "2" },
        { name: "celery", quantity: "2 stalks" },
        { name: "onion", quantity: "1" },
      ],
      steps: ["Simmer everything for 40 minutes."],
      tips: [],
      origin: "user",
    });
    const before = await storedNamed("Grandma's lentil soup");
    answer = () => ({
      content: recipesAnswer(
        generated("Grandma's lentil soup", [{ name: "lentils", quantity: "100 g" }], { steps: ["Something else."] })
      ),
    });

    const menus = await suggest(["lentils"]);

    expect(await storedNamed("Grandma's lentil soup")).toEqual(before);
    expect(await app.prisma.recipe.count({ where: { name: "Grandma's lentil soup" } })).toBe(1);
    const soup = menus.find((menu) => menu.menu_name === "Grandma's lentil soup");
    expect(soup?.steps).toEqual(["Simmer everything for 40 minutes."]);
    expect(soup).not.toHaveProperty("generated");
  });

  it("drops a generated recipe with an ingredient the catalogue does not know and keeps the sound one", async () => {
    answer = () => ({
      content: recipesAnswer(
        generated("Okra with xylophone dust", [
          { name: "okra", quantity: "300 g" },
          { name: "xylophone dust", quantity: "2 tbsp" },
        ]),
        generated("Simple okra stew", [
          { name: "okra", quantity: "300 g" },
          { name: "tomato", quantity: "2" },
        ])
      ),
    });
    const warn = vi.spyOn(console, "warn");

    const names = (await suggest(["okra"])).map((menu) => menu.menu_name);

    expect(names).toContain("Simple okra stew");
    expect(names).not.toContain("Okra with xylophone dust");
    expect(await storedNamed("Okra with xylophone dust")).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Recipe generator: dropped "Okra with xylophone dust":',
      expect.stringContaining('"xylophone dust" is not in the catalogue')
    );
  });

  it("never shows a generated recipe that breaks the chosen diet", async () => {
    answer = () => ({
      content: recipesAnswer(
        generated("Pumpkin and bacon bake", [
          { name: "pumpkin", quantity: "500 g" },
          { name: "bacon", quantity: "100 g" },
        ])
      ),
    });

    const menus = await suggest(["pumpkin"], { dietaryPreferences: ["Vegetarian"] });

    expect(await storedNamed("Pumpkin and bacon bake")).not.toBeNull();
    expect(menus.map((menu) => menu.menu_name)).not.toContain("Pumpkin and bacon bake");
  });

  it.each<[string, Reply]>([
    ["content that is not JSON", { content: "Here is a lovely recipe: boil the quinoa." }],
    ["JSON of another shape", { content: JSON.stringify({ dishes: [{ title: "Quinoa bowl" }] }) }],
    ["a recipe missing its ingredients and steps", { content: recipesAnswer({ name: "Quinoa bowl", servings: 2 }) }],
    ["a server error", { status: 500, raw: JSON.stringify({ error: { message: "model not loaded" } }) }],
    ["a body that is not JSON", { raw: "<html>Bad gateway</html>" }],
    ["a completion without choices", { raw: JSON.stringify({ id: "x", choices: [] }) }],
  ])("answers from the cookbook alone, and logs why, after %s", async (_, reply) => {
    answer = () => reply;
    const asked = requests.length;
    const recipes = await app.prisma.recipe.count();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    const menus = await suggest(["quinoa"]);

    expect(requests.length).toBeGreaterThan(asked);
    expect(menus.filter((menu) => menu.generated)).toEqual([]);
    expect(await app.prisma.recipe.count()).toBe(recipes);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Recipe generator/), expect.anything());
  });

  it("gives up when the generator is slower than its timeout", async () => {
    answer = () => ({
      delayMs: TIMEOUT_MS * 3,
      content: recipesAnswer(generated("Late tofu stir-fry", [{ name: "tofu", quantity: "200 g" }])),
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const started = performance.now();

    const menus = await suggest(["tofu"]);

    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS * 2.5);
    expect(menus.map((menu) => menu.menu_name)).not.toContain("Late tofu stir-fry");
    expect(await storedNamed("Late tofu stir-fry")).toBeNull();
  });

  it("asks again without response_format when the server does not support it", async () => {
    answer = (request) =>
      request.body.response_format
        ? { status: 400, raw: JSON.stringify({ error: { message: "response_format is not supported" } }) }
        : {
            content: recipesAnswer(
              generated("Mango lassi", [
                { name: "mango", quantity: "200 g" },
                { name: "yogurt", quantity: "250 g" },
              ])
            ),
          };
    const asked = requests.length;

    const menus = await suggest(["mango"]);

    expect(menus[0]).toMatchObject({ menu_name: "Mango lassi", generated: true });
    expect(requests.slice(asked).map((request) => request.body.response_format ?? null)).toEqual([
      { type: "json_object" },
      null,
    ]);
  });

  it("runs one generation at a time: a second search meanwhile answers from the cookbook", async () => {
    answer = () => ({
      delayMs: 300,
      content: recipesAnswer(generated("Kale chips", [{ name: "kale", quantity: "200 g" }])),
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const asked = requests.length;

    const results = await Promise.all([suggest(["kale"]), suggest(["kale"])]);

    expect(requests.length).toBe(asked + 1);
    const withKaleChips = results.filter((menus) => menus.some((menu) => menu.menu_name === "Kale chips"));
    expect(withKaleChips).toHaveLength(1);
  });

  it("does not ask when the cookbook has a handful of good matches", async () => {
    for (const number of [1, 2, 3, 4, 5]) {
      await app.saveRecipe({
        name: `Chickpea dish ${number}`,
        cuisines: [],
        occasions: [],
        servings: 2,
        ingredients: [{ name: "chickpeas", quantity: "400 g" }],
        steps: ["Warm the chickpeas."],
        tips: [],
        origin: "user",
      });
    }
    answer = () => ({
      content: recipesAnswer(generated("Chickpea curry", [{ name: "chickpeas", quantity: "400 g" }])),
    });
    const asked = requests.length;

    const menus = await suggest(["chickpeas"]);

    expect(requests.length).toBe(asked);
    expect(menus).toHaveLength(5);
    expect(menus.every((menu) => !menu.generated)).toBe(true);
  });
});
