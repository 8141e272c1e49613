/**
 * Recipes users add: theirs alone unless shared, never in anyone else's suggestions, and within limits a
 * person could cook (the outside test imported 20,000 lines, stored 600 billion minutes and made 60 recipes in
 * a second).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as recommendationsAction } from "~/api/menu-recommendations.server";
import { loader as byNameLoader } from "~/api/menus.by-name.$name.server";
import { action as createMenuAction } from "~/api/menus.server";
import { loader as menuSuggestionLoader } from "~/routes/menu-suggestion";
import { loader as menuLoader } from "~/routes/menus.$recipeId";
import { prisma } from "~/services/db.server";
import { addToUserPantry } from "~/services/pantry-store.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest, jsonRequest, run } from "../support/requests";

beforeAll(seedIngredients);

let counter = 0;
async function cook(): Promise<{ id: number; cookie: string }> {
  counter += 1;
  const user = await prisma.user.create({
    data: { username: `private_${counter}`, email: `private${counter}@example.com` },
  });
  return { id: user.id, cookie: (await createUserSession(getRequest("/home"), user.id)).split(";")[0] };
}

const okraDish = (name: string, extra: Record<string, unknown> = {}) => ({
  menu_name: name,
  ingredients_quantity: { okra: "300 g", tomato: "2", salt: "1 tsp" },
  steps: ["Fry the okra.", "Add the tomato."],
  cuisines: [],
  mealOccasions: [],
  ...extra,
});
const create = (body: unknown, cookie: string) =>
  run(() => createMenuAction({ request: jsonRequest("/api/menus", body, { cookie }), params: {}, context: {} }));
const read = (id: number, cookie: string | null) =>
  run(() =>
    menuLoader({ request: getRequest(`/menus/${id}`, { cookie }), params: { recipeId: String(id) }, context: {} })
  );
const byName = (name: string, cookie: string | null) =>
  run(() => byNameLoader({ request: getRequest(`/api/menus/by-name/x`, { cookie }), params: { name }, context: {} }));
async function suggestedNames(cookie: string | null): Promise<string[]> {
  const request = jsonRequest(
    "/api/menu-recommendations",
    { ingredients: ["okra", "tomato", "salt"], cuisines: [], dietaryPreferences: [], mealOccasions: [] },
    { cookie }
  );
  const response = await run(() => recommendationsAction({ request, params: {}, context: {} }));
  return ((await response.json()) as { recommendations: { menu_name: string }[] }).recommendations.map(
    (menu) => menu.menu_name
  );
}

describe("a recipe a user adds", () => {
  it("is theirs alone by default: others and guests find no such recipe, by id, by name or in suggestions", async () => {
    const [author, other] = [await cook(), await cook()];
    const before = await suggestedNames(other.cookie);
    const created = await create(okraDish("Secret Okra Stew"), author.cookie);
    expect(created.status).toBe(201);
    const { menu_id: id } = (await created.json()) as { menu_id: number };

    expect((await read(id, author.cookie)).status).toBe(200);
    expect((await read(id, other.cookie)).status).toBe(404);
    expect((await read(id, null)).status).toBe(404);
    expect((await byName("Secret Okra Stew", author.cookie)).status).toBe(200);
    expect((await byName("Secret Okra Stew", other.cookie)).status).toBe(404);
    // Others' suggestions are exactly what they were.
    expect(await suggestedNames(other.cookie)).toEqual(before);
    expect(await suggestedNames(null)).not.toContain("Secret Okra Stew");
  });

  it("with the same name as another's private recipe makes a second recipe, leaving the first unseen and unchanged", async () => {
    const [first, second] = [await cook(), await cook()];
    const original = (await (await create(okraDish("Twin Okra"), first.cookie)).json()) as {
      menu_id: number;
      steps: string[];
    };
    const copy = await create(okraDish("Twin Okra", { steps: ["Something else."] }), second.cookie);
    expect(copy.status).toBe(201);
    const copied = (await copy.json()) as { menu_id: number; steps: string[] };
    expect(copied.menu_id).not.toBe(original.menu_id);
    expect(copied.steps).toEqual(["Something else."]);
    expect(((await (await read(original.menu_id, first.cookie)).json()) as { steps: string[] }).steps).toEqual(
      original.steps
    );
  });

  it("is everyone's when shared", async () => {
    const [author, other] = [await cook(), await cook()];
    const { menu_id: id } = (await (
      await create(okraDish("Shared Okra Curry", { shared: true }), author.cookie)
    ).json()) as { menu_id: number };
    expect((await read(id, other.cookie)).status).toBe(200);
    expect(await suggestedNames(other.cookie)).toContain("Shared Okra Curry");
  });
});

describe("a cook's own private recipe in suggestions", () => {
  /** The names /menu-suggestion lists for the cook, with okra, tomato and salt in their pantry. */
  async function suggestionScreen(who: { id: number; cookie: string }): Promise<string[]> {
    await addToUserPantry(who.id, ["okra", "tomato", "salt"]);
    const response = await run(() =>
      menuSuggestionLoader({ request: getRequest("/menu-suggestion", { cookie: who.cookie }), params: {}, context: {} })
    );
    return ((await response.json()) as { menus: { menu_name: string }[] }).menus.map((menu) => menu.menu_name);
  }

  it("is suggested to its author, ranked like the same recipe shared, and to nobody else", async () => {
    const [author, sharer, other] = [await cook(), await cook(), await cook()];
    const guestBefore = await suggestedNames(null);
    // The same recipe twice: one kept private by its author, one shared by someone else.
    expect((await create(okraDish("Okra Bake Mine"), author.cookie)).status).toBe(201);
    expect((await create(okraDish("Okra Bake Ours", { shared: true }), sharer.cookie)).status).toBe(201);

    const jsonCall = (who: { cookie: string }) => suggestedNames(who.cookie);
    for (const [where, list] of [
      ["the JSON call", jsonCall],
      ["/menu-suggestion", suggestionScreen],
    ] as const) {
      const mine = await list(author);
      const theirs = await list(other);
      expect(mine, where).toContain("Okra Bake Mine");
      // Next to its shared twin: the same score puts it in the same place.
      expect(Math.abs(mine.indexOf("Okra Bake Mine") - mine.indexOf("Okra Bake Ours")), where).toBe(1);
      // Everyone else's list is the author's without it.
      expect(theirs, where).not.toContain("Okra Bake Mine");
      expect(
        mine.filter((name) => name !== "Okra Bake Mine"),
        where
      ).toEqual(theirs.slice(0, mine.length - 1));
    }
    const guest = await suggestedNames(null);
    expect(guest).not.toContain("Okra Bake Mine");
    expect(guest.filter((name) => name !== "Okra Bake Ours")).toEqual(guestBefore.slice(0, guest.length - 1));
  });

  it("counts for nobody else: filling the top with private recipes leaves another cook's list as it was", async () => {
    const [author, other] = [await cook(), await cook()];
    const before = await suggestedNames(other.cookie);
    for (let index = 0; index < 12; index++) {
      expect((await create(okraDish(`Crowding Okra ${index}`), author.cookie)).status).toBe(201);
    }
    const mine = await suggestedNames(author.cookie);
    expect(mine.filter((name) => name.startsWith("Crowding Okra"))).toHaveLength(12);
    expect(await suggestedNames(other.cookie)).toEqual(before);
  });
});

describe("limits on what a user adds", () => {
  it("refuses a cooking time beyond a day with a clear message and stores nothing", async () => {
    const author = await cook();
    const response = await create(okraDish("Forever Okra", { cooking_time: 600_000_000_000 }), author.cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/cooking_time: must be at most 1440 minutes \(one day\)/);
    expect(await prisma.recipe.count({ where: { name: "Forever Okra" } })).toBe(0);
  });

  it("allows 20 new recipes an hour, then answers 429 with a message", async () => {
    const author = await cook();
    for (let index = 0; index < 20; index++) {
      expect((await create(okraDish(`Hourly Okra ${index}`), author.cookie)).status).toBe(201);
    }
    const refused = await create(okraDish("Hourly Okra 20"), author.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: "You can add at most 20 recipes an hour. Please try again later.",
    });
    expect(await prisma.recipe.count({ where: { name: "Hourly Okra 20" } })).toBe(0);
    // Someone else is not held up by it.
    expect((await create(okraDish("Other Okra"), (await cook()).cookie)).status).toBe(201);
  });
});
