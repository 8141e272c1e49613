/**
 * Recipes written a second through saveRecipes, the store of decision 127 (batches of 250 through the client's
 * createManyAndReturn and a findMany per batch, as it was at OLD_STORE_COMMIT) beside the store now (raw multi-row
 * INSERTs, catalogue matches remembered within a save: decision 141), on SQLite and, when BENCH_POSTGRES_URL names a server, on PostgreSQL. Each run writes the
 * same synthetic recipes (bench/synthetic-cookbook.ts) into a fresh database, in a process of its own, in saves
 * of 2,000 as bench:suggestions and an import of many recipes do.
 *
 *   npm run bench:writes                        (5,000 recipes, SQLite)
 *   BENCH_POSTGRES_URL=postgresql://postgres@127.0.0.1:54338/postgres npm run bench:writes -- 5000
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { saveRecipes as saveRecipesNow } from "~/services/recipe-store.server";
import { syntheticRecipe } from "./synthetic-cookbook";

/** The last commit of decision 127's store (its insertRows in db.server.ts is still there, unchanged in use). */
const OLD_STORE_COMMIT = "5650c4112cfe3dba7af738063fa2746162e66c5f";
const RECIPES_PER_SAVE = 2_000;
const BENCH_DIR = path.resolve("tests/.tmp");
const OLD_STORE_FILE = path.join(BENCH_DIR, "recipe-store-old.server.ts");

type Store = "old" | "new";
type Engine = "SQLite" | "PostgreSQL";

/** The old store's source, its relative imports pointed at the app's services. */
function writeOldStore(): void {
  const source = execFileSync("git", ["show", `${OLD_STORE_COMMIT}:app/services/recipe-store.server.ts`], {
    encoding: "utf8",
  });
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(OLD_STORE_FILE, source.replaceAll('from "./', 'from "~/services/'));
}

async function freshDatabase(engine: Engine, name: string): Promise<string> {
  if (engine === "SQLite") {
    const file = path.join(BENCH_DIR, `${name}.db`);
    for (const extra of ["", "-wal", "-shm"]) rmSync(file + extra, { force: true });
    return `file:${file}`;
  }
  const server = new URL(process.env.BENCH_POSTGRES_URL!);
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  return server.toString();
}

interface Timing {
  seconds: number;
  /** CPU seconds of the writing process (all of SQLite's work; PostgreSQL's server is not counted) */
  cpuSeconds: number;
}

/** In the child process: writes `count` recipes with one store; answers the seconds it took. */
async function measure(store: Store, databaseUrl: string, count: number): Promise<Timing> {
  process.env.DATABASE_URL = databaseUrl;
  const { applyMigrations, prisma } = await import("~/services/db.server");
  const { seedIngredients } = await import("../prisma/seed");
  await applyMigrations(databaseUrl);
  await seedIngredients();
  const { saveRecipes } = (await import(store === "old" ? OLD_STORE_FILE : "~/services/recipe-store.server")) as {
    saveRecipes: typeof saveRecipesNow;
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let start = 1; start <= count; start += RECIPES_PER_SAVE) {
    const end = Math.min(count + 1, start + RECIPES_PER_SAVE);
    const saved = await saveRecipes(
      Array.from({ length: end - start }, (_, offset) => syntheticRecipe(start + offset))
    );
    if (saved.some((recipe) => !recipe.created)) throw new Error("a new recipe was not created");
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  if ((await prisma.recipe.count()) !== count) throw new Error("not every recipe was written");
  await prisma.$disconnect();
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const measureFlag = process.argv.indexOf("--measure");
if (measureFlag >= 0) {
  const [store, databaseUrl, count] = process.argv.slice(measureFlag + 1);
  console.log(JSON.stringify(await measure(store as Store, databaseUrl, Number(count))));
} else {
  const count = Number(process.argv[2] ?? 5_000);
  const engines: Engine[] = process.env.BENCH_POSTGRES_URL ? ["SQLite", "PostgreSQL"] : ["SQLite"];
  writeOldStore();
  console.log(`${count.toLocaleString("en")} new recipes through saveRecipes, in saves of ${RECIPES_PER_SAVE}`);
  console.log(
    "| engine | old store recipes/s | new store recipes/s | speed-up | old recipes/CPU-s | new recipes/CPU-s | load average |"
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const engine of engines) {
    const timings = {} as Record<Store, Timing>;
    for (const store of ["old", "new"] as const) {
      const databaseUrl = await freshDatabase(engine, `bench_recipe_writes_${store}`);
      const output = execFileSync(
        process.execPath,
        ["--import", "tsx", fileURLToPath(import.meta.url), "--measure", store, databaseUrl, String(count)],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }
      );
      timings[store] = JSON.parse(output.trim().split("\n").at(-1)!) as Timing;
    }
    const rate = (seconds: number) => (count / seconds).toFixed(0);
    const { old, new: now } = timings;
    console.log(
      `| ${engine} | ${rate(old.seconds)} | ${rate(now.seconds)} | ${(old.seconds / now.seconds).toFixed(1)}× | ${rate(
        old.cpuSeconds
      )} | ${rate(now.cpuSeconds)} | ${loadavg()[0].toFixed(1)} |`
    );
  }
  if (engines.length === 1) console.log("(PostgreSQL: set BENCH_POSTGRES_URL to a server's URL.)");
}
