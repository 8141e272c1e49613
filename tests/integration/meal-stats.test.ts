import { beforeAll, describe, expect, it } from "vitest";
import { loader as mealStatsLoader } from "~/api/users.$id.meal-stats.server";
import { loader as monthlyLoader } from "~/api/users.$id.monthly-meal-stats.server";
import { prisma } from "~/services/db.server";
import { mealStats, monthlyMealStats } from "~/services/meal-stats.server";
import { createUserSession } from "~/services/sign-in.server";
import { getRequest, run } from "../support/requests";
import { cookOfUser } from "~/services/cook.server";

let soup: number;
let salad: number;

beforeAll(async () => {
  soup = (await prisma.recipe.create({ data: { name: "Stats Test Soup" } })).id;
  salad = (await prisma.recipe.create({ data: { name: "Stats Test Salad" } })).id;
});

async function newUser(username: string) {
  return (await prisma.user.create({ data: { username, email: `${username}@example.com` } })).id;
}

async function complete(userId: number, recipeId: number, createdAt: Date, co2SavedKg = 0) {
  await prisma.mealCompletion.create({ data: { userId, recipeId, createdAt, co2SavedKg } });
}

async function cookieFor(userId: number) {
  return (await createUserSession(getRequest("/login"), userId)).split(";")[0];
}

describe("monthlyMealStats", () => {
  it("counts meals in each of the last six calendar months (UTC), zeros included, and this month's CO2 (no food logged: 0 kg rescued or wasted)", async () => {
    const userId = await newUser("stats_months");
    const now = new Date("2025-03-15T12:00:00Z");
    await complete(userId, soup, new Date("2024-09-30T23:59:59Z")); // seventh month back: not shown
    await complete(userId, soup, new Date("2024-10-01T00:00:00Z"));
    await complete(userId, salad, new Date("2024-12-31T23:59:59Z"));
    await complete(userId, soup, new Date("2025-02-28T23:59:59Z"), 5);
    await complete(userId, soup, new Date("2025-03-01T00:00:00Z"), 0.42);
    await complete(userId, salad, new Date("2025-03-15T11:00:00Z"), 0.3);
    expect(await monthlyMealStats(await cookOfUser(userId), now)).toEqual({
      monthly_stats: [
        { month: "2024-10", meal_count: 1, rescued_kg: 0, wasted_kg: 0 },
        { month: "2024-11", meal_count: 0, rescued_kg: 0, wasted_kg: 0 },
        { month: "2024-12", meal_count: 1, rescued_kg: 0, wasted_kg: 0 },
        { month: "2025-01", meal_count: 0, rescued_kg: 0, wasted_kg: 0 },
        { month: "2025-02", meal_count: 1, rescued_kg: 0, wasted_kg: 0 },
        { month: "2025-03", meal_count: 2, rescued_kg: 0, wasted_kg: 0 },
      ],
      current_month: { meal_count: 2, co2_saved: 0.72, rescued_kg: 0, wasted_kg: 0 },
    });
  });

  it("crosses the year boundary and gives zeros to a user who has cooked nothing", async () => {
    const userId = await newUser("stats_empty");
    const stats = await monthlyMealStats(await cookOfUser(userId), new Date("2026-01-02T00:00:00Z"));
    expect(stats.monthly_stats.map((entry) => entry.month)).toEqual([
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
    expect(stats.monthly_stats.every((entry) => entry.meal_count === 0)).toBe(true);
    expect(stats.current_month).toEqual({ meal_count: 0, co2_saved: 0, rescued_kg: 0, wasted_kg: 0 });
  });

  it("does not count other users' meals", async () => {
    const cook = await newUser("stats_cook");
    const other = await newUser("stats_other");
    await complete(other, soup, new Date());
    expect((await monthlyMealStats(await cookOfUser(cook))).current_month.meal_count).toBe(0);
  });
});

describe("mealStats", () => {
  it("totals completions and names the recipe cooked most, the latest cooked winning a tie", async () => {
    const userId = await newUser("stats_totals");
    expect(await mealStats(userId)).toEqual({ total_completed: 0, most_cooked: null });
    await complete(userId, soup, new Date("2025-01-01T00:00:00Z"));
    await complete(userId, salad, new Date("2025-01-02T00:00:00Z"));
    expect(await mealStats(userId)).toEqual({
      total_completed: 2,
      most_cooked: { menu_name: "Stats Test Salad", cook_count: 1 },
    });
    await complete(userId, soup, new Date("2025-01-03T00:00:00Z"));
    expect(await mealStats(userId)).toEqual({
      total_completed: 3,
      most_cooked: { menu_name: "Stats Test Soup", cook_count: 2 },
    });
  });
});

describe("GET /api/users/{id}/monthly-meal-stats and /meal-stats", () => {
  const endpoints = [
    { path: "monthly-meal-stats", loader: monthlyLoader },
    { path: "meal-stats", loader: mealStatsLoader },
  ];

  it("answers the signed-in user's own stats in the spec's shape", async () => {
    const userId = await newUser("stats_api");
    await complete(userId, soup, new Date(), 1.25);
    const cookie = await cookieFor(userId);
    const monthly = await run(() =>
      monthlyLoader({
        request: getRequest(`/api/users/${userId}/monthly-meal-stats`, { cookie }),
        params: { id: String(userId) },
        context: {},
      })
    );
    expect(monthly.status).toBe(200);
    const body = (await monthly.json()) as { monthly_stats: unknown[]; current_month: unknown };
    expect(body.monthly_stats).toHaveLength(6);
    expect(body.current_month).toEqual({ meal_count: 1, co2_saved: 1.25, rescued_kg: 0, wasted_kg: 0 });
    const totals = await run(() =>
      mealStatsLoader({
        request: getRequest(`/api/users/${userId}/meal-stats`, { cookie }),
        params: { id: String(userId) },
        context: {},
      })
    );
    expect(await totals.json()).toEqual({
      total_completed: 1,
      most_cooked: { menu_name: "Stats Test Soup", cook_count: 1 },
    });
  });

  it("refuses guests with 401 and other users' ids (or no id at all) with 403", async () => {
    const owner = await newUser("stats_owner");
    const intruder = await newUser("stats_intruder");
    const cookie = await cookieFor(intruder);
    for (const { path, loader } of endpoints) {
      const call = (id: string, withCookie: string | null) =>
        run(() =>
          loader({
            request: getRequest(`/api/users/${id}/${path}`, { cookie: withCookie }),
            params: { id },
            context: {},
          })
        );
      const guest = await call(String(owner), null);
      expect(guest.status).toBe(401);
      expect(await guest.json()).toEqual({ message: expect.any(String) });
      expect((await call(String(owner), cookie)).status).toBe(403);
      expect((await call("not-a-number", cookie)).status).toBe(403);
    }
  });
});
