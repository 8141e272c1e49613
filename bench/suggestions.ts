/**
 * End-to-end speed of recipe suggestions at scale. For synthetic cookbooks of 10,000 and 100,000 recipes
 * (bench/synthetic-cookbook.ts), stored in a real SQLite database through the real store, it times
 * the ranking index's build (wall and CPU seconds), the memory it adds (JavaScript heap, typed arrays' buffers,
 * RSS), suggestRecipes' top 20 for pantries of 3, 8 and 20 items, and what keeping the index up to date costs per
 * search: the freshness check (one read of the cookbook's version) next to the two stamp queries every search
 * used to run.
 *
 *   npm run bench:suggestions                  (sizes 10000 and 100000)
 *   npm run bench:suggestions -- 2000 1000000  (other sizes; a million is written once, in about half an hour on
 *                                               a busy machine, and kept in tests/.tmp for the next runs)
 *
 * Each size runs in its own process, so memory figures start from the same baseline.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import type { currentRecipeIndex as CurrentRecipeIndex } from "~/services/recipe-index.server";
import { option } from "./support/args";
import { randomGenerator, someOf, syntheticPantry, useSyntheticCookbook } from "./synthetic-cookbook";

const DEFAULT_SIZES = [10_000, 100_000];
const PANTRY_SIZES = [3, 8, 20];
const SEARCHES_PER_PANTRY_SIZE = 200;
const WARM_UP_SEARCHES = 20;
const BENCH_DIR = path.resolve("tests/.tmp");
/** Where the cookbooks are kept: a million takes half an hour to write, so it may live outside the work tree. */
const COOKBOOK_DIR = path.resolve(option("cookbook-dir") ?? process.env.BENCH_COOKBOOK_DIR ?? BENCH_DIR);
/** The index before decision 142 (Prisma-shaped rows, RankableRecipe objects kept per slot), built beside it. */
const OLD_INDEX_COMMIT = "5650c4112cfe3dba7af738063fa2746162e66c5f";
const OLD_INDEX_FILE = path.join(BENCH_DIR, "recipe-index-old.server.ts");

/** The old index's service and ranking module, their relative imports pointed at the app's. */
function writeOldIndex(): void {
  const show = (file: string) =>
    execFileSync("git", ["show", `${OLD_INDEX_COMMIT}:${file}`], { encoding: "utf8", maxBuffer: 1 << 26 });
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(
    OLD_INDEX_FILE,
    show("app/services/recipe-index.server.ts")
      .replaceAll('from "./', 'from "~/services/')
      .replace('from "~/domain/ranking"', 'from "./ranking-old"')
  );
  writeFileSync(
    path.join(BENCH_DIR, "ranking-old.ts"),
    show("app/domain/ranking.ts").replaceAll('from "./', 'from "~/domain/')
  );
}

interface BuildResult {
  /** wall-clock and CPU seconds of building the index */
  buildSeconds: number;
  buildCpuSeconds: number;
  /** what the index adds: JavaScript heap, typed arrays' buffers (outside the heap), RSS */
  heapMegabytes: number;
  arrayBufferMegabytes: number;
  rssMegabytes: number;
}

/** Builds the index of the cookbook DATABASE_URL names with the given module, measuring time and memory. */
async function measureBuild(indexModule: string): Promise<BuildResult> {
  const { prisma } = await import("~/services/db.server");
  const { loadCatalogue } = await import("~/services/catalogue.server");
  const { currentRecipeIndex } = (await import(indexModule)) as { currentRecipeIndex: typeof CurrentRecipeIndex };
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc, so memory is measured after a collection");
  await loadCatalogue();
  await prisma.recipe.findFirst();
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await currentRecipeIndex();
  const buildSeconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  gc();
  const after = process.memoryUsage();
  return {
    buildSeconds,
    buildCpuSeconds: (user + system) / 1e6,
    heapMegabytes: megabytes(after.heapUsed - before.heapUsed),
    arrayBufferMegabytes: megabytes(after.arrayBuffers - before.arrayBuffers),
    rssMegabytes: megabytes(after.rss - before.rss),
  };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
const megabytes = (bytes: number) => bytes / 1024 / 1024;

async function medianMs(task: () => Promise<unknown>, runs = 21): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5
  );
}

interface SizeResult extends BuildResult {
  size: number;
  writeSeconds: number | null;
  databaseMegabytes: number;
  /** the first search after the build */
  firstSearchMs: number;
  /** median of the two aggregate queries each search ran before the index was kept up to date in place */
  stampQueriesMs: number;
  /** median of a freshness check that finds nothing new (what a search pays after a save, or every 2 s) */
  checkMs: number;
  /** the old index's build, in a process of its own */
  old?: BuildResult;
  /** one-minute load average of the machine when the searches were done */
  loadAverage: number;
  /** wall-clock and CPU (this process, all threads) milliseconds per search */
  pantries: { pantrySize: number; p50: number; p95: number; cpuP50: number; cpuP95: number; results: number }[];
}

/** One cookbook size, in a process of its own. */
async function measure(size: number): Promise<SizeResult> {
  const { file, writeSeconds } = await useSyntheticCookbook(size, COOKBOOK_DIR);
  const build = await measureBuild("~/services/recipe-index.server");
  const { prisma } = await import("~/services/db.server");
  const { suggestRecipes } = await import("~/services/recipe-search.server");
  const { cookbookChanged, currentRecipeIndex } = await import("~/services/recipe-index.server");
  const firstStarted = performance.now();
  await suggestRecipes({ ingredients: ["onion"], cuisines: [], dietaryPreferences: [], mealOccasions: [] });
  const firstSearchMs = performance.now() - firstStarted;

  const pantries = [];
  for (const pantrySize of PANTRY_SIZES) {
    const random = randomGenerator(pantrySize * 7919);
    const requests = Array.from({ length: WARM_UP_SEARCHES + SEARCHES_PER_PANTRY_SIZE }, () => ({
      ingredients: syntheticPantry(random, pantrySize),
      cuisines: someOf(random, CUISINES, 1),
      dietaryPreferences: random() < 0.3 ? [random() < 0.5 ? "Vegetarian" : "Gluten-free"] : [],
      mealOccasions: someOf(random, MEAL_OCCASIONS, 1),
    }));
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let results = 0;
    for (const [number, request] of requests.entries()) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const menus = await suggestRecipes(request);
      if (number < WARM_UP_SEARCHES) continue;
      times.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      results += menus.length;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    pantries.push({
      pantrySize,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      cpuP50: percentile(cpuTimes, 0.5),
      cpuP95: percentile(cpuTimes, 0.95),
      results: results / times.length,
    });
  }
  const stampQueriesMs = await medianMs(() =>
    Promise.all([
      prisma.recipe.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
      prisma.review.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
    ])
  );
  const checkMs = await medianMs(() => {
    cookbookChanged();
    return currentRecipeIndex();
  });
  await prisma.$disconnect();
  return {
    size,
    writeSeconds,
    databaseMegabytes: megabytes(statSync(file).size),
    ...build,
    firstSearchMs,
    stampQueriesMs,
    checkMs,
    loadAverage: loadavg()[0],
    pantries,
  };
}

function report(results: SizeResult[]) {
  console.log(
    `Top 20 per search, ${SEARCHES_PER_PANTRY_SIZE} searches per row after ${WARM_UP_SEARCHES} warm-up; node ${
      process.version
    }, ${availableParallelism()} cores`
  );
  console.log("| recipes | pantry | p50 ms | p95 ms | CPU p50 ms | CPU p95 ms | results |");
  console.log("|---|---|---|---|---|---|---|");
  for (const result of results) {
    for (const row of result.pantries) {
      const figures = [row.p50, row.p95, row.cpuP50, row.cpuP95].map((value) => value.toFixed(1));
      console.log(
        `| ${result.size.toLocaleString("en")} | ${row.pantrySize} | ${figures.join(" | ")} | ${row.results.toFixed(
          0
        )} |`
      );
    }
  }
  const shown = (value: number) => (value < 1 ? value.toFixed(2) : value < 10 ? value.toFixed(1) : value.toFixed(0));
  console.log("");
  console.log(
    "| recipes | index | build s | build CPU s | heap MB | array buffers MB | RSS growth MB | load average |"
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const result of results) {
    for (const [label, build] of [
      ["before (decision 122)", result.old],
      ["now (decision 142)", result],
    ] as const) {
      if (!build) continue;
      const figures = [
        build.buildSeconds,
        build.buildCpuSeconds,
        build.heapMegabytes,
        build.arrayBufferMegabytes,
        build.rssMegabytes,
        result.loadAverage,
      ];
      console.log(`| ${result.size.toLocaleString("en")} | ${label} | ${figures.map(shown).join(" | ")} |`);
    }
  }
  console.log("");
  console.log("| recipes | first search ms | freshness check per search ms | old stamp queries ms | database MB |");
  console.log("|---|---|---|---|---|");
  for (const result of results) {
    const figures = [result.firstSearchMs, result.checkMs, result.stampQueriesMs, result.databaseMegabytes];
    console.log(`| ${result.size.toLocaleString("en")} | ${figures.map(shown).join(" | ")} |`);
  }
  for (const result of results) {
    if (result.writeSeconds !== null)
      console.log(
        `Wrote ${result.size.toLocaleString("en")} recipes through saveRecipes in ${result.writeSeconds.toFixed(0)} s.`
      );
  }
}

const sizeFlag = process.argv.indexOf("--size");
const oldFlag = process.argv.indexOf("--old-build");
const writeOnly = option("write-only");
if (writeOnly) {
  const { writeSeconds } = await useSyntheticCookbook(Number(writeOnly), COOKBOOK_DIR);
  console.log(writeSeconds === null ? "Already written." : `Written in ${writeSeconds.toFixed(0)} s.`);
} else if (sizeFlag >= 0) {
  console.log(JSON.stringify(await measure(Number(process.argv[sizeFlag + 1]))));
} else if (oldFlag >= 0) {
  await useSyntheticCookbook(Number(process.argv[oldFlag + 1]), COOKBOOK_DIR);
  console.log(JSON.stringify(await measureBuild(OLD_INDEX_FILE)));
} else {
  const requested = process.argv
    .slice(2)
    .map(Number)
    .filter((size) => Number.isInteger(size) && size > 0);
  writeOldIndex();
  const inChild = <T>(...args: string[]): T => {
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), ...args, "--cookbook-dir", COOKBOOK_DIR],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 }
    );
    return JSON.parse(output.trim().split("\n").at(-1)!) as T;
  };
  const results = (requested.length > 0 ? requested : DEFAULT_SIZES).map((size) => {
    console.error(`Cookbook of ${size.toLocaleString("en")} recipes...`);
    const result = inChild<SizeResult>("--size", String(size));
    console.error("  and its index built as before decision 142...");
    return { ...result, old: inChild<BuildResult>("--old-build", String(size)) };
  });
  report(results);
}
