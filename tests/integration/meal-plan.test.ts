/**
 * The meal plan through its JSON calls and the calendar feed, as a client reaches them: plan a week from a pantry
 * with dated food, leftovers after cooking, the week's shopping, the feed parsed by an iCalendar reader.
 */
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { mondayOf } from "~/domain/meal-plan";
import { weekdayOf } from "~/domain/meal-planner";
import { spoilingSoon } from "~/domain/pantry";
import { action as apiAction, loader as apiLoader } from "~/routes/api.$";
import { action as mealCompletion } from "~/routes/meal-completions";
import { loader as calendarLoader } from "~/routes/plan_.calendar.$token";
import { prisma } from "~/services/db.server";
import { loadCatalogue } from "~/services/catalogue.server";
import { cookOfUser } from "~/services/cook.server";
import { loggedFoodSince, logPantryFood } from "~/services/food-log.server";
import { pantryItems } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { requestWith, run, type RequestBody } from "../support/requests";

type WireEntry = {
  id: number;
  date: string;
  meal: string;
  menu_id: number | null;
  menu_name: string | null;
  servings: number;
  leftover: boolean;
  locked: boolean;
  reason: string | null;
  ingredients_quantity: Record<string, string>;
};

function call(method: "GET" | "POST" | "DELETE", path: string, cook: Member | null, body?: RequestBody) {
  const request = requestWith(method, path, body, { cookie: cook?.cookie });
  const params = { "*": path.replace(/^\/api\//, "").replace(/\?.*$/, "") };
  return run(() => (method === "GET" ? apiLoader : apiAction)({ request, params, context: {} }));
}

const recipe = (name: string, ingredients: [string, string][], occasions = ["Dinner"]): RecipeDraft => ({
  name,
  cuisines: ["Mediterranean"],
  occasions,
  prepTime: 10,
  cookingTime: 20,
  servings: 2,
  ingredients: ingredients.map(([ingredient, quantity]) => ({ name: ingredient, quantity })),
  steps: ["Cook it."],
  tips: [],
  origin: "starter",
});

const ids: Record<string, number> = {};
const today = todayUtc();
const monday = mondayOf(today);

beforeAll(async () => {
  await seedIngredients();
  for (const [name, lines] of [
    [
      "Plan Chicken Rice",
      [
        ["chicken breast", "400 g"],
        ["rice", "150 g"],
      ],
    ],
    [
      "Plan Spinach Pasta",
      [
        ["spinach", "200 g"],
        ["pasta", "200 g"],
      ],
    ],
    [
      "Plan Baked Salmon",
      [
        ["salmon", "300 g"],
        ["lemon", "1"],
      ],
    ],
    [
      "Plan Tomato Soup",
      [
        ["tomato", "500 g"],
        ["onion", "1"],
      ],
    ],
  ] as [string, [string, string][]][]) {
    ids[name] = (await saveRecipe(recipe(name, lines))).id;
  }
});

async function stock(cook: Member, items: { name: string; grams: number; days: number }[]) {
  for (const item of items) {
    const response = await call("POST", "/api/pantry", cook, {
      json: {
        ingredient_name: item.name,
        quantity: item.grams,
        unit: "g",
        storage: "fridge",
        best_before: addDays(today, item.days),
      },
    });
    expect(response.status).toBe(201);
  }
}

const autoPlan = async (cook: Member, json: unknown) => {
  const response = await call("POST", "/api/meal-plan/auto", cook, { json });
  expect(response.status).toBe(201);
  return ((await response.json()) as { entries: WireEntry[] }).entries;
};

const listPlan = async (cook: Member, from = today, days = 7) => {
  const response = await call("GET", `/api/meal-plan?from=${from}&days=${days}`, cook);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: WireEntry[] }).entries;
};

describe("Plan my week", () => {
  it("puts the dated chicken, spinach and salmon each on a day by its date, and says why", async () => {
    const cook = await signedInMember("planweek");
    await stock(cook, [
      { name: "salmon", grams: 300, days: 3 },
      { name: "spinach", grams: 200, days: 2 },
      { name: "chicken breast", grams: 400, days: 1 },
    ]);
    const entries = await autoPlan(cook, { from: today, days: 7, meals: ["Dinner"] });
    const dayOf = (name: string) => entries.find((entry) => entry.menu_name === name)?.date;
    expect(dayOf("Plan Chicken Rice")! <= addDays(today, 1)).toBe(true);
    expect(dayOf("Plan Spinach Pasta")! <= addDays(today, 2)).toBe(true);
    expect(dayOf("Plan Baked Salmon")! <= addDays(today, 3)).toBe(true);
    expect(dayOf("Plan Chicken Rice")).toBe(today);
    const chicken = entries.find((entry) => entry.menu_name === "Plan Chicken Rice")!;
    expect(chicken.reason).toBe(`uses the chicken breast due ${weekdayOf(addDays(today, 1))}`);
    expect(chicken).toMatchObject({ meal: "Dinner", servings: 2, leftover: false, locked: false });
    expect(chicken.ingredients_quantity).toEqual({ "chicken breast": "400 g", rice: "150 g" });
    expect(await listPlan(cook)).toHaveLength(entries.length);
  });

  it("keeps a locked entry and re-plans the rest around it", async () => {
    const cook = await signedInMember("planlock");
    await stock(cook, [{ name: "chicken breast", grams: 400, days: 1 }]);
    const added = await call("POST", "/api/meal-plan", cook, {
      json: { date: today, meal: "Dinner", menu_id: ids["Plan Tomato Soup"], servings: 2 },
    });
    expect(added.status).toBe(201);
    const entry = (await added.json()) as WireEntry;
    await prisma.mealPlanEntry.update({ where: { id: entry.id }, data: { locked: true } });
    const entries = await autoPlan(cook, { from: today, days: 3, meals: ["Dinner"] });
    expect(entries.some((planned) => planned.date === today)).toBe(false);
    const plan = await listPlan(cook, today, 3);
    expect(plan.find((planned) => planned.date === today)?.menu_name).toBe("Plan Tomato Soup");
    expect(plan.find((planned) => planned.menu_name === "Plan Chicken Rice")?.date).toBe(addDays(today, 1));
  });
});

describe("/api/meal-plan", () => {
  it("refuses bad input with a message and changes nothing", async () => {
    const cook = await signedInMember("planbad");
    for (const json of [
      { date: "2026-02-30", meal: "Dinner", menu_id: ids["Plan Tomato Soup"] },
      { date: today, meal: "Supper", menu_id: ids["Plan Tomato Soup"] },
      { date: today, meal: "Dinner", menu_id: ids["Plan Tomato Soup"], servings: 0 },
    ]) {
      const response = await call("POST", "/api/meal-plan", cook, { json });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/date|meal|Servings/);
    }
    expect((await call("GET", "/api/meal-plan?from=yesterday", cook)).status).toBe(400);
    expect((await call("GET", `/api/meal-plan?from=${today}&days=99`, cook)).status).toBe(400);
    expect(
      await prisma.mealPlanEntry.count({ where: { pantry: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(0);
  });

  it("answers another cook's entry as not found, and removes one's own", async () => {
    const [owner, other] = [await signedInMember("planowner"), await signedInMember("planother")];
    const added = await call("POST", "/api/meal-plan", owner, {
      json: { date: monday, meal: "Lunch", menu_id: ids["Plan Tomato Soup"] },
    });
    const entry = (await added.json()) as WireEntry;
    expect((await call("DELETE", `/api/meal-plan/${entry.id}`, other)).status).toBe(404);
    expect(await listPlan(other, monday)).toEqual([]);
    expect(await listPlan(owner, monday)).toHaveLength(1);
    expect((await call("DELETE", `/api/meal-plan/${entry.id}`, owner)).status).toBe(200);
    expect(await listPlan(owner, monday)).toEqual([]);
  });
});

describe("leftovers", () => {
  it("puts the servings not eaten in the fridge for 3 days, counts CO2 for those eaten and plans them as a meal", async () => {
    const cook = await signedInMember("planleftover");
    await stock(cook, [{ name: "tomato", grams: 500, days: 5 }]);
    const whole = await run(() =>
      mealCompletion({
        request: requestWith(
          "POST",
          "/meal-completions",
          { json: { menu_id: ids["Plan Tomato Soup"] } },
          { cookie: cook.cookie }
        ),
        params: {},
        context: {},
      })
    );
    const wholeCo2 = ((await whole.json()) as { co2_saved: number }).co2_saved;
    expect(wholeCo2).toBeGreaterThan(0);
    // a new cooking of the same recipe: the session forgets the last one
    for (const session of await prisma.session.findMany({ where: { userId: cook.id } })) {
      const { recipeVisits: _done, ...values } = JSON.parse(session.data) as Record<string, unknown>;
      await prisma.session.update({ where: { id: session.id }, data: { data: JSON.stringify(values) } });
    }

    const response = await run(() =>
      mealCompletion({
        request: requestWith(
          "POST",
          "/meal-completions",
          { json: { menu_id: ids["Plan Tomato Soup"], servings_cooked: 6, servings_eaten: 2 } },
          { cookie: cook.cookie }
        ),
        params: {},
        context: {},
      })
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { co2_saved: number; leftover: { name: string; servings: number } };
    expect(body.leftover).toMatchObject({ name: "Leftover Plan Tomato Soup", servings: 4 });
    // 6 servings are three times the recipe's 2, and a third of them was eaten: one recipe's worth
    expect(body.co2_saved).toBeCloseTo(wholeCo2 * (6 / 2) * (2 / 6), 6);

    const pantry = await pantryItems((await cookOfUser(cook.id)).pantryId);
    const leftover = pantry.find((item) => item.name === "Leftover Plan Tomato Soup")!;
    expect(leftover).toMatchObject({ quantity: 4, unit: null, storage: "fridge", bestBefore: addDays(today, 3) });
    expect(spoilingSoon(pantry, today).map(({ item }) => item.name)).toContain("Leftover Plan Tomato Soup");

    const entries = await autoPlan(cook, { from: today, days: 3, meals: ["Lunch", "Dinner"] });
    expect(entries[0]).toMatchObject({
      date: today,
      meal: "Lunch",
      leftover: true,
      menu_name: "Leftovers: Plan Tomato Soup",
      menu_id: ids["Plan Tomato Soup"],
      servings: 4,
    });

    // eaten the next day: a serving weighs what the recipe's lines weigh over its servings, and counts its CO2
    const member = await cookOfUser(cook.id);
    const eaten = await logPantryFood(member, {
      key: leftover.key,
      kind: "used",
      amount: 1,
      unit: null,
    });
    expect(eaten.ok).toBe(true);
    const logged = await prisma.foodLogEntry.findFirstOrThrow({
      where: { userId: cook.id, ingredient: "Leftover Plan Tomato Soup" },
    });
    const onion = (await loadCatalogue()).byName("onion")!.unitWeights.piece;
    expect(logged.grams).toBeCloseTo((500 + onion) / 2, 6);
    // the soup's footprint per serving: half of the whole recipe's, which cooking it whole from the pantry saved
    expect(logged.co2Kg).toBeGreaterThan(0);
    expect((await loggedFoodSince(member.householdId, new Date(0))).map((entry) => entry.grams)).toContain(
      logged.grams
    );
  });

  it("still takes the spec's body, and refuses more eaten than cooked without recording anything", async () => {
    const cook = await signedInMember("planeaten");
    const response = await run(() =>
      mealCompletion({
        request: requestWith(
          "POST",
          "/meal-completions",
          { json: { menu_id: ids["Plan Baked Salmon"], servings_cooked: 2, servings_eaten: 3 } },
          { cookie: cook.cookie }
        ),
        params: {},
        context: {},
      })
    );
    expect(response.status).toBe(400);
    expect(await prisma.mealCompletion.count({ where: { userId: cook.id } })).toBe(0);
  });
});

describe("the week's shopping", () => {
  it("adds what the plan needs beyond the pantry, summed per ingredient", async () => {
    const cook = await signedInMember("planshop");
    await stock(cook, [{ name: "chicken breast", grams: 300, days: 5 }]);
    for (const [day, name] of [
      [monday, "Plan Chicken Rice"],
      [addDays(monday, 1), "Plan Spinach Pasta"],
    ] as const) {
      await call("POST", "/api/meal-plan", cook, { json: { date: day, meal: "Dinner", menu_id: ids[name] } });
    }
    const response = await call("POST", "/api/meal-plan/shopping", cook, { json: { from: monday, days: 7 } });
    expect(response.status).toBe(200);
    const listed = await prisma.shoppingItem.findMany({
      where: { list: { household: { members: { some: { userId: cook.id } } } } },
      orderBy: { name: "asc" },
    });
    expect(listed.map((item) => [item.name, item.quantity])).toEqual([
      ["chicken breast", "100 g"],
      ["pasta", "200 g"],
      ["rice", "150 g"],
      ["spinach", "200 g"],
    ]);
  });
});

describe("the calendar feed", () => {
  it("opens in a calendar: one event per entry with the recipe's link; a revoked address is not found", async () => {
    const cook = await signedInMember("planfeed");
    await call("POST", "/api/meal-plan", cook, {
      json: { date: today, meal: "Dinner", menu_id: ids["Plan Baked Salmon"] },
    });
    await call("POST", "/api/meal-plan", cook, {
      json: { date: today, meal: "Lunch", menu_id: ids["Plan Tomato Soup"] },
    });
    const { url } = (await (await call("GET", "/api/meal-plan/calendar", cook)).json()) as { url: string };
    expect((await (await call("GET", "/api/meal-plan/calendar", cook)).json()) as { url: string }).toEqual({ url });
    const token = url.split("/plan/calendar/")[1];
    const feed = await calendarLoader({ request: new Request(url), params: { token }, context: {} });
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text).toContain("\r\n");
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.summary).sort()).toEqual([
      "Dinner: Plan Baked Salmon",
      "Lunch: Plan Tomato Soup",
    ]);
    const dinner = calendar
      .getAllSubcomponents("vevent")
      .find((event) => String(event.getFirstPropertyValue("summary")).startsWith("Dinner"))!;
    expect(dinner.getFirstPropertyValue("url")).toBe(`${new URL(url).origin}/menu-detail/${ids["Plan Baked Salmon"]}`);
    const start = new ICAL.Event(dinner).startDate;
    expect([start.year, start.month, start.day, start.hour]).toEqual([...today.split("-").map(Number), 19]);

    expect((await call("DELETE", "/api/meal-plan/calendar", cook)).status).toBe(200);
    const revoked = await calendarLoader({ request: new Request(url), params: { token }, context: {} });
    expect(revoked.status).toBe(404);
    const forged = await calendarLoader({
      request: new Request(url),
      params: { token: token.replace(/.\.ics$/, "A.ics") },
      context: {},
    });
    expect(forged.status).toBe(404);
  });
});
