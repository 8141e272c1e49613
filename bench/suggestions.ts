/**
 * End-to-end speed of recipe suggestions at scale. For synthetic cookbooks of 10,000 and 100,000 recipes
 * (bench/synthetic-cookbook.ts), stored in a real SQLite database through the real store, it times
 * suggestRecipes — the first call, which builds the ranking index, then the top 20 for pantries of 3, 8 and
 * 20 items — the heap and RSS the index adds, and what keeping it up to date costs: a freshness check next
 * to the two stamp queries every search used to run.
 *
 *   npm run bench:suggestions                 (sizes 10000 and 100000)
 *   npm run bench:suggestions -- 2000 20000   (other sizes)
 *
 * Each size runs in its own process, so memory figures start from the same baseline.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import { randomGenerator, someOf, syntheticPantry, useSyntheticCookbook } from "./synthetic-cookbook";

const DEFAULT_SIZES = [10_000, 100_000];
const PANTRY_SIZES = [3, 8, 20];
const SEARCHES_PER_PANTRY_SIZE = 200;
const WARM_UP_SEARCHES = 20;
const BENCH_DIR = path.resolve("tests/.tmp");

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

interface SizeResult {
  size: number;
  writeSeconds: number | null;
  databaseMegabytes: number;
  firstSearchMs: number;
  /** median of the two aggregate queries each search ran before the index was kept up to date in place */
  stampQueriesMs: number;
  /** median of a freshness check that finds nothing new (what a search pays after a save, or every 2 s) */
  checkMs: number;
  heapMegabytes: number;
  rssMegabytes: number;
  /** one-minute load average of the machine when the searches were done */
  loadAverage: number;
  /** wall-clock and CPU (this process, all threads) milliseconds per search */
  pantries: { pantrySize: number; p50: number; p95: number; cpuP50: number; cpuP95: number; results: number }[];
}

/** One cookbook size, in a process of its own. */
async function measure(size: number): Promise<SizeResult> {
  const { file, writeSeconds } = await useSyntheticCookbook(size, BENCH_DIR);
  const { prisma } = await import("~/services/db.server");
  const { loadCatalogue } = await import("~/services/catalogue.server");
  const { suggestRecipes } = await import("~/services/recipe-search.server");
  const { cookbookChanged, currentRecipeIndex } = await import("~/services/recipe-index.server");

  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc, so memory is measured after a collection");
  await loadCatalogue();
  await prisma.recipe.findFirst();
  gc();
  const before = process.memoryUsage();
  const firstStarted = performance.now();
  await suggestRecipes({ ingredients: ["onion"], cuisines: [], dietaryPreferences: [], mealOccasions: [] });
  const firstSearchMs = performance.now() - firstStarted;
  gc();
  const after = process.memoryUsage();

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
    firstSearchMs,
    stampQueriesMs,
    checkMs,
    heapMegabytes: megabytes(after.heapUsed - before.heapUsed),
    rssMegabytes: megabytes(after.rss - before.rss),
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
  console.log("");
  console.log(
    "| recipes | first search (builds the index) ms | freshness check ms | old stamp queries ms | index heap MB | RSS growth MB | database MB | load average |"
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const result of results) {
    const figures = [
      result.firstSearchMs,
      result.checkMs,
      result.stampQueriesMs,
      result.heapMegabytes,
      result.rssMegabytes,
      result.databaseMegabytes,
      result.loadAverage,
    ];
    console.log(
      `| ${result.size.toLocaleString("en")} | ${figures
        .map((value) => (value < 10 ? value.toFixed(1) : value.toFixed(0)))
        .join(" | ")} |`
    );
  }
  for (const result of results) {
    if (result.writeSeconds !== null)
      console.log(
        `Wrote ${result.size.toLocaleString("en")} recipes through saveRecipes in ${result.writeSeconds.toFixed(0)} s.`
      );
  }
}

const sizeFlag = process.argv.indexOf("--size");
if (sizeFlag >= 0) {
  console.log(JSON.stringify(await measure(Number(process.argv[sizeFlag + 1]))));
} else {
  const requested = process.argv
    .slice(2)
    .map(Number)
    .filter((size) => Number.isInteger(size) && size > 0);
  const results = (requested.length > 0 ? requested : DEFAULT_SIZES).map((size) => {
    console.error(`Cookbook of ${size.toLocaleString("en")} recipes...`);
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--size", String(size)],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }
    );
    return JSON.parse(output.trim().split("\n").at(-1)!) as SizeResult;
  });
  report(results);
}
