/**
 * npm run bench:memory — the server's resident memory (RSS of the remix-serve process, from /proc):
 *
 * 1. Mixed load: the simulated cooks of tests/reliability/cooks.ts (Home, recipes, reviews, favourites, review
 *    updates, shopping list, meal completions) plus two cooks asking for suggestions (/menu-suggestion and
 *    POST /api/menu-recommendations), for --minutes (10 unless told) against a fresh database. RSS after
 *    start, every 5 s during the load (peak), at the end and after 30 s of rest.
 * 2. 100,000 recipes: the synthetic cookbook of bench/synthetic-cookbook.ts, written through the store
 *    (saveRecipes) into its own database (reused once written: writing takes half an hour on a busy machine).
 *    The server is started on a copy of it; RSS after start, after the first suggestions call (which builds
 *    the ranking index of 100,000 recipes) and after 50 more with other pantries.
 *
 *   npm run bench:memory [-- --minutes 1] [-- --cooks 20] [-- --recipes 100000]
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { recipesInPlay, runCooks, signInCooks } from "../tests/reliability/cooks";
import { freshSqliteUrl, type RunningServer, signIn, startApp } from "./support/app-server";
import { randomGenerator, syntheticPantry, useSyntheticCookbook } from "./synthetic-cookbook";
import { option } from "./support/args";

const MINUTES = Number(option("minutes") ?? 10);
const COOKS = Number(option("cooks") ?? 20);
const COOKBOOK_SIZE = Number(option("recipes") ?? 100_000);
const PORT = 3306;
const RECIPES_IN_PLAY = 40;
const SAMPLE_EVERY_MS = 5_000;
const REST_MS = 30_000;
const LATER_SUGGESTIONS = 50;
const BENCH_DIR = path.resolve("tests/.tmp");
// Every cook signs up from 127.0.0.1: the per-address signup limit is raised for this run.
const SERVER_ENV = { SIGNUP_LIMIT_PER_HOUR: String(COOKS * 2 + 10) };

const megabytes = (kilobytes: number) => kilobytes / 1024;

/** The remix-serve process under `npm start` (npm → sh → node), found through /proc. */
function serverPid(server: RunningServer): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const queue = [server.process.pid!];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (path.basename(program) === "node" && args.some((arg) => arg.includes("@remix-run/serve"))) return pid;
    queue.push(...(children.get(pid) ?? []));
  }
  throw new Error("No remix-serve process under the server");
}

/** Resident memory now and at its peak (VmRSS, VmHWM), in MB. */
function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
  return { rss: megabytes(field("VmRSS")), peak: megabytes(field("VmHWM")) };
}

const jsonHeaders = (origin: string, cookie: string) => ({
  "Content-Type": "application/json",
  Origin: origin,
  Cookie: cookie,
});

async function askForSuggestions(origin: string, cookie: string, ingredients: string[]): Promise<void> {
  const response = await fetch(`${origin}/api/menu-recommendations`, {
    method: "POST",
    headers: jsonHeaders(origin, cookie),
    body: JSON.stringify({ ingredients, cuisines: [], dietaryPreferences: [], mealOccasions: [] }),
  });
  if (!response.ok) throw new Error(`POST /api/menu-recommendations answered ${response.status}`);
  await response.arrayBuffer();
}

interface Row {
  phase: string;
  when: string;
  rss: number;
  note?: string;
}

async function mixedLoad(rows: Row[]): Promise<void> {
  const databaseUrl = freshSqliteUrl("bench-memory");
  process.env.DATABASE_URL = databaseUrl;
  // Imported after DATABASE_URL is set: the client connects to the database it names at import.
  const { prisma } = await import("~/services/db.server");
  const server = await startApp(PORT, databaseUrl, SERVER_ENV);
  try {
    const pid = serverPid(server);
    const recipes = await recipesInPlay(prisma, RECIPES_IN_PLAY);
    console.error(`Signing in ${COOKS} cooks...`);
    const cooks = await signInCooks(server.origin, prisma, COOKS, "memory_cook");
    const pantry = recipes[0].lineNames;
    await askForSuggestions(server.origin, cooks[0].cookie, pantry);
    rows.push({
      phase: "mixed load",
      when: "after start (cooks signed in, one of each request)",
      rss: residentMemory(pid).rss,
    });

    console.error(
      `${COOKS} cooks and 2 suggestion seekers for ${MINUTES} min (load average ${loadavg()[0].toFixed(1)})...`
    );
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(residentMemory(pid).rss), SAMPLE_EVERY_MS);
    const deadline = Date.now() + MINUTES * 60_000;
    let suggestions = 0;
    const seekSuggestions = async (seeker: number) => {
      const random = randomGenerator(seeker);
      const cookie = cooks[seeker].cookie;
      while (Date.now() < deadline) {
        if (random() < 0.5) {
          const page = await fetch(`${server.origin}/menu-suggestion`, { headers: { Cookie: cookie } });
          if (!page.ok) throw new Error(`/menu-suggestion answered ${page.status}`);
          await page.arrayBuffer();
        } else {
          await askForSuggestions(server.origin, cookie, recipes[Math.floor(random() * recipes.length)].lineNames);
        }
        suggestions += 1;
      }
    };
    const started = Date.now();
    const [run] = await Promise.all([
      runCooks(server.origin, cooks, recipes, MINUTES * 60),
      seekSuggestions(0),
      seekSuggestions(1),
    ]);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const requests = run.latencies.length + suggestions;
    const memory = residentMemory(pid);
    rows.push({
      phase: "mixed load",
      when: `during ${MINUTES} min of load: highest 5-s sample / peak (VmHWM)`,
      rss: Math.max(...samples, memory.rss),
      note: `VmHWM ${memory.peak.toFixed(0)} MB; each minute: ${samples
        .filter((_, index) => (index + 1) % (60_000 / SAMPLE_EVERY_MS) === 0)
        .map((rss) => rss.toFixed(0))
        .join(", ")}`,
    });
    rows.push({
      phase: "mixed load",
      when: `at the end of the load`,
      rss: memory.rss,
      note: `${requests} requests (${(requests / seconds).toFixed(0)}/s), ${run.failures.length} errors${
        run.failures.length ? ` (first: ${run.failures[0]})` : ""
      }; load average ${loadavg()[0].toFixed(1)}`,
    });
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    rows.push({ phase: "mixed load", when: `after ${REST_MS / 1000} s of rest`, rss: residentMemory(pid).rss });
  } finally {
    await server.stop();
    await prisma.$disconnect();
  }
}

async function largeCookbook(rows: Row[]): Promise<void> {
  // Prepared in a process of its own: it points DATABASE_URL at the cookbook and opens it with the app's client.
  const file = execFileSync(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--prepare-cookbook", String(COOKBOOK_SIZE)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }
  )
    .trim()
    .split("\n")
    .at(-1)!;
  const copy = path.join(BENCH_DIR, "bench-memory-cookbook.db");
  for (const extra of ["", "-wal", "-shm"]) rmSync(copy + extra, { force: true });
  copyFileSync(file, copy);
  const size = COOKBOOK_SIZE.toLocaleString("en");
  const server = await startApp(PORT, `file:${copy}`, SERVER_ENV);
  try {
    const pid = serverPid(server);
    rows.push({ phase: `${size} recipes`, when: "after start", rss: residentMemory(pid).rss });
    const cookie = await signIn(server.origin, "memory_cook");
    const random = randomGenerator(COOKBOOK_SIZE);
    const started = performance.now();
    await askForSuggestions(server.origin, cookie, syntheticPantry(random, 8));
    const firstMs = performance.now() - started;
    rows.push({
      phase: `${size} recipes`,
      when: "after the first suggestions call (builds the index)",
      rss: residentMemory(pid).rss,
      note: `the call took ${(firstMs / 1000).toFixed(1)} s`,
    });
    for (let call = 0; call < LATER_SUGGESTIONS; call++)
      await askForSuggestions(server.origin, cookie, syntheticPantry(random, 3 + (call % 18)));
    const memory = residentMemory(pid);
    rows.push({
      phase: `${size} recipes`,
      when: `after ${LATER_SUGGESTIONS} more suggestions calls`,
      rss: memory.rss,
      note: `VmHWM ${memory.peak.toFixed(0)} MB; load average ${loadavg()[0].toFixed(1)}`,
    });
  } finally {
    await server.stop();
    for (const extra of ["", "-wal", "-shm"]) rmSync(copy + extra, { force: true });
  }
}

const prepareFlag = process.argv.indexOf("--prepare-cookbook");
if (prepareFlag >= 0) {
  const { file } = await useSyntheticCookbook(Number(process.argv[prepareFlag + 1]), BENCH_DIR);
  console.log(file);
  process.exit(0);
} else {
  const rows: Row[] = [];
  console.error(
    `Load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(", ")} at the start.`
  );
  await mixedLoad(rows);
  await largeCookbook(rows);
  console.log(`Server RSS (remix-serve process, NODE_ENV=production, node ${process.version}):\n`);
  console.log("| phase | when | RSS MB | notes |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.phase} | ${row.when} | ${row.rss.toFixed(0)} | ${row.note ?? ""} |`);
}
