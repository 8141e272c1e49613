/**
 * The pantry's JSON calls, run through the splat route as a client reaches them: GET/POST /api/pantry,
 * PUT/DELETE /api/pantry/{id}. Owner-only, the forms' rules, nothing stored on a refusal.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { action as apiAction, loader as apiLoader } from "~/routes/api.$";
import { prisma } from "~/services/db.server";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { requestWith, run, type RequestBody } from "../support/requests";

beforeAll(seedIngredients);

type WireItem = {
  id: number;
  ingredient_name: string;
  ingredient_type: string;
  quantity: number | null;
  unit: string | null;
  storage: string;
  best_before: string;
  added_at: string;
  days_left: number;
};

function call(method: "GET" | "POST" | "PUT" | "DELETE", path: string, cook: Member | null, body?: RequestBody) {
  const request = requestWith(method, path, body, { cookie: cook?.cookie });
  const params = { "*": path.replace(/^\/api\//, "") };
  return run(() => (method === "GET" ? apiLoader : apiAction)({ request, params, context: {} }));
}
const list = async (cook: Member) =>
  ((await (await call("GET", "/api/pantry", cook)).json()) as { items: WireItem[] }).items;
const post = (cook: Member | null, json: unknown) => call("POST", "/api/pantry", cook, { json });
const put = (cook: Member | null, id: number, json: unknown) => call("PUT", `/api/pantry/${id}`, cook, { json });
const rowsOf = (cook: Member) =>
  prisma.pantryItem.findMany({
    where: { pantry: { household: { members: { some: { userId: cook.id } } } } },
    orderBy: { id: "asc" },
  });

async function added(cook: Member, json: unknown): Promise<WireItem> {
  const response = await post(cook, json);
  expect(response.status).toBe(201);
  return (await response.json()) as WireItem;
}

describe("/api/pantry", () => {
  it("adds an item with its amount, place and day, and lists it with the days left", async () => {
    const cook = await signedInMember("pantryapi");
    const today = todayUtc();
    const chicken = await added(cook, {
      ingredient_name: "chicken breast",
      quantity: 500,
      unit: "g",
      storage: "fridge",
      best_before: addDays(today, 2),
    });
    expect(chicken).toMatchObject({
      ingredient_name: "chicken breast",
      ingredient_type: "Meat sausages and fish",
      quantity: 500,
      unit: "g",
      storage: "fridge",
      best_before: addDays(today, 2),
      added_at: today,
      days_left: 2,
    });
    expect(await list(cook)).toEqual([chicken]);
  });

  it("estimates the place and the day from the catalogue when they are left out", async () => {
    const cook = await signedInMember("pantryapi");
    const rice = await added(cook, { ingredient_name: "rice" });
    const spinach = await added(cook, { ingredient_name: "spinach" });
    expect(rice).toMatchObject({ storage: "cupboard", quantity: null, unit: null });
    expect(spinach.storage).toBe("fridge");
    expect(spinach.days_left).toBeGreaterThan(0);
    expect(rice.days_left).toBeGreaterThan(spinach.days_left);
    expect(spinach.best_before).toBe(addDays(todayUtc(), spinach.days_left));
  });

  it.each([
    [{ ingredient_name: "egg", quantity: 0 }, "quantity: Please enter an amount above 0 and below 10,000."],
    [{ ingredient_name: "egg", quantity: -2 }, "quantity: Please enter an amount above 0 and below 10,000."],
    [{ ingredient_name: "egg", quantity: 10000 }, "quantity: Please enter an amount above 0 and below 10,000."],
    [{ ingredient_name: "egg", quantity: "lots" }, "quantity: Please enter an amount above 0 and below 10,000."],
    [{ ingredient_name: "egg", quantity: 2, unit: "bucket" }, "unit: Please choose one of the listed units."],
    [{ ingredient_name: "egg", unit: "piece" }, "quantity: Please enter an amount for the unit."],
    [{ ingredient_name: "egg", storage: "garage" }, "storage: Please choose fridge, freezer or cupboard."],
    [
      { ingredient_name: "egg", best_before: "2026-02-30" },
      "best_before: Please enter a real date between 2000 and 2099 (YYYY-MM-DD).",
    ],
    [
      { ingredient_name: "egg", best_before: "next week" },
      "best_before: Please enter a real date between 2000 and 2099 (YYYY-MM-DD).",
    ],
    [{ ingredient_name: "   " }, "ingredient_name: Please enter an ingredient name."],
  ])("refuses %j with a clear 400 and stores nothing", async (body, message) => {
    const cook = await signedInMember("pantryapi");
    const response = await post(cook, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await rowsOf(cook)).toEqual([]);
  });

  it("answers 409 for an ingredient already in the pantry, leaving the first as it was", async () => {
    const cook = await signedInMember("pantryapi");
    const first = await added(cook, { ingredient_name: "Tomatoes", quantity: 3 });
    const again = await post(cook, { ingredient_name: "tomato", quantity: 9 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Tomatoes is already in your list." });
    expect(await list(cook)).toEqual([first]);
  });

  it("is for signed-in cooks only", async () => {
    expect((await call("GET", "/api/pantry", null)).status).toBe(401);
    expect((await post(null, { ingredient_name: "egg" })).status).toBe(401);
  });
});

describe("/api/pantry/{id}", () => {
  it("changes the amount and the place; into the freezer the day moves later unless one is given", async () => {
    const cook = await signedInMember("pantryapi");
    const chicken = await added(cook, { ingredient_name: "chicken breast" });
    const response = await put(cook, chicken.id, { quantity: 2, unit: "piece", storage: "freezer" });
    expect(response.status).toBe(200);
    const frozen = (await response.json()) as WireItem;
    expect(frozen).toMatchObject({
      id: chicken.id,
      quantity: 2,
      unit: "piece",
      storage: "freezer",
      added_at: chicken.added_at,
    });
    expect(frozen.days_left).toBeGreaterThan(chicken.days_left);

    const day = addDays(todayUtc(), 30);
    const dated = (await (await put(cook, chicken.id, { best_before: day })).json()) as WireItem;
    expect(dated).toMatchObject({ best_before: day, days_left: 30, storage: "freezer", quantity: 2 });
    expect(await list(cook)).toEqual([dated]);
  });

  it("clears an amount with its unit, and refuses a unit without an amount, changing nothing", async () => {
    const cook = await signedInMember("pantryapi");
    const milk = await added(cook, { ingredient_name: "milk", quantity: 1, unit: "l" });
    const cleared = (await (await put(cook, milk.id, { quantity: null })).json()) as WireItem;
    expect(cleared).toMatchObject({ quantity: null, unit: null });
    const before = await rowsOf(cook);
    const refused = await put(cook, milk.id, { unit: "ml" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "quantity: Please enter an amount for the unit." });
    const expired = await put(cook, milk.id, { quantity: 20000, best_before: "2026-13-01" });
    expect(expired.status).toBe(400);
    expect(await rowsOf(cook)).toEqual(before);
  });

  it("deletes the item", async () => {
    const cook = await signedInMember("pantryapi");
    const egg = await added(cook, { ingredient_name: "egg" });
    const response = await call("DELETE", `/api/pantry/${egg.id}`, cook);
    expect(await response.json()).toEqual({ message: "egg deleted.", id: egg.id });
    expect(await list(cook)).toEqual([]);
    expect((await call("DELETE", `/api/pantry/${egg.id}`, cook)).status).toBe(404);
  });

  it("is the owner's only: another cook's id or a made-up one is not found, and nothing changes", async () => {
    const owner = await signedInMember("pantryapi");
    const other = await signedInMember("pantryapi");
    const egg = await added(owner, { ingredient_name: "egg", quantity: 6 });
    const before = await rowsOf(owner);
    for (const response of [
      await put(other, egg.id, { quantity: 1 }),
      await call("DELETE", `/api/pantry/${egg.id}`, other),
      await put(owner, 2147483647, { quantity: 1 }),
      await put(owner, 0, { quantity: 1 }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Pantry item not found" });
    }
    expect((await put(null, egg.id, { quantity: 1 })).status).toBe(401);
    expect(await rowsOf(owner)).toEqual(before);
  });
});
