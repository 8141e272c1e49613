/**
 * Quality and speed of the recipe ranking (app/domain/ranking.ts), the old ranking (bench/legacy-ranking.ts)
 * beside it on the same pantries.
 *
 * Judged scenarios (bench/ranking-scenarios.ts): pantries with the answer a cook would accept, the reason beside
 * each; the share met by the old and the new ranking, tuning and held-out scenarios apart.
 *
 * Quality, on the starter cookbook (the recipes the app ships with; the ranking's constants were not tuned on
 * these pantries): PANTRIES pantries drawn from a fixed seed, each of 4–12 random catalogue items with a true
 * amount, a place (its usual one mostly) and a best-before day somewhere in its shelf life (typed, or estimated
 * from the day it was added, as the app does: either way the app knows it), except 15 % of items just added
 * by name only, which keep their full shelf life; the cook typed the amount for 60 % of items. A meal occasion
 * is chosen in half of the searches, a cuisine in a third. Printed:
 * - urgent item in the top 3: among pantries whose most urgent perishable item (one keeping 14 days or fewer
 *   where it is kept; with ties, any of the most urgent) is used by some recipe of the cookbook, the share
 *   where one of the top 3 uses it;
 * - perishable grams used: the share of the pantry's perishable grams the top 5 recipes would use together.
 *
 * Speed, on a synthetic cookbook of 100,000 recipes built in memory (bench/synthetic-cookbook.ts): p50 and p95
 * of a top-20 query for pantries of 3, 8 and 20 dated items, and the heap the index takes.
 *
 *   npm run bench:ranking
 */
import { availableParallelism, loadavg } from "node:os";
import { getCatalogue } from "~/domain/catalogue-data";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import {
  createRecipeIndex,
  familyOf,
  type PantryEntry,
  type RankableRecipe,
  type RankingQuery,
} from "~/domain/ranking";
import { STORAGES, type Storage } from "~/domain/shelf-life";
import { starterCookbook } from "../tests/support/starter-cookbook";
import { createRecipeIndex as createLegacyIndex } from "./legacy-ranking";
import { HELD_OUT, judged, TUNING, type JudgedRecipe, type Scenario } from "./ranking-scenarios";
import { randomGenerator } from "./synthetic-cookbook";
import { syntheticIngredients, syntheticRankable } from "./synthetic-rankable";
import { percentile } from "./support/stats";

const PANTRIES = 400;
const SEED = 20261125;
const PERISHABLE_DAYS = 14;
const TOP_URGENT = 3;
/** the same figure for pantries whose most urgent item is due within this many days (or past its date) */
const DUE_SOON_DAYS = 3;
const TOP_GRAMS = 5;
const SPEED_RECIPES = 100_000;
const SPEED_QUERIES = 200;
const WARM_UP = 50;

const catalogue = getCatalogue();
const ingredientList = catalogue.ingredients;

interface BenchItem {
  ingredientId: number;
  /** what the cook really has */
  grams: number;
  daysLeft: number;
  storage: Storage;
  /** what the cook typed: the amount and date are given for some items only */
  entry: PantryEntry;
}

interface BenchPantry {
  items: BenchItem[];
  query: Omit<RankingQuery, "pantry">;
}

const pick = <T>(random: () => number, values: readonly T[]) => values[Math.floor(random() * values.length)];

function benchPantry(random: () => number, size: number): BenchPantry {
  const items = new Map<number, BenchItem>();
  while (items.size < size) {
    const ingredientId = Math.floor(random() * ingredientList.length);
    const ingredient = ingredientList[ingredientId];
    const namedOnly = random() < 0.15;
    const storage = namedOnly || random() < 0.7 ? ingredient.shelfLife.storage : pick(random, STORAGES);
    const keeps = ingredient.shelfLife[storage];
    const daysLeft = namedOnly ? keeps : Math.floor(random() * (keeps + 3)) - 2;
    const grams = 50 + Math.floor(random() * 950);
    const entry: PantryEntry = {
      ingredientId,
      name: ingredient.name,
      grams: random() < 0.6 ? grams : null,
      daysLeft: namedOnly ? null : daysLeft,
      storage,
    };
    items.set(ingredientId, { ingredientId, grams, daysLeft, storage, entry });
  }
  const query = {
    cuisines: random() < 0.33 ? [pick(random, CUISINES)] : [],
    mealOccasions: random() < 0.5 ? [pick(random, MEAL_OCCASIONS)] : [],
    dietaryPreferences: [],
  };
  return { items: [...items.values()], query };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function measureQuality() {
  const book = starterCookbook();
  const family = familyOf(book.ingredients);
  const current = createRecipeIndex(book.recipes, book.ingredients);
  const legacy = createLegacyIndex(book.recipes, book.ingredients);
  const recipeById = new Map(book.recipes.map((recipe) => [recipe.id, recipe]));
  const usesItem = (recipe: RankableRecipe, item: BenchItem) =>
    family(item.ingredientId).some((id) => recipe.keyIngredientIds.includes(id));
  const gramsUsed = (recipe: RankableRecipe, item: BenchItem) =>
    recipe.ingredientIds.reduce((sum, id, line) => {
      if (!family(item.ingredientId).includes(id) || !recipe.keyIngredientIds.includes(id)) return sum;
      return sum + (recipe.ingredientGrams?.[line] ?? 100);
    }, 0);

  const random = randomGenerator(SEED);
  const tally = {
    eligible: 0,
    currentUrgent: 0,
    legacyUrgent: 0,
    dueEligible: 0,
    currentDue: 0,
    legacyDue: 0,
    perishableGrams: 0,
    currentGrams: 0,
    legacyGrams: 0,
  };
  for (let number = 0; number < PANTRIES; number++) {
    const pantry = benchPantry(random, 4 + Math.floor(random() * 9));
    const perishable = pantry.items.filter(
      (item) => ingredientList[item.ingredientId].shelfLife[item.storage] <= PERISHABLE_DAYS
    );
    const currentTop = current
      .rank({ ...pantry.query, pantry: pantry.items.map((item) => item.entry) }, TOP_GRAMS)
      .map((result) => recipeById.get(result.recipeId)!);
    const legacyTop = legacy
      .rank({ ...pantry.query, pantry: pantry.items.map((item) => item.entry) }, TOP_GRAMS)
      .map((result) => recipeById.get(result.recipeId)!);

    const soonest = Math.min(...perishable.map((item) => Math.max(0, item.daysLeft)));
    const urgent = perishable.filter((item) => Math.max(0, item.daysLeft) === soonest);
    const usesUrgent = (recipe: RankableRecipe) => urgent.some((item) => usesItem(recipe, item));
    if (book.recipes.some(usesUrgent)) {
      tally.eligible++;
      if (currentTop.slice(0, TOP_URGENT).some(usesUrgent)) tally.currentUrgent++;
      if (legacyTop.slice(0, TOP_URGENT).some(usesUrgent)) tally.legacyUrgent++;
      if (soonest <= DUE_SOON_DAYS) {
        tally.dueEligible++;
        if (currentTop.slice(0, TOP_URGENT).some(usesUrgent)) tally.currentDue++;
        if (legacyTop.slice(0, TOP_URGENT).some(usesUrgent)) tally.legacyDue++;
      }
    }
    for (const item of perishable) {
      tally.perishableGrams += item.grams;
      const used = (top: RankableRecipe[]) =>
        Math.min(
          item.grams,
          top.reduce((sum, recipe) => sum + gramsUsed(recipe, item), 0)
        );
      tally.currentGrams += used(currentTop);
      tally.legacyGrams += used(legacyTop);
    }
  }
  return { recipes: book.recipes.length, ...tally };
}

function syntheticIndexInput() {
  const recipes = Array.from({ length: SPEED_RECIPES }, (_, offset) => {
    const { recipe } = syntheticRankable(offset + 1);
    return { ...recipe, minutes: undefined };
  });
  return { ingredients: syntheticIngredients, recipes };
}

function measureSpeed() {
  const gc = (globalThis as { gc?: () => void }).gc;
  const { ingredients, recipes } = syntheticIndexInput();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const current = createRecipeIndex(recipes, ingredients);
  gc?.();
  const heapMegabytes = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const legacy = createLegacyIndex(recipes, ingredients);
  const rows = [];
  for (const size of [3, 8, 20]) {
    const random = randomGenerator(SEED + size);
    const pantries = Array.from({ length: WARM_UP + SPEED_QUERIES }, () => benchPantry(random, size));
    // old and new take turns on each pantry, so a busy moment of the machine falls on both alike
    const currentAll: number[] = [];
    const legacyAll: number[] = [];
    const timed = (times: number[], query: () => unknown) => {
      const started = performance.now();
      query();
      times.push(performance.now() - started);
    };
    for (const pantry of pantries) {
      timed(currentAll, () => current.rank({ ...pantry.query, pantry: pantry.items.map((item) => item.entry) }, 20));
      timed(legacyAll, () => legacy.rank({ ...pantry.query, pantry: pantry.items.map((item) => item.entry) }, 20));
    }
    const figures = (times: number[]) => {
      const measured = times.slice(WARM_UP);
      return { p50: percentile(measured, 0.5), p95: percentile(measured, 0.95) };
    };
    const currentTimes = figures(currentAll);
    const legacyTimes = figures(legacyAll);
    rows.push({ size, currentTimes, legacyTimes });
  }
  return { heapMegabytes, measuredHeap: gc !== undefined, rows };
}

/** The catalogue as the old ranking saw it: every taxonomy parent (ground beef filed under beef), no stand-ins. */
function beforeIssue27(book: ReturnType<typeof starterCookbook>) {
  return new Map(
    [...book.ingredients].map(([id, ingredient]) => {
      const parent = book.catalogue.byName(ingredient.name)!.parent;
      return [id, { ...ingredient, parentId: parent === null ? null : book.idOf(book.catalogue.byName(parent)!) }];
    })
  );
}

/** The share of scenarios whose top 20 the cook would accept, by the new and the old ranking. */
function measureScenarios(scenarios: readonly Scenario[]) {
  const book = starterCookbook();
  const current = createRecipeIndex(book.recipes, book.ingredients);
  const legacy = createLegacyIndex(book.recipes, beforeIssue27(book));
  const recipeById = new Map(book.recipes.map((recipe) => [recipe.id, recipe]));
  const nameOf = (id: number) => book.ingredients.get(id)!.name;
  const judge = (ids: number[]): JudgedRecipe[] => ids.map((id) => judged(recipeById.get(id)!, book.catalogue, nameOf));
  const results = scenarios.map((scenario) => {
    const pantry: PantryEntry[] = scenario.pantry.map((given) => {
      const item = typeof given === "string" ? { name: given } : given;
      const ingredient = book.catalogue.match(item.name);
      if (!ingredient) throw new Error(`${scenario.name}: "${item.name}" is not in the catalogue`);
      return { ingredientId: book.idOf(ingredient), name: item.name, daysLeft: item.daysLeft, grams: item.grams };
    });
    const query = {
      pantry,
      cuisines: scenario.cuisines ?? [],
      dietaryPreferences: scenario.dietaryPreferences ?? [],
      mealOccasions: scenario.mealOccasions ?? [],
      allergies: scenario.allergies ?? [],
    };
    const currentTop = judge(current.rank(query, 20).map((result) => result.recipeId));
    const legacyTop = judge(legacy.rank(query, 20).map((result) => result.recipeId));
    return { scenario, current: scenario.check(currentTop), legacy: scenario.check(legacyTop) };
  });
  return {
    count: results.length,
    current: results.filter((result) => result.current).length,
    legacy: results.filter((result) => result.legacy).length,
    missed: results.filter((result) => !result.current).map((result) => result.scenario.name),
  };
}

for (const [label, scenarios] of [
  ["tuning scenarios (the constants were set looking at these)", TUNING],
  ["held-out scenarios (written last, never tuned on)", HELD_OUT],
] as const) {
  const figures = measureScenarios(scenarios);
  console.log(
    `Scenarios met, ${label}: old ${percent(figures.legacy, figures.count)} (${figures.legacy}/${figures.count}), ` +
      `new ${percent(figures.current, figures.count)} (${figures.current}/${figures.count})` +
      (figures.missed.length > 0 ? `; not met: ${figures.missed.join("; ")}` : "")
  );
}
console.log("");

const quality = measureQuality();
console.log(`Quality: ${PANTRIES} seeded pantries on the starter cookbook (${quality.recipes} recipes)`);
console.log("| figure | old ranking | new ranking | target |");
console.log("|---|---|---|---|");
console.log(
  `| most urgent perishable item used by one of the top ${TOP_URGENT} (${quality.eligible} pantries where a recipe uses it) | ` +
    `${percent(quality.legacyUrgent, quality.eligible)} | ${percent(
      quality.currentUrgent,
      quality.eligible
    )} | (issue 15's; issue 27 ranks fit first beyond 3 days) |`
);
console.log(
  `| the same, where that item is due within ${DUE_SOON_DAYS} days or expired (${quality.dueEligible} pantries) | ` +
    `${percent(quality.legacyDue, quality.dueEligible)} | ${percent(
      quality.currentDue,
      quality.dueEligible
    )} | ≥ 95 % |`
);
console.log(
  `| perishable grams the top ${TOP_GRAMS} would use (of ${(quality.perishableGrams / 1000).toFixed(0)} kg) | ` +
    `${percent(quality.legacyGrams, quality.perishableGrams)} | ${percent(
      quality.currentGrams,
      quality.perishableGrams
    )} | beat the old |`
);

const speed = measureSpeed();
console.log(
  `\nSpeed: top 20 of ${SPEED_RECIPES.toLocaleString(
    "en"
  )} synthetic recipes, ${SPEED_QUERIES} queries per row after ` +
    `${WARM_UP} warm-up; node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(
      1
    )}`
);
console.log("| pantry items | old p50 ms | old p95 ms | new p50 ms | new p95 ms | target p95 |");
console.log("|---|---|---|---|---|---|");
for (const { size, currentTimes, legacyTimes } of speed.rows) {
  const figures = [legacyTimes.p50, legacyTimes.p95, currentTimes.p50, currentTimes.p95].map((value) =>
    value.toFixed(2)
  );
  console.log(`| ${size} | ${figures.join(" | ")} | ≤ 50 ms |`);
}
console.log(
  speed.measuredHeap
    ? `Index heap: ${speed.heapMegabytes.toFixed(1)} MB for ${SPEED_RECIPES.toLocaleString("en")} recipes`
    : "Index heap: run with node --expose-gc (npm run bench:ranking does) to measure it"
);
