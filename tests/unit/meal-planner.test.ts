import { describe, expect, it } from "vitest";
import {
  fitsMeal,
  perishableGramsSaved,
  planMeals,
  type PlanRequest,
  type PlannerItem,
  type PlannerRecipe,
} from "~/domain/meal-planner";

// Ingredient ids: a tiny catalogue with one parent (chicken breast is a kind of chicken).
const CHICKEN = 1;
const CHICKEN_BREAST = 2;
const SPINACH = 3;
const SALMON = 4;
const RICE = 5;
const SALT = 6;
const PASTA = 7;
const PEANUT = 8;
const EGG = 9;
const PARENTS = new Map([[CHICKEN_BREAST, CHICKEN]]);

const item = (
  id: number,
  name: string,
  ingredientId: number,
  grams: number | null,
  bestBefore: string,
  perishable = true
): PlannerItem => ({
  id,
  name,
  ingredientId,
  grams,
  bestBefore,
  perishable,
});

const recipe = (
  id: number,
  name: string,
  lines: [number, number | null][],
  extra: Partial<PlannerRecipe> = {}
): PlannerRecipe => ({
  id,
  name,
  servings: 2,
  lines: lines.map(([ingredientId, grams]) => ({ ingredientId, grams, staple: ingredientId === SALT })),
  occasions: ["Dinner", "Lunch"],
  diets: [],
  allergenGroups: [],
  mainProtein: null,
  rating: null,
  ...extra,
});

const COOKBOOK: PlannerRecipe[] = [
  recipe(
    10,
    "Chicken and rice",
    [
      [CHICKEN, 400],
      [RICE, 200],
      [SALT, 5],
    ],
    { mainProtein: "chicken" }
  ),
  recipe(11, "Spinach pasta", [
    [SPINACH, 200],
    [PASTA, 200],
  ]),
  recipe(
    12,
    "Baked salmon",
    [
      [SALMON, 300],
      [SALT, 5],
    ],
    { mainProtein: "salmon", rating: 5 }
  ),
  recipe(13, "Plain pasta", [[PASTA, 200]], { rating: 5 }),
  recipe(
    14,
    "Peanut noodles",
    [
      [PEANUT, 100],
      [PASTA, 200],
    ],
    { rating: 5, allergenGroups: ["peanuts"] }
  ),
  recipe(15, "Omelette", [[EGG, 120]], { occasions: ["Breakfast"] }),
];

// Monday 30 November 2026 onwards.
const WEEK = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];

const request = (overrides: Partial<PlanRequest> = {}): PlanRequest => ({
  days: WEEK,
  meals: ["Dinner"],
  servings: 2,
  pantry: [
    item(101, "Salmon", SALMON, 300, "2026-12-03"),
    item(102, "Spinach", SPINACH, 200, "2026-12-02"),
    item(103, "Chicken breast", CHICKEN_BREAST, 400, "2026-12-01"),
    item(104, "Rice", RICE, 1000, "2027-06-01", false),
  ],
  recipes: COOKBOOK,
  parentOf: (id) => PARENTS.get(id) ?? null,
  diets: [],
  allergies: { groups: [], ingredientIds: [] },
  kept: [],
  ...overrides,
});

const dayOf = (entries: ReturnType<typeof planMeals>, recipeId: number) =>
  entries.find((entry) => entry.recipeId === recipeId)?.day;

describe("planMeals", () => {
  it("puts the chicken, spinach and salmon each on a day by its date, the chicken due soonest first", () => {
    const plan = planMeals(request());
    expect(dayOf(plan, 10)).toBe("2026-11-30");
    expect(dayOf(plan, 11)! <= "2026-12-02").toBe(true);
    expect(dayOf(plan, 12)! <= "2026-12-03").toBe(true);
    // a highly rated dish that uses nothing due waits until the due food is eaten
    expect(dayOf(plan, 13)).toBe("2026-12-03");
  });

  it("says why each entry is there", () => {
    const plan = planMeals(request());
    expect(plan.find((entry) => entry.recipeId === 10)?.reason).toBe("uses the chicken breast due Tuesday");
    expect(plan.find((entry) => entry.recipeId === 12)?.reason).toBe("uses the salmon due Thursday");
    expect(plan.find((entry) => entry.recipeId === 13)?.reason).toBe("a dish you have not had this week");
  });

  it("never plans a recipe twice and leaves a slot empty rather than repeat one", () => {
    const plan = planMeals(request({ meals: ["Lunch", "Dinner"] }));
    const ids = plan.map((entry) => entry.recipeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(plan.length).toBe(5); // five lunch-or-dinner recipes in the cookbook, fourteen slots
  });

  it("tracks amounts: food an earlier meal used is not counted again, a partly used item keeps its rest", () => {
    const cookbook = [
      recipe(20, "Spinach soup", [[SPINACH, 150]]),
      recipe(21, "Spinach salad", [[SPINACH, 150]]),
      recipe(22, "Spinach pie", [[SPINACH, 150]]),
    ];
    const plan = planMeals(
      request({ recipes: cookbook, pantry: [item(102, "Spinach", SPINACH, 200, "2026-12-02")], days: WEEK.slice(0, 3) })
    );
    expect(plan.map((entry) => entry.uses)).toEqual([[{ itemId: 102, grams: 150 }], [{ itemId: 102, grams: 50 }], []]);
  });

  it("scales what a recipe uses to the servings planned", () => {
    const plan = planMeals(request({ servings: 1, days: WEEK.slice(0, 1) }));
    expect(plan[0].uses).toContainEqual({ itemId: 103, grams: 200 });
  });

  it("does not count food past its date as eaten", () => {
    const plan = planMeals(
      request({
        pantry: [item(102, "Spinach", SPINACH, 200, "2026-11-29")],
        recipes: [COOKBOOK[1]],
        days: WEEK.slice(0, 1),
      })
    );
    expect(plan[0].uses).toEqual([]);
  });

  it("honours the cook's diets and allergies", () => {
    const withPeanuts = request({ pantry: [item(105, "Peanuts", PEANUT, 100, "2026-11-30")], days: WEEK.slice(0, 1) });
    expect(planMeals(withPeanuts)[0].recipeId).toBe(14);
    expect(planMeals({ ...withPeanuts, allergies: { groups: ["peanuts"], ingredientIds: [] } })[0].recipeId).not.toBe(
      14
    );
    expect(planMeals({ ...withPeanuts, allergies: { groups: [], ingredientIds: [PEANUT] } })[0].recipeId).not.toBe(14);
    const vegetarian = request({
      diets: ["Vegetarian"],
      recipes: COOKBOOK.map((r) => ({ ...r, diets: r.mainProtein ? [] : ["Vegetarian"] })),
    });
    expect(planMeals(vegetarian).some((entry) => entry.recipeId === 10 || entry.recipeId === 12)).toBe(false);
  });

  it("matches occasions to meals: breakfast dishes at breakfast only", () => {
    const plan = planMeals(request({ meals: ["Breakfast", "Dinner"], days: WEEK.slice(0, 2) }));
    expect(plan.filter((entry) => entry.meal === "Breakfast").map((entry) => entry.recipeId)).toEqual([15]);
    expect(plan.some((entry) => entry.meal === "Dinner" && entry.recipeId === 15)).toBe(false);
    expect(fitsMeal([], "Dinner")).toBe(true);
    expect(fitsMeal([], "Breakfast")).toBe(false);
    expect(fitsMeal(["Side Dish"], "Dinner")).toBe(false);
  });

  it("does not serve the same main protein two days running", () => {
    const cookbook = [
      recipe(30, "Chicken curry", [[CHICKEN, 300]], { mainProtein: "chicken" }),
      recipe(31, "Chicken salad", [[CHICKEN, 300]], { mainProtein: "chicken" }),
      recipe(32, "Plain pasta", [[PASTA, 200]]),
    ];
    const plan = planMeals(
      request({ recipes: cookbook, pantry: [item(103, "Chicken", CHICKEN, 600, "2026-12-06")], days: WEEK.slice(0, 3) })
    );
    expect(plan.map((entry) => entry.recipeId)).toEqual([30, 32, 31]);
  });

  it("keeps locked entries, uses their food at their time and plans the rest around them", () => {
    const plan = planMeals(
      request({ kept: [{ day: "2026-11-30", meal: "Dinner", recipeId: 11, servings: 2, leftoverOf: null }] })
    );
    expect(plan.some((entry) => entry.day === "2026-11-30")).toBe(false);
    expect(plan.some((entry) => entry.recipeId === 11)).toBe(false);
    // the spinach went on Monday; Tuesday still takes the chicken due Tuesday
    expect(dayOf(plan, 10)).toBe("2026-12-01");
  });

  it("plans a leftover before its date as a meal of its own", () => {
    const leftover: PlannerItem = {
      ...item(106, "Leftover Chicken curry", 0, null, "2026-12-02"),
      ingredientId: null,
      leftover: { dish: "Chicken curry", servings: 2, recipeId: 30 },
    };
    const plan = planMeals(request({ meals: ["Lunch", "Dinner"], pantry: [leftover], days: WEEK.slice(0, 2) }));
    expect(plan[0]).toMatchObject({
      day: "2026-11-30",
      meal: "Lunch",
      leftoverOf: "Chicken curry",
      leftoverItemId: 106,
      reason: "eats the leftover chicken curry due Wednesday",
    });
    expect(plan.filter((entry) => entry.leftoverOf !== null)).toHaveLength(1);
  });
});

// Cases judged from a cook's point of view: each says what a cook would do with that pantry, and why.
describe("planMeals, as a cook would plan", () => {
  const chickenRice = recipe(40, "Chicken and rice", [[CHICKEN, 400]], { mainProtein: "chicken" });
  const chickenSpinach = recipe(
    41,
    "Chicken with spinach",
    [
      [CHICKEN, 200],
      [SPINACH, 200],
    ],
    { mainProtein: "chicken" }
  );
  const spinachPasta = recipe(42, "Spinach pasta", [[SPINACH, 200]]);
  const bakedSalmon = recipe(43, "Baked salmon", [[SALMON, 300]], { mainProtein: "salmon" });
  const plainPasta = recipe(44, "Plain pasta", [[PASTA, 200]], { rating: 5 });
  const saved = (plan: ReturnType<typeof planMeals>) =>
    plan.flatMap((entry) => entry.uses).reduce((sum, use) => sum + use.grams, 0);

  it("eats the chicken due Tuesday on Monday or Tuesday, not after", () => {
    // Why: on Wednesday the chicken is past its date and goes in the bin; nothing else is due sooner.
    const plan = planMeals(
      request({
        recipes: [chickenRice, plainPasta],
        pantry: [item(103, "Chicken", CHICKEN, 400, "2026-12-01")],
        days: WEEK.slice(0, 3),
      })
    );
    expect(["2026-11-30", "2026-12-01"]).toContain(dayOf(plan, 40));
    expect(plan.find((entry) => entry.recipeId === 40)?.reason).toBe("uses the chicken due Tuesday");
  });

  it("eats the spinach due Monday on Monday and lets the chicken due Tuesday wait a day", () => {
    // Why: the spinach has one evening left, the chicken two; chicken on Monday would throw the spinach away.
    const plan = planMeals(
      request({
        recipes: [chickenRice, spinachPasta, plainPasta],
        pantry: [item(102, "Spinach", SPINACH, 200, "2026-11-30"), item(103, "Chicken", CHICKEN, 400, "2026-12-01")],
        days: WEEK.slice(0, 2),
      })
    );
    expect(plan.map((entry) => entry.recipeId)).toEqual([42, 40]);
    expect(saved(plan)).toBe(600);
  });

  it("cooks the chicken due Tuesday whole on Tuesday rather than half of it on Monday", () => {
    // Why: a dish on Monday that takes half the chicken (with the spinach) rules out chicken again on Tuesday (no
    // main protein two days running), so the other half would go off. The spinach alone on Monday, all the chicken
    // on Tuesday and the salmon on Wednesday wastes nothing.
    const plan = planMeals(
      request({
        recipes: [chickenSpinach, chickenRice, spinachPasta, bakedSalmon, plainPasta],
        pantry: [
          item(102, "Spinach", SPINACH, 200, "2026-11-30"),
          item(103, "Chicken", CHICKEN, 400, "2026-12-01"),
          item(101, "Salmon", SALMON, 300, "2026-12-02"),
        ],
        days: WEEK.slice(0, 3),
      })
    );
    expect(plan.map((entry) => entry.recipeId)).toEqual([42, 40, 43]);
    expect(saved(plan)).toBe(900);
    expect(plan.map((entry) => entry.reason)).toEqual([
      "uses the spinach due Monday",
      "uses the chicken due Tuesday",
      "uses the salmon due Wednesday",
    ]);
  });

  it("does not plan a second dish for chicken a locked Monday dinner already uses", () => {
    // Why: the cook's own Monday chicken dinner eats all 400 g; planning chicken again on Tuesday would send the
    // cook shopping for chicken they thought they had. Tuesday takes the spinach instead.
    const plan = planMeals(
      request({
        recipes: [chickenRice, chickenSpinach, spinachPasta, plainPasta],
        pantry: [item(103, "Chicken", CHICKEN, 400, "2026-12-01"), item(102, "Spinach", SPINACH, 200, "2026-12-02")],
        days: WEEK.slice(0, 2),
        kept: [{ day: "2026-11-30", meal: "Dinner", recipeId: 40, servings: 2, leftoverOf: null }],
      })
    );
    expect(plan.map((entry) => entry.recipeId)).toEqual([42]);
    expect(plan[0].reason).toBe("uses the spinach");
  });
});

describe("perishableGramsSaved", () => {
  it("counts perishable grams eaten by their date, with amounts tracked", () => {
    const base = request();
    const soonestFirst = perishableGramsSaved(
      [
        { day: "2026-11-30", recipeId: 10, servings: 2 },
        { day: "2026-12-01", recipeId: 11, servings: 2 },
        { day: "2026-12-02", recipeId: 12, servings: 2 },
      ],
      base,
      "2026-12-06"
    );
    expect(soonestFirst).toEqual({ saved: 900, total: 900 });
    const tooLate = perishableGramsSaved([{ day: "2026-12-04", recipeId: 10, servings: 2 }], base, "2026-12-06");
    expect(tooLate.saved).toBe(0);
  });
});
