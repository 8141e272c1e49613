/**
 * npm run test:load -- [--users 50] [--seconds 60] [--crash] [--database <url>] [--max-p99 <ms>]
 *   [--max-p99-to-median <ratio>] [--old-build <dir>]
 *
 * Simulated cooks (tests/reliability/cooks.ts) against the real server (npm start): each signs in, then for the
 * whole run mixes reads (Home, a recipe, its reviews) with writes (favourites, reviews and their updates,
 * shopping list, meal completions), one request at a time, as fast as the server answers. Every write the
 * server acknowledged is remembered and checked in the database afterwards. With --crash the server is killed with SIGKILL halfway
 * and started again: the database must pass its integrity check and hold every write acknowledged before the
 * kill. Prints p50/p95/p99 and the slowest requests. Exits 1 on any error, lost write or failed check, or when
 * the p99 latency is above --max-p99 or more than --max-p99-to-median times the median (defaults set from
 * measurements in docs/deploy.md).
 * --database postgres://... runs it on PostgreSQL (a fresh database is created there and dropped afterwards).
 * --old-build <dir> first runs the same load against another build of the app (an older commit's `remix build`
 * output, e.g. main's) on a database of its own, and prints its figures beside this build's (same run, same
 * machine load; the thresholds apply to this build only). The old build is served with REQUESTS_AT_ONCE=0, as
 * it was before decision 137.
 */
import { randomBytes } from "node:crypto";
import { utimesSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { resolveName } from "~/domain/pantry";
import { freshSqliteUrl, type RunningServer, startApp } from "../../bench/support/app-server";
import { recipesInPlay, runCooks, signInCooks, type Timing } from "./cooks";
import { option } from "../../bench/support/args";

const USERS = Number(option("users") ?? 50);
const SECONDS = Number(option("seconds") ?? 60);
const CRASH = process.argv.includes("--crash");
const PORT = Number(option("port") ?? 3303);
const RECIPES_IN_PLAY = 40;
/**
 * The p99 this build must stay under with 50 cooks (mixed reads and writes): CI measured 1.0–1.1 s on SQLite with
 * the server killed halfway and 0.5–0.65 s on PostgreSQL, so 3 s (about three times the worst) leaves room for a
 * fresh, noisy CI machine and still fails a tail that comes back (main's build before decision 137: 13.6 s). On a
 * machine busy with other work (load average 17: 3.6 s) pass --max-p99; figures in docs/deploy.md.
 */
const MAX_P99_MS = Number(option("max-p99") ?? 3_000);
/**
 * How many times the median the p99 may be: first come, first served (decision 137) answers every request in about
 * the same time whatever the machine's load (1.7 measured; main's build before it 9.1 in the same run). Not checked
 * with --crash, whose restart holds every cook's request at once.
 */
const MAX_P99_TO_MEDIAN = Number(option("max-p99-to-median") ?? 3);
const OLD_BUILD = option("old-build");
const SLOWEST_SHOWN = 5;
// All the cooks sign up from 127.0.0.1, so the per-address signup limit is raised for this run.
const SERVER_ENV = { SIGNUP_LIMIT_PER_HOUR: String(USERS * 2) };

let serverDown = false;
let catalogueDatabase: string | undefined;

interface LoadResult {
  label: string;
  answered: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  slowest: Timing[];
  ok: boolean;
}

async function databaseFor(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = option("database");
  if (!given) return { url: freshSqliteUrl(`load-${randomBytes(4).toString("hex")}`), drop: async () => {} };
  const name = `recipe_helper_load_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: given });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The whole load (sign-ins, cooks, the optional crash, the checks) against `build` on a fresh database. */
async function runLoad(label: string, build: string | undefined): Promise<LoadResult> {
  console.log(`\n== ${label} ==`);
  const database = await databaseFor();
  // The catalogue is read once, from the first run's database (every run's is seeded alike).
  if (!catalogueDatabase) process.env.DATABASE_URL = catalogueDatabase = database.url;
  const { createPrismaClient } = await import("~/services/db.server");
  const { loadCatalogue } = await import("~/services/catalogue.server");
  const prisma = createPrismaClient(database.url);
  // The old build is served as it was: every request taken in at once (the admission gate of decision 137 lives
  // in the HTTP bootstrap, outside the build).
  const old = build !== undefined && build === OLD_BUILD;
  const env = old ? { ...SERVER_ENV, BUILD_DIR: build, REQUESTS_AT_ONCE: "0" } : SERVER_ENV;
  // Another commit's build is served as it is: dated now, so that `npm start` does not rebuild it from this checkout.
  if (old) utimesSync(path.join(build, "index.js"), new Date(), new Date());
  let server: RunningServer = await startApp(PORT, database.url, env);
  const origin = server.origin;
  try {
    const recipes = await recipesInPlay(prisma, RECIPES_IN_PLAY);
    console.log(`Signing in ${USERS} cooks...`);
    const ledgers = await signInCooks(origin, prisma, USERS, "load_cook");

    console.log(`${USERS} cooks for ${SECONDS} s${CRASH ? ", with a SIGKILL of the server halfway" : ""}...`);
    const started = Date.now();
    const crash = CRASH
      ? (async () => {
          await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
          serverDown = true;
          await server.stop("SIGKILL");
          console.log("Server killed; starting it again...");
          server = await startApp(PORT, database.url, env);
          // Answers already in flight when the server came back may still fail; give them a moment.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          serverDown = false;
          console.log("Server back.");
        })()
      : Promise.resolve();
    const [{ latencies, counts, failures, unansweredWhileDown }] = await Promise.all([
      runCooks(origin, ledgers, recipes, SECONDS, () => serverDown),
      crash,
    ]);
    const elapsed = (Date.now() - started) / 1000;

    // Every acknowledged write must be there.
    const catalogue = await loadCatalogue();
    // Read once and kept: its client (db.server's own) lets go of this database before it is dropped.
    await (await import("~/services/db.server")).prisma.$disconnect();
    const lost: string[] = [];
    for (const ledger of ledgers) {
      const [favorites, reviews, shopping, completions] = await Promise.all([
        prisma.favorite.findMany({ where: { userId: ledger.userId }, select: { recipeId: true } }),
        prisma.review.findMany({ where: { userId: ledger.userId }, select: { recipeId: true, comment: true } }),
        prisma.shoppingItem.findMany({
          where: { list: { household: { members: { some: { userId: ledger.userId } } } } },
          select: { nameKey: true },
        }),
        prisma.mealCompletion.count({ where: { userId: ledger.userId } }),
      ]);
      const favoriteIds = new Set(favorites.map((row) => row.recipeId));
      for (const id of ledger.favorites) if (!favoriteIds.has(id)) lost.push(`favourite ${ledger.userId}/${id}`);
      const comments = new Map(reviews.map((row) => [row.recipeId, row.comment]));
      for (const [recipeId, state] of ledger.reviews) {
        if (state.acknowledged === null) continue;
        const stored = comments.get(recipeId);
        if (stored !== state.acknowledged && !state.unanswered.includes(stored ?? "")) {
          lost.push(`review ${ledger.userId}/${recipeId}: expected "${state.acknowledged}", found "${stored}"`);
        }
      }
      // The list merges by ingredient ("wholegrain mustard" joins a listed "mustard"), so compare the keys.
      const keys = new Set(shopping.map((row) => row.nameKey));
      for (const name of ledger.shopping) {
        if (!keys.has(resolveName(catalogue, name)?.key ?? "")) lost.push(`shopping item ${ledger.userId}/${name}`);
      }
      if (completions < ledger.completionsAcknowledged || completions > ledger.completionsAttempted) {
        lost.push(
          `completions of ${ledger.userId}: ${completions} stored, ${ledger.completionsAcknowledged} acknowledged, ${ledger.completionsAttempted} sent`
        );
      }
    }
    let integrity = "not applicable (PostgreSQL)";
    if (!database.url.startsWith("postgres")) {
      const rows = await prisma.$queryRawUnsafe<{ integrity_check: string }[]>("PRAGMA integrity_check");
      integrity = rows.map((row) => row.integrity_check).join("; ");
    }

    const sorted = [...latencies].sort((a, b) => a.ms - b.ms);
    const percentile = (share: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]?.ms ?? 0;
    const writes = ledgers.reduce(
      (sum, l) => sum + l.favorites.size + l.reviews.size + l.shopping.size + l.completionsAcknowledged,
      0
    );
    console.log(
      `\nRequests answered: ${latencies.length} in ${elapsed.toFixed(0)} s (${(latencies.length / elapsed).toFixed(
        0
      )}/s)`
    );
    console.log(
      `Latency: p50 ${percentile(0.5).toFixed(0)} ms, p95 ${percentile(0.95).toFixed(0)} ms, p99 ${percentile(
        0.99
      ).toFixed(0)} ms, max ${percentile(1).toFixed(0)} ms`
    );
    const byRequest = new Map<string, number[]>();
    for (const { ms, request } of sorted) {
      const kind = request.replace(/\/\d+/g, "/N");
      byRequest.set(kind, [...(byRequest.get(kind) ?? []), ms]);
    }
    for (const [kind, times] of byRequest) {
      const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))].toFixed(0);
      console.log(`  ${kind}: ${times.length} answered, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    }
    const slowest = sorted.slice(-SLOWEST_SHOWN).reverse();
    console.log(`Slowest: ${slowest.map((timing) => `${timing.request} ${timing.ms.toFixed(0)} ms`).join(", ")}`);
    console.log(`By kind: ${[...counts].map(([kind, count]) => `${kind} ${count}`).join(", ")}`);
    console.log(`Distinct acknowledged writes checked: ${writes}`);
    if (CRASH) console.log(`Requests unanswered while the server was down: ${unansweredWhileDown}`);
    console.log(`Integrity check: ${integrity}`);
    console.log(`Errors: ${failures.length}${failures.length ? ` (first: ${failures.slice(0, 5).join(" | ")})` : ""}`);
    console.log(
      `Acknowledged writes missing: ${lost.length}${lost.length ? ` (first: ${lost.slice(0, 5).join(" | ")})` : ""}`
    );
    const ok =
      failures.length === 0 && lost.length === 0 && (integrity === "ok" || database.url.startsWith("postgres"));
    console.log(`Checks: ${ok ? "passed" : "FAILED"}`);
    return {
      label,
      answered: latencies.length,
      perSecond: latencies.length / elapsed,
      p50: percentile(0.5),
      p95: percentile(0.95),
      p99: percentile(0.99),
      max: percentile(1),
      slowest,
      ok,
    };
  } finally {
    await server.stop();
    await prisma.$disconnect();
    await database.drop();
  }
}

async function main() {
  const results: LoadResult[] = [];
  if (OLD_BUILD) results.push(await runLoad(`old build (${OLD_BUILD})`, OLD_BUILD));
  const current = await runLoad("this build", process.env.BUILD_DIR);
  results.push(current);
  console.log(
    `\n${USERS} cooks, ${SECONDS} s${CRASH ? ", SIGKILL halfway" : ""}, ${option("database") ? "PostgreSQL" : "SQLite"}`
  );
  console.log("| build | requests/s | p50 ms | p95 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|");
  for (const result of results) {
    const figures = [result.perSecond, result.p50, result.p95, result.p99, result.max].map((value) => value.toFixed(0));
    console.log(`| ${result.label} | ${figures.join(" | ")} |`);
  }
  const tailOk = current.p99 <= MAX_P99_MS;
  console.log(
    `p99 of this build ${current.p99.toFixed(0)} ms, threshold ${MAX_P99_MS} ms: ${tailOk ? "within" : "ABOVE"}`
  );
  const toMedian = current.p99 / Math.max(1, current.p50);
  const shapeOk = CRASH || toMedian <= MAX_P99_TO_MEDIAN;
  console.log(
    `p99 of this build ${toMedian.toFixed(1)} × its median, threshold ${MAX_P99_TO_MEDIAN}: ${
      CRASH ? "not checked (--crash)" : shapeOk ? "within" : "ABOVE"
    }`
  );
  if (results.length > 1) {
    const [old] = results;
    console.log(
      `old / new: p99 ${(old.p99 / current.p99).toFixed(1)}, max ${(old.max / current.max).toFixed(1)}, requests/s ${(
        old.perSecond / current.perSecond
      ).toFixed(2)}; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(", ")}`
    );
  }
  const ok = current.ok && tailOk && shapeOk;
  console.log(ok ? "LOAD TEST PASSED" : "LOAD TEST FAILED");
  process.exitCode = ok ? 0 : 1;
}

await main();
