/**
 * Times the ranking core (app/domain/ranking.ts) on synthetic cookbooks of 10,000 and 100,000 recipes made by
 * recombining catalogue ingredients (deterministic: same seed, same cookbook), for pantries of 3, 8 and 20 items.
 * No database: this measures the in-memory index a server process keeps.
 *
 *   NODE_OPTIONS=--expose-gc npx tsx bench/suggestions.ts
 */
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { getCatalogue } from "~/domain/catalogue-data";
import { createRecipeIndex, type RankableRecipe, type RankingQuery } from "~/domain/ranking";

const COOKBOOK_SIZES = [10_000, 100_000];
const PANTRY_SIZES = [3, 8, 20];
const QUERIES_PER_CASE = 300;
const LIMIT = 20;

/** mulberry32: a small seeded generator, so every run builds the same cookbook and asks the same questions. */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const catalogue = getCatalogue();
const ids = new Map(catalogue.ingredients.map((ingredient, index) => [ingredient, index + 1]));
const names = new Map(catalogue.ingredients.map((ingredient) => [ids.get(ingredient)!, ingredient.name]));
const staples = catalogue.ingredients.filter((ingredient) => ingredient.isStaple).map((ingredient) => ids.get(ingredient)!);
const others = catalogue.ingredients.filter((ingredient) => !ingredient.isStaple).map((ingredient) => ids.get(ingredient)!);

/** Skewed towards the front of the list, like real cooking: onion and garlic everywhere, saffron rarely. */
const commonish = (random: () => number) => others[Math.floor(others.length * random() ** 2.5)];
const someOf = <T>(random: () => number, values: readonly T[], max: number) =>
  Array.from({ length: Math.floor(random() * (max + 1)) }, () => values[Math.floor(random() * values.length)]);

function syntheticCookbook(size: number, random: () => number): RankableRecipe[] {
  return Array.from({ length: size }, (_, index) => {
    const key = [...new Set(Array.from({ length: 4 + Math.floor(random() * 9) }, () => commonish(random)))];
    const withStaples = [...key, ...new Set(someOf(random, staples, 3))];
    return {
      id: index + 1,
      name: `Recipe ${index + 1}`,
      keyIngredientIds: key,
      ingredientIds: withStaples,
      cuisines: someOf(random, CUISINES, 2),
      occasions: someOf(random, MEAL_OCCASIONS, 2),
      diets: someOf(random, DIETARY_PREFERENCES, 6),
      rating: random() < 0.3 ? 1 + random() * 4 : null,
    };
  });
}

function query(random: () => number, pantrySize: number): RankingQuery {
  return {
    pantry: Array.from({ length: pantrySize }, () => commonish(random)),
    cuisines: someOf(random, CUISINES, 1),
    dietaryPreferences: random() < 0.3 ? someOf(random, DIETARY_PREFERENCES, 1) : [],
    mealOccasions: someOf(random, MEAL_OCCASIONS, 1),
  };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with NODE_OPTIONS=--expose-gc, so heap figures are measured after a collection");
const collectGarbage = gc;

const rows: string[][] = [];
for (const size of COOKBOOK_SIZES) {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const buildStarted = performance.now();
  const index = createRecipeIndex(syntheticCookbook(size, randomGenerator(size)), names);
  const buildMs = performance.now() - buildStarted;
  collectGarbage();
  const heapUsed = process.memoryUsage().heapUsed - heapBefore;
  for (const pantrySize of PANTRY_SIZES) {
    const random = randomGenerator(pantrySize * 7919);
    const queries = Array.from({ length: QUERIES_PER_CASE }, () => query(random, pantrySize));
    for (const warmUp of queries.slice(0, 20)) index.rank(warmUp, LIMIT);
    const times = queries.map((each) => {
      const started = performance.now();
      index.rank(each, LIMIT);
      return performance.now() - started;
    });
    times.sort((a, b) => a - b);
    rows.push([
      size.toLocaleString("en"),
      String(pantrySize),
      percentile(times, 0.5).toFixed(2),
      percentile(times, 0.95).toFixed(2),
      buildMs.toFixed(0),
      megabytes(heapUsed),
    ]);
  }
  // Keeps the index alive until its heap was measured and its queries ran.
  if (index.size !== size) throw new Error("index lost recipes");
}

const header = ["recipes", "pantry", "p50 ms", "p95 ms", "build ms", "index heap MB"];
console.log(`${QUERIES_PER_CASE} queries per row, top ${LIMIT}; ${names.size} catalogue ingredients; node ${process.version}`);
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
