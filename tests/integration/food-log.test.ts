/**
 * The food log: "Update your pantry" after cooking (confirm, double submit, too much, undo, stale undo), "Used up" /
 * "Thrown away" on the pantry list, the monthly figures, and the page actions and JSON calls that reach them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/catalogue-data";
import { co2PerKgAsWeighed } from "~/domain/co2-saved";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { ALREADY_UPDATED_MESSAGE, NOTHING_TO_UNDO_MESSAGE, UNDO_MS, UNDO_TOO_LATE_MESSAGE } from "~/domain/food-log";
import { action as apiAction, loader as apiLoader } from "~/routes/api.$";
import { action as cookedAction, loader as cookedLoader } from "~/routes/cooked.$id";
import { action as previewAction, loader as previewLoader } from "~/routes/ingredient-preview";
import { prisma } from "~/services/db.server";
import {
  confirmPantryUpdate,
  logPantryFood,
  NOTHING_TO_UNDO,
  pantryUpdateView,
  undoFoodLog,
  undoPantryUpdate,
} from "~/services/food-log.server";
import { createInvite, joinHousehold } from "~/services/household.server";
import { recordServingsEaten } from "~/services/leftovers.server";
import { recordMealCompletion } from "~/services/meal-completions.server";
import { monthlyMealStats } from "~/services/meal-stats.server";
import { addToUserPantry } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { formRequest, getRequest, requestWith, run, type RequestBody } from "../support/requests";
import { cookOfUser } from "~/services/cook.server";

let recipeId: number;

beforeAll(async () => {
  await seedIngredients();
  const saved = await saveRecipe({
    name: "Rice and Egg Bowl Test",
    cuisines: ["Fusion"],
    occasions: ["Lunch"],
    servings: 2,
    ingredients: [
      { name: "cooked rice", quantity: "300 g" },
      { name: "egg", quantity: "2" },
      { name: "salt", quantity: "to taste", seasoning: true },
    ],
    steps: ["Warm the rice.", "Fry the eggs on top."],
    tips: [],
    origin: "user",
  });
  recipeId = saved.id;
});

const rowsOf = (userId: number) =>
  prisma.pantryItem.findMany({
    where: { pantry: { household: { members: { some: { userId: userId } } } } },
    orderBy: { id: "asc" },
    select: { nameKey: true, quantity: true, unit: true },
  });

/** A cook with 500 g of cooked rice and 6 eggs who has just cooked the recipe. */
async function cookWhoCooked(prefix: string) {
  const cook = await signedInMember(prefix);
  await addToUserPantry(cook.id, ["cooked rice", "egg", "onion"]);
  await prisma.pantryItem.updateMany({
    where: { pantry: { household: { members: { some: { userId: cook.id } } } }, nameKey: "cooked rice" },
    data: { quantity: 500, unit: "g" },
  });
  await prisma.pantryItem.updateMany({
    where: { pantry: { household: { members: { some: { userId: cook.id } } } }, nameKey: "egg" },
    data: { quantity: 6, unit: null },
  });
  const completion = (await recordMealCompletion({ cook: await cookOfUser(cook.id), recipeId }))!;
  return { cook, completionId: completion.id, estimate: completion.co2SavedKg };
}

const USES = [
  { key: "cooked rice", amount: 300, unit: "g" as const, rest: "keep" as const },
  { key: "egg", amount: 2, unit: null, rest: "keep" as const },
];

describe("Update your pantry after cooking", () => {
  it("prefills the pantry items the recipe used with the recipe's amounts, nothing taken yet", async () => {
    const { cook, completionId } = await cookWhoCooked("prefill");
    const view = await pantryUpdateView(await cookOfUser(cook.id), completionId);
    expect(view).toMatchObject({ recipeId, updated: null });
    expect(view!.rows.map(({ key, amount, unit, all }) => ({ key, amount, unit, all }))).toEqual([
      { key: "cooked rice", amount: 300, unit: "g", all: false },
      { key: "egg", amount: 2, unit: null, all: false },
    ]);
    // nothing is deducted without the cook's confirmation
    expect(await rowsOf(cook.id)).toEqual([
      { nameKey: "cooked rice", quantity: 500, unit: "g" },
      { nameKey: "egg", quantity: 6, unit: null },
      { nameKey: "onion", quantity: null, unit: null },
    ]);
    // for 3 servings instead of 2, the amounts scale
    const scaled = await pantryUpdateView(await cookOfUser(cook.id), completionId, { servings: 3 });
    expect(scaled!.rows.map((row) => row.amount)).toEqual([450, 3]);
  });

  it("takes the confirmed amounts, logs them and replaces the meal's CO2 with theirs; a second submit changes nothing", async () => {
    const { cook, completionId, estimate } = await cookWhoCooked("confirm");
    const uses = [
      { ...USES[0], amount: 200 },
      { ...USES[1], rest: "all" as const },
    ];
    expect(await confirmPantryUpdate(await cookOfUser(cook.id), completionId, uses)).toEqual({
      ok: true,
      message: "Pantry updated.",
    });
    expect(await rowsOf(cook.id)).toEqual([
      { nameKey: "cooked rice", quantity: 300, unit: "g" },
      { nameKey: "onion", quantity: null, unit: null },
    ]);
    const catalogue = getCatalogue();
    const egg = catalogue.byName("egg")!;
    const confirmed =
      0.2 * co2PerKgAsWeighed(catalogue.byName("cooked rice")!)! + (2 * egg.unitWeights.piece * egg.co2PerKg!) / 1000;
    const completion = await prisma.mealCompletion.findUniqueOrThrow({ where: { id: completionId } });
    expect(completion.co2ConfirmedKg).toBeCloseTo(confirmed, 3);
    expect(completion.co2SavedKg).toBe(estimate);
    const stats = await monthlyMealStats(await cookOfUser(cook.id));
    expect(stats.current_month).toMatchObject({ meal_count: 1, rescued_kg: 0.3, wasted_kg: 0 });
    expect(stats.current_month.co2_saved).toBeCloseTo(confirmed, 3);

    const again = await confirmPantryUpdate(await cookOfUser(cook.id), completionId, uses);
    expect(again).toEqual({ ok: false, message: ALREADY_UPDATED_MESSAGE, status: 409 });
    expect(await rowsOf(cook.id)).toHaveLength(2);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(2);
  });

  it("two submits at once take the food once", async () => {
    const { cook, completionId } = await cookWhoCooked("twice");
    const results = await Promise.all([
      confirmPantryUpdate(await cookOfUser(cook.id), completionId, USES),
      confirmPantryUpdate(await cookOfUser(cook.id), completionId, USES),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await rowsOf(cook.id)).slice(0, 2)).toEqual([
      { nameKey: "cooked rice", quantity: 200, unit: "g" },
      { nameKey: "egg", quantity: 4, unit: null },
    ]);
  });

  it("refuses more than is left and changes nothing at all, not even the rows before it", async () => {
    const { cook, completionId } = await cookWhoCooked("toomuch");
    const result = await confirmPantryUpdate(await cookOfUser(cook.id), completionId, [
      USES[0],
      { ...USES[1], amount: 7 },
    ]);
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: 'You have only 6 of egg left: enter at most that, or choose "Used it all".',
    });
    expect((await rowsOf(cook.id)).slice(0, 2)).toEqual([
      { nameKey: "cooked rice", quantity: 500, unit: "g" },
      { nameKey: "egg", quantity: 6, unit: null },
    ]);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(0);
    expect((await prisma.mealCompletion.findUniqueOrThrow({ where: { id: completionId } })).pantryUpdatedAt).toBeNull();
  });

  it("'Keep the rest' with nothing left keeps the item; undo puts everything back, once", async () => {
    const { cook, completionId } = await cookWhoCooked("undo");
    const before = await rowsOf(cook.id);
    await confirmPantryUpdate(await cookOfUser(cook.id), completionId, [
      { ...USES[0], amount: 500 },
      { ...USES[1], rest: "all" },
    ]);
    expect(await rowsOf(cook.id)).toEqual([
      { nameKey: "cooked rice", quantity: null, unit: null },
      { nameKey: "onion", quantity: null, unit: null },
    ]);
    expect(await undoPantryUpdate(await cookOfUser(cook.id), completionId)).toEqual({
      ok: true,
      message: "Pantry update undone.",
    });
    const after = await rowsOf(cook.id);
    expect(after.sort((a, b) => a.nameKey.localeCompare(b.nameKey))).toEqual(
      before.sort((a, b) => a.nameKey.localeCompare(b.nameKey))
    );
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(0);
    // undone: the meal counts its estimate again (300 g of rice and 2 eggs), as its CO2 does
    expect((await monthlyMealStats(await cookOfUser(cook.id))).current_month.rescued_kg).toBe(0.4);
    expect(await undoPantryUpdate(await cookOfUser(cook.id), completionId)).toEqual({
      ok: false,
      status: 409,
      message: NOTHING_TO_UNDO_MESSAGE,
    });
  });

  it("a stale undo (after 10 minutes) changes nothing", async () => {
    const { cook, completionId } = await cookWhoCooked("stale");
    const at = new Date();
    await confirmPantryUpdate(await cookOfUser(cook.id), completionId, USES, at);
    const late = new Date(at.getTime() + UNDO_MS + 1000);
    expect(await undoPantryUpdate(await cookOfUser(cook.id), completionId, late)).toEqual({
      ok: false,
      status: 409,
      message: UNDO_TOO_LATE_MESSAGE,
    });
    expect((await rowsOf(cook.id)).slice(0, 2)).toEqual([
      { nameKey: "cooked rice", quantity: 200, unit: "g" },
      { nameKey: "egg", quantity: 4, unit: null },
    ]);
  });

  it("another cook's meal is not found, and nothing of theirs changes", async () => {
    const { cook, completionId } = await cookWhoCooked("owner");
    const other = await signedInMember("other");
    expect(await pantryUpdateView(await cookOfUser(other.id), completionId)).toBeNull();
    expect(await confirmPantryUpdate(await cookOfUser(other.id), completionId, USES)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await rowsOf(cook.id))[0]).toEqual({ nameKey: "cooked rice", quantity: 500, unit: "g" });
  });
});

describe("Used up / Thrown away", () => {
  it("takes part of an item or all of it, logs it as wasted or used, and refuses zero and more than is left", async () => {
    const { cook } = await cookWhoCooked("waste");
    expect(
      await logPantryFood(await cookOfUser(cook.id), { key: "cooked rice", kind: "wasted", amount: 0.1, unit: "kg" })
    ).toMatchObject({
      ok: true,
      message: "0.1 kg of cooked rice thrown away.",
    });
    expect((await rowsOf(cook.id))[0]).toEqual({ nameKey: "cooked rice", quantity: 400, unit: "g" });
    expect(
      await logPantryFood(await cookOfUser(cook.id), { key: "cooked rice", kind: "wasted", amount: 401, unit: "g" })
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await logPantryFood(await cookOfUser(cook.id), { key: "egg", kind: "used", amount: 0, unit: null })
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await logPantryFood(await cookOfUser(cook.id), { key: "egg", kind: "used", amount: null, unit: null })
    ).toMatchObject({
      ok: true,
      message: "egg used up.",
    });
    expect((await rowsOf(cook.id)).map((row) => row.nameKey)).toEqual(["cooked rice", "onion"]);
    expect(
      await logPantryFood(await cookOfUser(cook.id), { key: "egg", kind: "used", amount: null, unit: null })
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    const stats = await monthlyMealStats(await cookOfUser(cook.id));
    // the meal not confirmed counts its estimate (0.4 kg) beside what was used up
    expect(stats.current_month).toMatchObject({ rescued_kg: 0.7, wasted_kg: 0.1 });
    // only meals count towards CO2 saved: the estimate of the unconfirmed meal stays
    expect(stats.monthly_stats.at(-1)).toMatchObject({ rescued_kg: 0.7, wasted_kg: 0.1, meal_count: 1 });
  });
});

describe("Undo of Used up / Thrown away", () => {
  const fullRows = (userId: number) =>
    prisma.pantryItem.findMany({
      where: { pantry: { household: { members: { some: { userId: userId } } } } },
      orderBy: { nameKey: "asc" },
      select: {
        name: true,
        nameKey: true,
        type: true,
        source: true,
        quantity: true,
        unit: true,
        storage: true,
        addedOn: true,
        bestBefore: true,
      },
    });

  it("puts the item back exactly as it was and removes the entry; a second undo changes nothing", async () => {
    const { cook } = await cookWhoCooked("undolog");
    const before = await fullRows(cook.id);
    const part = await logPantryFood(await cookOfUser(cook.id), {
      key: "cooked rice",
      kind: "wasted",
      amount: 0.1,
      unit: "kg",
    });
    const all = await logPantryFood(await cookOfUser(cook.id), { key: "egg", kind: "used", amount: null, unit: null });
    expect((await fullRows(cook.id)).map((row) => [row.nameKey, row.quantity])).toEqual([
      ["cooked rice", 400],
      ["onion", null],
    ]);

    const allId = (all as { entryId: number }).entryId;
    const partId = (part as { entryId: number }).entryId;
    expect(await undoFoodLog(await cookOfUser(cook.id), allId)).toEqual({
      ok: true,
      message: "Undone: egg is back in your pantry.",
    });
    expect(await undoFoodLog(await cookOfUser(cook.id), partId)).toEqual({
      ok: true,
      message: "Undone: cooked rice is back in your pantry.",
    });
    expect(await fullRows(cook.id)).toEqual(before);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(0);
    expect((await monthlyMealStats(await cookOfUser(cook.id))).current_month).toMatchObject({
      rescued_kg: 0.4, // the meal's estimate, not confirmed
      wasted_kg: 0,
    });

    expect(await undoFoodLog(await cookOfUser(cook.id), allId)).toEqual({
      ok: false,
      message: NOTHING_TO_UNDO,
      status: 404,
    });
    expect(await fullRows(cook.id)).toEqual(before);
  });

  it("refuses another cook's entry, a meal's entry and an undo after 10 minutes, changing nothing", async () => {
    const { cook, completionId } = await cookWhoCooked("undoguard");
    const logged = (await logPantryFood(await cookOfUser(cook.id), {
      key: "cooked rice",
      kind: "wasted",
      amount: 100,
      unit: "g",
    })) as {
      entryId: number;
    };
    const stranger = await signedInMember("undostranger");
    expect(await undoFoodLog(await cookOfUser(stranger.id), logged.entryId)).toEqual({
      ok: false,
      message: NOTHING_TO_UNDO,
      status: 404,
    });
    const late = new Date(Date.now() + UNDO_MS + 1000);
    expect(await undoFoodLog(await cookOfUser(cook.id), logged.entryId, late)).toEqual({
      ok: false,
      message: UNDO_TOO_LATE_MESSAGE,
      status: 409,
    });
    await confirmPantryUpdate(await cookOfUser(cook.id), completionId, [USES[1]]);
    const mealEntry = await prisma.foodLogEntry.findFirstOrThrow({ where: { mealCompletionId: completionId } });
    expect(await undoFoodLog(await cookOfUser(cook.id), mealEntry.id)).toMatchObject({ ok: false, status: 404 });
    expect((await rowsOf(cook.id)).map((row) => row.quantity)).toEqual([400, 4, null]);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(2);
  });
});

describe("the page actions", () => {
  it("/cooked/{id} shows the form, updates the pantry with a plain form post and answers a redirect with a message", async () => {
    const { cook, completionId } = await cookWhoCooked("page");
    const page = await run(() =>
      cookedLoader({
        request: getRequest(`/cooked/${completionId}`, { cookie: cook.cookie }),
        params: { id: String(completionId) },
        context: {},
      })
    );
    expect(page.status).toBe(200);
    const fields = {
      back: "page",
      intent: "update",
      "use[0].key": "cooked rice",
      "use[0].amount": "300",
      "use[0].unit": "g",
      "use[0].rest": "keep",
      "use[1].key": "egg",
      "use[1].amount": "-2",
      "use[1].unit": "",
      "use[1].rest": "keep",
    };
    const post = (values: Record<string, string>, member: Member = cook) =>
      run(() =>
        cookedAction({
          request: formRequest(`/cooked/${completionId}`, values, { cookie: member.cookie }),
          params: { id: String(completionId) },
          context: {},
        })
      );
    const refused = await post(fields);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/cooked/${completionId}`);
    // the servings cooked (3⅓ after a fit to the pantry) stay in the address the page returns to
    const fitted = await run(() =>
      cookedAction({
        request: formRequest(`/cooked/${completionId}?servings=3.3333`, fields, { cookie: cook.cookie }),
        params: { id: String(completionId) },
        context: {},
      })
    );
    expect(fitted.headers.get("Location")).toBe(`/cooked/${completionId}?servings=3.3333`);
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);

    const done = await post({ ...fields, "use[1].amount": "2", back: "recipe" });
    expect(done.headers.get("Location")).toBe(`/menu-detail/${recipeId}#pantry-update`);
    expect((await rowsOf(cook.id)).slice(0, 2).map((row) => row.quantity)).toEqual([200, 4]);

    const other = await signedInMember("pagestranger");
    expect((await post({ back: "page", intent: "undo" }, other)).status).toBe(404);
    expect((await post({ back: "page", intent: "undo" })).status).toBe(302);
    expect((await rowsOf(cook.id)).slice(0, 2).map((row) => row.quantity)).toEqual([500, 6]);
  });

  it("/ingredient-preview marks an item thrown away, and asks a guest to log in", async () => {
    const { cook } = await cookWhoCooked("preview");
    const post = (cookie: string | null, values: Record<string, string>) =>
      run(() =>
        previewAction({ request: formRequest("/ingredient-preview", values, { cookie }), params: {}, context: {} })
      );
    const fields = { intent: "log-food", key: "cooked rice", kind: "wasted", amount: "250", unit: "g" };
    const thrown = await post(cook.cookie, fields);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toMatch(/^\/ingredient-preview\?logged=\d+$/);
    expect((await rowsOf(cook.id))[0].quantity).toBe(250);
    expect((await post(null, fields)).status).toBe(302);
    expect((await post(cook.cookie, { ...fields, amount: "abc" })).status).toBe(302);
    expect((await rowsOf(cook.id))[0].quantity).toBe(250);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(1);

    // the page it returns to says what was done beside an Undo, a plain form; only the cook sees it
    const page = (member: Member) =>
      run(() =>
        previewLoader({
          request: getRequest(thrown.headers.get("Location")!, { cookie: member.cookie }),
          params: {},
          context: {},
        })
      );
    const entryId = Number(thrown.headers.get("Location")!.split("=")[1]);
    expect((await (await page(cook)).json()).logged).toEqual({
      id: entryId,
      message: "250 g of cooked rice thrown away.",
    });
    const stranger = await signedInMember("previewstranger");
    expect((await (await page(stranger)).json()).logged).toBeNull();
    const undo = { intent: "undo-food-log", entry: String(entryId) };
    expect((await post(stranger.cookie, undo)).status).toBe(302);
    expect((await rowsOf(cook.id))[0].quantity).toBe(250);
    expect((await post(cook.cookie, undo)).headers.get("Location")).toBe("/ingredient-preview");
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);
    expect(await prisma.foodLogEntry.count({ where: { userId: cook.id } })).toBe(0);
    expect((await (await page(cook)).json()).logged).toBeNull();
  });
});

describe("the JSON calls", () => {
  function call(method: "GET" | "POST" | "DELETE", path: string, cook: Member | null, body?: RequestBody) {
    const request = requestWith(method, path, body, { cookie: cook?.cookie });
    const params = { "*": path.replace(/^\/api\//, "") };
    return run(() => (method === "GET" ? apiLoader : apiAction)({ request, params, context: {} }));
  }
  const idOf = async (userId: number, key: string) =>
    (
      await prisma.pantryItem.findFirstOrThrow({
        where: { pantry: { household: { members: { some: { userId: userId } } } }, nameKey: key },
      })
    ).id;

  it("POST/GET/DELETE /api/meal-completions/{id}/pantry-update: owner only, all or nothing, 409 on a repeat", async () => {
    const { cook, completionId } = await cookWhoCooked("apiupdate");
    const path = `/api/meal-completions/${completionId}/pantry-update`;
    const suggested = await (await call("GET", path, cook)).json();
    expect(suggested).toMatchObject({
      updated: false,
      uses: [{ key: "cooked rice", amount: 300, unit: "g", rest: "keep" }, { key: "egg" }],
    });
    expect((await call("GET", path, null)).status).toBe(401);
    const stranger = await signedInMember("apistranger");
    const uses = [{ pantry_item_id: await idOf(cook.id, "cooked rice"), amount: 300, unit: "g", rest: "keep" }];
    expect((await call("POST", path, stranger, { json: { uses } })).status).toBe(404);
    expect((await call("POST", path, cook, { json: { uses: [{ ...uses[0], amount: -1 }] } })).status).toBe(400);
    expect((await call("POST", path, cook, { json: { uses: [{ ...uses[0], amount: 9000 }] } })).status).toBe(400);
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);
    expect((await call("POST", path, cook, { json: { uses } })).status).toBe(200);
    expect((await call("POST", path, cook, { json: { uses } })).status).toBe(409);
    expect((await rowsOf(cook.id))[0].quantity).toBe(200);
    expect(await (await call("GET", path, cook)).json()).toMatchObject({
      updated: true,
      taken: ["cooked rice: 300 g"],
    });
    expect((await call("DELETE", path, stranger)).status).toBe(404);
    expect((await call("DELETE", path, cook)).status).toBe(200);
    expect((await call("DELETE", path, cook)).status).toBe(409);
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);
  });

  it("POST /api/food-log: the cook's own item only, validated like the form", async () => {
    const { cook } = await cookWhoCooked("apilog");
    const rice = await idOf(cook.id, "cooked rice");
    const stranger = await signedInMember("logstranger");
    expect(
      (await call("POST", "/api/food-log", stranger, { json: { pantry_item_id: rice, kind: "wasted" } })).status
    ).toBe(404);
    expect((await call("POST", "/api/food-log", null, { json: { pantry_item_id: rice, kind: "wasted" } })).status).toBe(
      401
    );
    expect((await call("POST", "/api/food-log", cook, { json: { pantry_item_id: rice, kind: "eaten" } })).status).toBe(
      400
    );
    expect(
      (
        await call("POST", "/api/food-log", cook, {
          json: { pantry_item_id: rice, kind: "wasted", amount: 501, unit: "g" },
        })
      ).status
    ).toBe(400);
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);
    const logged = await call("POST", "/api/food-log", cook, {
      json: { pantry_item_id: rice, kind: "wasted", amount: 120, unit: "g" },
    });
    expect(logged.status).toBe(201);
    const { message, entry_id } = await logged.json();
    expect(message).toBe("120 g of cooked rice thrown away.");
    const monthly = await (await call("GET", `/api/users/${cook.id}/monthly-meal-stats`, cook)).json();
    expect(monthly.current_month).toMatchObject({ meal_count: 1, wasted_kg: 0.12, rescued_kg: 0.4 });

    // DELETE undoes it: the cook's own entry only, once
    expect((await call("DELETE", "/api/food-log", cook, { json: { entry_id: "x" } })).status).toBe(400);
    expect((await call("DELETE", "/api/food-log", stranger, { json: { entry_id } })).status).toBe(404);
    expect((await call("DELETE", "/api/food-log", cook, { json: { entry_id } })).status).toBe(200);
    expect((await call("DELETE", "/api/food-log", cook, { json: { entry_id } })).status).toBe(404);
    expect((await rowsOf(cook.id))[0].quantity).toBe(500);
  });
});

describe("Home's CO2 saved and food rescued (issue 31: 5.3 kg of CO2 beside 0.2 kg rescued)", () => {
  it("rest on the same amounts: the servings cooked, the estimate until the cook confirms, then what they confirmed, times the share eaten", async () => {
    const cook = await signedInMember("samebasis");
    await addToUserPantry(cook.id, ["cooked rice", "egg"]);
    const catalogue = getCatalogue();
    const egg = catalogue.byName("egg")!;
    const riceCo2 = co2PerKgAsWeighed(catalogue.byName("cooked rice")!)!;
    // the recipe is for 2; the cook made 3: 450 g of rice and 3 eggs from the pantry
    const grams = 450 + 3 * egg.unitWeights.piece;
    const co2 = 0.45 * riceCo2 + (3 * egg.unitWeights.piece * egg.co2PerKg!) / 1000;
    const completion = (await recordMealCompletion({ cook: await cookOfUser(cook.id), recipeId, servings: 3 }))!;
    expect(completion.servingsCooked).toBe(3);
    const figures = async () => (await monthlyMealStats(await cookOfUser(cook.id))).current_month;

    // not confirmed yet: both from the estimate, for the 3 servings cooked
    expect((await figures()).co2_saved).toBeCloseTo(co2, 3);
    expect((await figures()).rescued_kg).toBeCloseTo(grams / 1000, 3);

    // confirmed: both from what the cook confirmed
    const uses = [
      { key: "cooked rice", amount: 450, unit: "g" as const, rest: "all" as const },
      { key: "egg", amount: 3, unit: null, rest: "all" as const },
    ];
    expect((await confirmPantryUpdate(await cookOfUser(cook.id), completion.id, uses)).ok).toBe(true);
    expect((await figures()).co2_saved).toBeCloseTo(co2, 3);
    expect((await figures()).rescued_kg).toBeCloseTo(grams / 1000, 3);

    // 2 of the 3 servings eaten (the third a leftover): both count two thirds
    const said = await recordServingsEaten(await cookOfUser(cook.id), completion.id, { eaten: 2 });
    expect(said).toMatchObject({ ok: true, servingsCooked: 3, servingsEaten: 2 });
    expect((await figures()).co2_saved).toBeCloseTo((co2 * 2) / 3, 3);
    expect((await figures()).rescued_kg).toBeCloseTo((grams * 2) / 3 / 1000, 3);
  });
});

/** Makes every `operation` on PantryItem fail, as a write the database refuses would, until the returned undo. */
async function refusePantryWrites(operation: "INSERT" | "UPDATE"): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL!.startsWith("postgres")) {
    await prisma.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION refuse_for_test() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_pantry_write BEFORE ${operation} ON "PantryItem" FOR EACH ROW EXECUTE FUNCTION refuse_for_test()`
    );
    return async () => void (await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_pantry_write ON "PantryItem"`));
  }
  await prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_pantry_write BEFORE ${operation} ON "PantryItem" BEGIN SELECT RAISE(ABORT, 'refused'); END`
  );
  return async () => void (await prisma.$executeRawUnsafe(`DROP TRIGGER refuse_pantry_write`));
}

describe("leftovers in the pantry", () => {
  const LEFTOVER = "Leftover Rice and Egg Bowl Test";
  const today = todayUtc();
  const leftoverRow = (userId: number) =>
    prisma.pantryItem.findFirst({
      where: { pantry: { household: { members: { some: { userId } } } }, name: LEFTOVER },
      select: { quantity: true, unit: true, storage: true, bestBefore: true },
    });
  const eatenOf = async (completionId: number) =>
    (await prisma.mealCompletion.findUniqueOrThrow({ where: { id: completionId } })).servingsEaten;

  it("the same dish cooked again before the last leftovers went: one item, the servings added, the newer day", async () => {
    const { cook, completionId } = await cookWhoCooked("leftagain");
    const member = await cookOfUser(cook.id);
    expect(await recordServingsEaten(member, completionId, { cooked: 4, eaten: 1 })).toMatchObject({ ok: true });
    await prisma.pantryItem.updateMany({
      where: { pantryId: member.pantryId, name: LEFTOVER },
      data: { bestBefore: today },
    });
    const again = (await recordMealCompletion({ cook: member, recipeId }))!;
    const said = await recordServingsEaten(member, again.id, { cooked: 4, eaten: 2 });
    expect(said).toMatchObject({ ok: true, leftover: { name: LEFTOVER, servings: 2 } });
    expect(await leftoverRow(cook.id)).toEqual({
      quantity: 5,
      unit: null,
      storage: "fridge",
      bestBefore: addDays(today, 3),
    });
  });

  it("the same dish's servings said twice at once (two members, two meals): one item with both meals' leftovers", async () => {
    const { cook, completionId } = await cookWhoCooked("leftrace");
    const invite = await createInvite(await cookOfUser(cook.id), {});
    if (!invite.ok) throw new Error(invite.message);
    const partner = await signedInMember("leftpartner");
    expect((await joinHousehold(await cookOfUser(partner.id), invite.invite.token)).ok).toBe(true);
    const [first, second] = [await cookOfUser(cook.id), await cookOfUser(partner.id)];
    expect(second.pantryId).toBe(first.pantryId);
    const again = (await recordMealCompletion({ cook: second, recipeId }))!;
    const both = await Promise.all([
      recordServingsEaten(first, completionId, { cooked: 4, eaten: 1 }),
      recordServingsEaten(second, again.id, { cooked: 4, eaten: 2 }),
    ]);
    expect(both.map((said) => said.ok)).toEqual([true, true]);
    expect(await leftoverRow(cook.id)).toMatchObject({ quantity: 5 });
  });

  it("a pantry write that fails leaves the meal's servings unsaid and the pantry as it was: nothing half written", async () => {
    const { cook, completionId } = await cookWhoCooked("lefthalf");
    const member = await cookOfUser(cook.id);
    const undoInsert = await refusePantryWrites("INSERT");
    try {
      await expect(recordServingsEaten(member, completionId, { cooked: 4, eaten: 1 })).rejects.toThrow();
    } finally {
      await undoInsert();
    }
    expect(await eatenOf(completionId)).toBeNull();
    expect(await leftoverRow(cook.id)).toBeNull();
    // said again once the database takes it: the leftovers go in
    expect(await recordServingsEaten(member, completionId, { cooked: 4, eaten: 1 })).toMatchObject({ ok: true });
    expect(await leftoverRow(cook.id)).toMatchObject({ quantity: 3 });

    // topping up the leftovers already there fails too: the second meal stays unsaid, the item unchanged
    const again = (await recordMealCompletion({ cook: member, recipeId }))!;
    const undoUpdate = await refusePantryWrites("UPDATE");
    try {
      await expect(recordServingsEaten(member, again.id, { cooked: 4, eaten: 2 })).rejects.toThrow();
    } finally {
      await undoUpdate();
    }
    expect(await eatenOf(again.id)).toBeNull();
    expect(await leftoverRow(cook.id)).toMatchObject({ quantity: 3 });
  });
});
