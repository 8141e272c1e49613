/**
 * End-to-end speed of recipe suggestions at scale. For synthetic cookbooks of 10,000 and 100,000 recipes
 * (bench/synthetic-cookbook.ts), stored in a real SQLite database through the real store, it times
 * the ranking index's build (wall and CPU seconds), the memory it adds (JavaScript heap, typed arrays' buffers,
 * RSS), suggestRecipes' top 20 for pantries of 3, 8 and 20 items (wall and CPU, and the garbage collector's
 * pauses meanwhile), the first search, the freshness check every search pays (one read of the cookbook's
 * version), the first search after a recipe is deleted and the first after a review is written (SQLite: on a copy
 * of the cookbook, which is kept unchanged). The same figures are taken of the index and search as they were at another commit (`--old`; by
 * default main at 3478ace, before decision 163: the index built page by page through Prisma, arrays grown by
 * doubling), in a process of its own on the same cookbook, in the same run.
 *
 *   npm run bench:suggestions                  (sizes 10000 and 100000)
 *   npm run bench:suggestions -- 2000 1000000  (other sizes; a million is written once, in about 25 minutes on
 *                                               a busy machine, and kept for the next runs)
 *   npm run bench:suggestions -- 1000000 --cookbook-dir /work/cache-million   (where the cookbooks are kept;
 *                                               also BENCH_COOKBOOK_DIR; default tests/.tmp)
 *   npm run bench:suggestions -- --write-only 1000000   (only write the cookbook)
 *   npm run bench:suggestions -- 100000 --postgres postgresql://…   (the cookbook in that PostgreSQL database,
 *                                               which is emptied and written when it does not hold it yet; the
 *                                               searches after a deletion and a review are not taken there)
 *   npm run bench:suggestions -- 100000 --old 8f3e8b1   (the commit whose index and search are "before")
 *
 * Each size and each version runs in its own process, so memory figures start from the same baseline.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import type {
  currentRecipeIndex as CurrentRecipeIndex,
  cookbookChanged as CookbookChanged,
} from "~/services/recipe-index.server";
import type { suggestRecipes as SuggestRecipes } from "~/services/recipe-search.server";
import { option } from "./support/args";
import { randomGenerator, someOf, syntheticPantry, useSyntheticCookbook } from "./synthetic-cookbook";
import { percentile } from "./support/stats";

const DEFAULT_SIZES = [10_000, 100_000];
const PANTRY_SIZES = [3, 8, 20];
const SEARCHES_PER_PANTRY_SIZE = 200;
const WARM_UP_SEARCHES = 20;
const BENCH_DIR = path.resolve("tests/.tmp");
/** Where the cookbooks are kept: a million takes minutes to write, so it may live outside the work tree. */
const COOKBOOK_DIR = path.resolve(option("cookbook-dir") ?? process.env.BENCH_COOKBOOK_DIR ?? BENCH_DIR);
/** The index and search measured beside them: by default as they were before decision 163. */
const OLD_COMMIT = option("old") ?? "3478ace18b79a5ad237fec9a0969756bebde63cc";
const OLD_DIR = path.join(BENCH_DIR, "suggestions-old");
/** A PostgreSQL database to keep the cookbook in instead of SQLite (`--postgres postgresql://…`): emptied first. */
const POSTGRES_URL = option("postgres");
const REVIEWED_SHARE = 0.3;

/**
 * Points DATABASE_URL at the cookbook: a SQLite file in COOKBOOK_DIR, or the PostgreSQL database, written first
 * when it does not hold `size` recipes and their reviews yet (the recipes through the store by the cookbook's
 * writer, as for SQLite). Answers the database's size and the seconds spent writing, or null.
 */
async function useCookbook(
  size: number
): Promise<{ megabytes: () => Promise<number>; writeSeconds: number | null; file?: string }> {
  if (!POSTGRES_URL) {
    const { file, writeSeconds } = await useSyntheticCookbook(size, COOKBOOK_DIR);
    return { megabytes: async () => megabytes(statSync(file).size), writeSeconds, file };
  }
  process.env.DATABASE_URL = POSTGRES_URL;
  const { applyMigrations, insertRows, prisma } = await import("~/services/db.server");
  const megabytesOf = async () => {
    const [{ bytes }] = await prisma.$queryRaw<
      { bytes: bigint }[]
    >`SELECT pg_database_size(current_database()) AS "bytes"`;
    return megabytes(Number(bytes));
  };
  const counted = await prisma.$queryRaw<
    { recipes: bigint; reviews: bigint }[]
  >`SELECT (SELECT count(*) FROM "Recipe") AS "recipes", (SELECT count(*) FROM "Review") AS "reviews"`.catch(() => [
    { recipes: 0n, reviews: 0n },
  ]);
  if (Number(counted[0].recipes) === size && counted[0].reviews > 0n)
    return { megabytes: megabytesOf, writeSeconds: null };

  await prisma.$executeRawUnsafe("DROP SCHEMA public CASCADE");
  await prisma.$executeRawUnsafe("CREATE SCHEMA public");
  await applyMigrations(POSTGRES_URL);
  const { seedIngredients } = await import("../prisma/seed");
  await seedIngredients();
  const started = performance.now();
  // as for SQLite, a hundred thousand recipes per writing process (the store's reads grow a process's native memory)
  for (let from = 1; from <= size; from += 100_000) {
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        path.resolve("bench/synthetic-cookbook.ts"),
        "--write",
        String(from),
        String(Math.min(size + 1, from + 100_000)),
      ],
      { stdio: "inherit" }
    );
  }
  const random = randomGenerator(size);
  const reviewer = await prisma.user.create({ data: { username: "bench-reviewer", email: "bench@example.com" } });
  const now = new Date();
  const recipes = await prisma.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Recipe" ORDER BY "id"`;
  const reviewed = recipes.filter(() => random() < REVIEWED_SHARE);
  await insertRows(
    prisma,
    "Review",
    ["userId", "recipeId", "rating", "comment", "createdAt", "updatedAt"],
    reviewed.map(({ id }) => [reviewer.id, Number(id), 1 + Math.floor(random() * 5), "Bench review", now, now])
  );
  return { megabytes: megabytesOf, writeSeconds: (performance.now() - started) / 1000 };
}

/** The old ranking, index and search modules, their relative imports pointed at the app's or at each other. */
function writeOldModules(): void {
  const show = (file: string) =>
    execFileSync("git", ["show", `${OLD_COMMIT}:${file}`], { encoding: "utf8", maxBuffer: 1 << 26 });
  mkdirSync(OLD_DIR, { recursive: true });
  const pointed = (text: string) =>
    text
      .replace(/from "\.\/(?!recipe-index\.server")/g, 'from "~/services/')
      .replace(/from "~\/domain\/ranking"/g, 'from "./ranking"');
  writeFileSync(
    path.join(OLD_DIR, "ranking.ts"),
    show("app/domain/ranking.ts").replaceAll('from "./', 'from "~/domain/')
  );
  writeFileSync(path.join(OLD_DIR, "recipe-index.server.ts"), pointed(show("app/services/recipe-index.server.ts")));
  writeFileSync(path.join(OLD_DIR, "recipe-search.server.ts"), pointed(show("app/services/recipe-search.server.ts")));
}

const VERSIONS = {
  new: { index: "~/services/recipe-index.server", search: "~/services/recipe-search.server" },
  old: {
    index: path.join(OLD_DIR, "recipe-index.server.ts"),
    search: path.join(OLD_DIR, "recipe-search.server.ts"),
  },
};
type Version = keyof typeof VERSIONS;

interface BuildResult {
  /** wall-clock and CPU seconds of building the index */
  buildSeconds: number;
  buildCpuSeconds: number;
  /** what the index adds: JavaScript heap, typed arrays' buffers (outside the heap), RSS */
  heapMegabytes: number;
  arrayBufferMegabytes: number;
  rssMegabytes: number;
  /** the longest the event loop was held during the build (what a request arriving then waits at least) */
  longestStallMs: number;
}

/** The garbage collector's pauses while `task` runs. */
async function withPauses<T>(task: () => Promise<T>): Promise<{ result: T; pauses: Pauses }> {
  const durations: number[] = [];
  const majors: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      durations.push(entry.duration);
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        majors.push(entry.duration);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const result = await task();
  // the observer is told after the pause, on a later turn of the event loop
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return {
    result,
    pauses: {
      count: durations.length,
      totalMs: durations.reduce((sum, value) => sum + value, 0),
      maxMs: Math.max(0, ...durations),
      majorCount: majors.length,
      majorMaxMs: Math.max(0, ...majors),
    },
  };
}

interface Pauses {
  count: number;
  totalMs: number;
  maxMs: number;
  /** the full (mark-compact) collections among them */
  majorCount: number;
  majorMaxMs: number;
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
  // a timer every 5 ms: the longest gap between its turns (or to the end) is the longest the loop was held
  let lastTurn = performance.now();
  let longestStallMs = 0;
  const turns = setInterval(() => {
    longestStallMs = Math.max(longestStallMs, performance.now() - lastTurn);
    lastTurn = performance.now();
  }, 5);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await currentRecipeIndex();
  const buildSeconds = (performance.now() - started) / 1000;
  clearInterval(turns);
  longestStallMs = Math.max(longestStallMs, performance.now() - lastTurn);
  const { user, system } = process.cpuUsage(cpuBefore);
  gc();
  const after = process.memoryUsage();
  return {
    buildSeconds,
    buildCpuSeconds: (user + system) / 1e6,
    heapMegabytes: megabytes(after.heapUsed - before.heapUsed),
    arrayBufferMegabytes: megabytes(after.arrayBuffers - before.arrayBuffers),
    rssMegabytes: megabytes(after.rss - before.rss),
    longestStallMs,
  };
}

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
  version: Version;
  databaseMegabytes: number;
  /** the first search after the build */
  firstSearchMs: number;
  /** median of a freshness check that finds nothing new (what a search pays after a save, or every 2 s) */
  checkMs: number;
  /** the first search after the recipe it suggested first was deleted (null: not taken), and whether it still did */
  afterDeletionMs: number | null;
  deletedStillSuggested: boolean;
  /** the first search after a cook reviewed the recipe it suggested first (null: not taken) */
  afterReviewMs: number | null;
  /** one-minute load average of the machine before the build and after the searches */
  loadAverages: [number, number];
  /** the garbage collector's pauses during the build and during the searches */
  buildPauses: Pauses;
  searchPauses: Pauses;
  /** wall-clock and CPU (this process, all threads) milliseconds per search */
  pantries: { pantrySize: number; p50: number; p95: number; cpuP50: number; cpuP95: number; results: number }[];
}

/** One cookbook size with one version of the index and search, in a process of its own. */
async function measure(size: number, version: Version): Promise<SizeResult> {
  const cookbook = await useCookbook(size);
  // the deletion is made in a copy: the kept cookbook is not changed (it may be shared, or read-only)
  const scratch = cookbook.file && path.join(BENCH_DIR, `suggestions-scratch-${process.pid}.db`);
  if (cookbook.file && scratch) {
    copyFileSync(cookbook.file, scratch);
    if (existsSync(`${cookbook.file}-wal`)) copyFileSync(`${cookbook.file}-wal`, `${scratch}-wal`);
    process.env.DATABASE_URL = `file:${scratch}`;
  }
  const loadBefore = loadavg()[0];
  const modules = VERSIONS[version];
  const { result: build, pauses: buildPauses } = await withPauses(() => measureBuild(modules.index));
  const { prisma } = await import("~/services/db.server");
  const { suggestRecipes } = (await import(modules.search)) as { suggestRecipes: typeof SuggestRecipes };
  const { cookbookChanged, currentRecipeIndex } = (await import(modules.index)) as {
    cookbookChanged: typeof CookbookChanged;
    currentRecipeIndex: typeof CurrentRecipeIndex;
  };
  const firstStarted = performance.now();
  await suggestRecipes({ ingredients: ["onion"], cuisines: [], dietaryPreferences: [], mealOccasions: [] });
  const firstSearchMs = performance.now() - firstStarted;

  const { result: pantries, pauses: searchPauses } = await withPauses(async () => {
    const rows = [];
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
      rows.push({
        pantrySize,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        cpuP50: percentile(cpuTimes, 0.5),
        cpuP95: percentile(cpuTimes, 0.95),
        results: results / times.length,
      });
    }
    return rows;
  });
  const checkMs = await medianMs(() => {
    cookbookChanged();
    return currentRecipeIndex();
  });
  let afterDeletionMs: number | null = null;
  let deletedStillSuggested = false;
  let afterReviewMs: number | null = null;
  if (scratch) {
    const pantry = { ingredients: ["onion", "garlic"], cuisines: [], dietaryPreferences: [], mealOccasions: [] };
    const [first] = await suggestRecipes(pantry);
    await prisma.recipe.delete({ where: { id: first.menu_id } });
    // as the app's deletion tells its own process
    cookbookChanged();
    const started = performance.now();
    const menus = await suggestRecipes(pantry);
    afterDeletionMs = performance.now() - started;
    deletedStillSuggested = menus.some((menu) => menu.menu_id === first.menu_id);

    const cook = await prisma.user.create({ data: { username: "bench-cook", email: "cook@example.com" } });
    await prisma.review.create({ data: { userId: cook.id, recipeId: menus[0].menu_id, rating: 1, comment: "Bench." } });
    // as the app's review tells its own process
    cookbookChanged();
    const reviewStarted = performance.now();
    await suggestRecipes(pantry);
    afterReviewMs = performance.now() - reviewStarted;
  }
  await prisma.$disconnect();
  if (scratch) for (const extra of ["", "-wal", "-shm"]) rmSync(scratch + extra, { force: true });
  return {
    size,
    version,
    databaseMegabytes: await cookbook.megabytes(),
    ...build,
    firstSearchMs,
    checkMs,
    afterDeletionMs,
    deletedStillSuggested,
    afterReviewMs,
    loadAverages: [loadBefore, loadavg()[0]],
    buildPauses,
    searchPauses,
    pantries,
  };
}

const LABELS: Record<Version, string> = { old: `before (${OLD_COMMIT.slice(0, 7)})`, new: "now" };

function report(results: SizeResult[]) {
  const shown = (value: number) => (value < 1 ? value.toFixed(2) : value < 10 ? value.toFixed(1) : value.toFixed(0));
  console.log(
    `Top 20 per search, ${SEARCHES_PER_PANTRY_SIZE} searches per row after ${WARM_UP_SEARCHES} warm-up; node ${
      process.version
    }, ${availableParallelism()} cores; ms`
  );
  console.log("| recipes | version | pantry | p50 | p95 | CPU p50 | CPU p95 | results |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const result of results) {
    for (const row of result.pantries) {
      const figures = [row.p50, row.p95, row.cpuP50, row.cpuP95].map((value) => value.toFixed(1));
      console.log(
        `| ${result.size.toLocaleString("en")} | ${LABELS[result.version]} | ${row.pantrySize} | ${figures.join(
          " | "
        )} | ${row.results.toFixed(0)} |`
      );
    }
  }
  console.log("");
  console.log(
    "| recipes | version | build s | build CPU s | longest event-loop stall in the build ms | heap MB | array buffers MB | RSS growth MB | first search ms | freshness check ms | first search after a deletion ms | first search after a review ms | GC pauses in build: n / total / max ms | GC pauses in 660 searches: n / total / max ms | load average before / after |"
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const result of results) {
    const pauses = (p: Pauses) =>
      `${p.count} / ${shown(p.totalMs)} / ${shown(p.maxMs)} (full: ${p.majorCount}, max ${shown(p.majorMaxMs)})`;
    const figures = [
      result.buildSeconds,
      result.buildCpuSeconds,
      result.longestStallMs,
      result.heapMegabytes,
      result.arrayBufferMegabytes,
      result.rssMegabytes,
      result.firstSearchMs,
      result.checkMs,
    ].map(shown);
    const afterDeletion =
      result.afterDeletionMs === null
        ? "—"
        : `${shown(result.afterDeletionMs)}${result.deletedStillSuggested ? " (deleted recipe still suggested)" : ""}`;
    console.log(
      `| ${result.size.toLocaleString("en")} | ${LABELS[result.version]} | ${figures.join(
        " | "
      )} | ${afterDeletion} | ${result.afterReviewMs === null ? "—" : shown(result.afterReviewMs)} | ${pauses(
        result.buildPauses
      )} | ${pauses(result.searchPauses)} | ${result.loadAverages.map((value) => value.toFixed(1)).join(" / ")} |`
    );
  }
  for (const size of new Set(results.map((result) => result.size))) {
    const database = results.find((result) => result.size === size)!.databaseMegabytes;
    console.log(
      `Cookbook of ${size.toLocaleString("en")} recipes: ${shown(database)} MB of ${
        POSTGRES_URL ? "PostgreSQL" : "SQLite"
      }.`
    );
  }
}

const sizeFlag = option("size");
const writeOnly = option("write-only");
if (writeOnly) {
  const { writeSeconds } = await useCookbook(Number(writeOnly));
  console.log(writeSeconds === null ? "Already written." : `Written in ${writeSeconds.toFixed(0)} s.`);
} else if (sizeFlag) {
  console.log(JSON.stringify(await measure(Number(sizeFlag), option("version") === "old" ? "old" : "new")));
} else {
  const requested = process.argv
    .slice(2)
    .filter((argument, position, all) => !all[position - 1]?.startsWith("--"))
    .map(Number)
    .filter((size) => Number.isInteger(size) && size > 0);
  writeOldModules();
  const inChild = (size: number, version: Version): SizeResult => {
    const output = execFileSync(
      process.execPath,
      [
        "--expose-gc",
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
        "--size",
        String(size),
        "--version",
        version,
        "--cookbook-dir",
        COOKBOOK_DIR,
        ...(POSTGRES_URL ? ["--postgres", POSTGRES_URL] : []),
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 }
    );
    return JSON.parse(output.trim().split("\n").at(-1)!) as SizeResult;
  };
  const results: SizeResult[] = [];
  for (const size of requested.length > 0 ? requested : DEFAULT_SIZES) {
    // the cookbook is written (when it is not kept yet) before either version is timed
    const { writeSeconds } = await useCookbook(size);
    if (writeSeconds !== null)
      console.error(`Wrote ${size.toLocaleString("en")} recipes in ${writeSeconds.toFixed(0)} s.`);
    for (const version of ["old", "new"] as const) {
      console.error(`Cookbook of ${size.toLocaleString("en")} recipes, ${LABELS[version]}...`);
      results.push(inChild(size, version));
    }
  }
  report(results);
}
