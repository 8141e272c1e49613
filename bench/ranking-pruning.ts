/**
 * The ranking's top 20 before and after decision 153 (bounded scoring, slots read in order), on the synthetic
 * cookbook of bench/suggestions.ts held in memory (no database, so a million recipes build in seconds): both
 * indexes are built from the same recipes, take turns on each search, and must give the same answer — pages,
 * totals, hidden counts and left-out counts; a difference is printed and fails the run.
 *
 *   npm run bench:ranking-pruning                   (100,000 and 1,000,000 recipes)
 *   npm run bench:ranking-pruning -- 560000
 *   npm run bench:ranking-pruning -- 1000000 --before 3478ace   (against another earlier ranking: decision 163's
 *                                                               figures are against main at 3478ace)
 *
 * The searches are bench/suggestions.ts's (pantries of 3, 8 and 20 as a cook types them, a cuisine and a meal now
 * and then, a diet in three of ten) with, in one of four, an allergy and an item due within 3 days. The recipes'
 * diet tags are drawn (three in ten vegetarian, half gluten-free), not computed: the store computes them.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { getCatalogue } from "~/domain/catalogue-data";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import { createRecipeIndex, type RankableRecipe, type RankingQuery, type RecipeIndex } from "~/domain/ranking";
import { option } from "./support/args";
import { randomGenerator, someOf, syntheticPantry } from "./synthetic-cookbook";
import { catalogueIdOf, syntheticIngredients, syntheticRankable } from "./synthetic-rankable";
import { percentile } from "./support/stats";

const DEFAULT_SIZES = [100_000, 1_000_000];
const PANTRY_SIZES = [3, 8, 20];
const SEARCHES = 200;
const WARM_UP = 20;
const BATCH = 10_000;
/** main just before decision 153, or the commit `--before` names (the same checks against any earlier ranking) */
const BEFORE_COMMIT = option("before") ?? "4827f73";
const BEFORE_FILE = path.resolve(`tests/.tmp/ranking-before-${BEFORE_COMMIT}.ts`);

const catalogue = getCatalogue();
const idOf = catalogueIdOf;
const ingredients = syntheticIngredients;

function recipe(number: number): RankableRecipe {
  const { recipe, random } = syntheticRankable(number);
  recipe.diets = [...(random() < 0.3 ? ["Vegetarian"] : []), ...(random() < 0.5 ? ["Gluten-free"] : [])];
  recipe.rating = random() < 0.3 ? 1 + Math.floor(random() * 5) : null;
  return recipe;
}

function searches(pantrySize: number): RankingQuery[] {
  const random = randomGenerator(pantrySize * 7919);
  return Array.from({ length: WARM_UP + SEARCHES }, () => ({
    pantry: syntheticPantry(random, pantrySize).map((name, position) => ({
      ingredientId: idOf.get(catalogue.match(name)!)!,
      daysLeft: position === 0 && random() < 0.25 ? Math.floor(random() * 4) : null,
    })),
    cuisines: someOf(random, CUISINES, 1),
    dietaryPreferences: random() < 0.3 ? [random() < 0.5 ? "Vegetarian" : "Gluten-free"] : [],
    mealOccasions: someOf(random, MEAL_OCCASIONS, 1),
    allergies: random() < 0.25 ? [random() < 0.5 ? "milk" : "nuts"] : [],
  }));
}

function timed(index: RecipeIndex, query: RankingQuery) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const page = index.page(query, 0, 20);
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { page, wall, cpu: (cpu.user + cpu.system) / 1000 };
}

mkdirSync(path.dirname(BEFORE_FILE), { recursive: true });
writeFileSync(
  BEFORE_FILE,
  execFileSync("git", ["show", `${BEFORE_COMMIT}:app/domain/ranking.ts`], { encoding: "utf8" }).replaceAll(
    'from "./',
    'from "~/domain/'
  )
);
const before = (await import(BEFORE_FILE)) as { createRecipeIndex: typeof createRecipeIndex };
const sizes = process.argv
  .slice(2)
  .filter((argument, position, all) => !all[position - 1]?.startsWith("--"))
  .map(Number)
  .filter((size) => Number.isInteger(size) && size > 0);
let differences = 0;
console.log(
  `Top 20 (index.page) before (${BEFORE_COMMIT}) and now, ${SEARCHES} searches per row after ${WARM_UP} warm-up, taking turns; node ${
    process.version
  }, ${availableParallelism()} cores`
);
console.log(
  "| recipes | pantry | before p50 | before p95 | after p50 | after p95 | before CPU p50 | before CPU p95 | after CPU p50 | after CPU p95 | same answers | load |"
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const size of sizes.length > 0 ? sizes : DEFAULT_SIZES) {
  const old = before.createRecipeIndex([], ingredients);
  const now = createRecipeIndex([], ingredients);
  for (let from = 1; from <= size; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, size + 1 - from) }, (_, offset) => recipe(from + offset));
    old.put(batch);
    now.put(batch);
  }
  for (const pantrySize of PANTRY_SIZES) {
    const times = { oldWall: [] as number[], oldCpu: [] as number[], newWall: [] as number[], newCpu: [] as number[] };
    let same = 0;
    for (const [number, query] of searches(pantrySize).entries()) {
      const first = number % 2 === 0;
      const a = first ? timed(old, query) : null;
      const b = timed(now, query);
      const oldRun = a ?? timed(old, query);
      if (isDeepStrictEqual(oldRun.page, b.page)) same++;
      else if (differences++ < 3) console.error("Different answers:", JSON.stringify(query));
      if (number < WARM_UP) continue;
      times.oldWall.push(oldRun.wall);
      times.oldCpu.push(oldRun.cpu);
      times.newWall.push(b.wall);
      times.newCpu.push(b.cpu);
    }
    const figures = [times.oldWall, times.newWall, times.oldCpu, times.newCpu].map((values) => {
      values.sort((x, y) => x - y);
      return [percentile(values, 0.5), percentile(values, 0.95)].map((value) => value.toFixed(1));
    });
    console.log(
      `| ${size.toLocaleString("en")} | ${pantrySize} | ${[
        ...figures[0],
        ...figures[1],
        ...figures[2],
        ...figures[3],
      ].join(" | ")} | ${same}/${WARM_UP + SEARCHES} | ${loadavg()[0].toFixed(0)} |`
    );
  }
}
if (differences > 0) {
  console.error(`${differences} searches answered differently`);
  process.exitCode = 1;
}
