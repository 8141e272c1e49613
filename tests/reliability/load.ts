/**
 * npm run test:load -- [--users 50] [--seconds 60] [--crash] [--database <url>]
 *
 * Simulated cooks (tests/reliability/cooks.ts) against the real server (npm start): each signs in, then for the
 * whole run mixes reads (Home, a recipe, its reviews) with writes (favourites, reviews and their updates,
 * shopping list, meal completions), one request at a time, as fast as the server answers. Every write the
 * server acknowledged is remembered and checked in the database afterwards. With --crash the server is killed with SIGKILL halfway
 * and started again: the database must pass its integrity check and hold every write acknowledged before the
 * kill. Exits 1 on any error, lost write or failed check. --database postgres://... runs it on PostgreSQL
 * (a fresh database is created there and dropped afterwards).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { resolveName } from "~/domain/pantry";
import { freshSqliteUrl, type RunningServer, startApp } from "../../bench/support/app-server";
import { recipesInPlay, runCooks, signInCooks } from "./cooks";

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const USERS = Number(option("users") ?? 50);
const SECONDS = Number(option("seconds") ?? 60);
const CRASH = process.argv.includes("--crash");
const PORT = Number(option("port") ?? 3303);
const RECIPES_IN_PLAY = 40;
// All the cooks sign up from 127.0.0.1, so the per-address signup limit is raised for this run.
const SERVER_ENV = { SIGNUP_LIMIT_PER_HOUR: String(USERS * 2) };

let serverDown = false;

async function databaseFor(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = option("database");
  if (!given) return { url: freshSqliteUrl("load"), drop: async () => {} };
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

async function main() {
  const database = await databaseFor();
  process.env.DATABASE_URL = database.url;
  const { prisma } = await import("~/services/db.server");
  const { loadCatalogue } = await import("~/services/catalogue.server");
  let server: RunningServer = await startApp(PORT, database.url, SERVER_ENV);
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
          server = await startApp(PORT, database.url, SERVER_ENV);
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

    const sorted = [...latencies].sort((a, b) => a - b);
    const percentile = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
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
      `Latency: p50 ${percentile(0.5).toFixed(0)} ms, p95 ${percentile(0.95).toFixed(0)} ms, max ${percentile(
        1
      ).toFixed(0)} ms`
    );
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
    console.log(ok ? "LOAD TEST PASSED" : "LOAD TEST FAILED");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
    await prisma.$disconnect();
    await database.drop();
  }
}

await main();
