/**
 * `npm start` runs this before remix-serve: builds the app when the build is missing or older than the
 * sources, brings the database up to the committed migrations, brings emails stored before sign-up normalised
 * them to normal form (stored-emails.server.ts), and seeds the starter data on first start.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const BUILD_DIRECTORY = path.resolve(process.env.BUILD_DIR ?? "build");
const BUILD_ENTRY = path.join(BUILD_DIRECTORY, "index.js");
/** The worker threads' modules, bundled beside the server by app/cli/build-workers.mjs. */
const WORKER_ENTRY = path.join(BUILD_DIRECTORY, "import-parser-worker.js");
const SOURCE_DIRS = ["app", "public"].map((dir) => path.resolve(dir));
const SOURCE_FILES = ["remix.config.js", "package.json"].map((file) => path.resolve(file));
const IGNORED = new Set([path.resolve("public/build"), path.resolve("app/cli")]);

function newestMtime(target: string): number {
  if (IGNORED.has(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), 0);
}

const BUILD_LOCK = `${BUILD_DIRECTORY}.lock`;
const BUILD_LOCK_STALE_MS = 5 * 60_000;

const buildIsCurrent = () =>
  existsSync(BUILD_ENTRY) &&
  existsSync(WORKER_ENTRY) &&
  Math.max(...SOURCE_DIRS.map(newestMtime), ...SOURCE_FILES.map(newestMtime)) <= statSync(BUILD_ENTRY).mtimeMs;

/** Two servers started at once from one checkout (parallel test runs) must not build over each other. */
async function withBuildLock(work: () => void) {
  // A BUILD_DIR in a folder not made yet (tests/.tmp on a fresh clone) would otherwise fail every try below, forever.
  mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > BUILD_LOCK_STALE_MS) {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    work();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

async function buildIfNeeded() {
  if (buildIsCurrent()) return;
  let status: number | null = 0;
  await withBuildLock(() => {
    if (buildIsCurrent()) return;
    console.log("Building the app...");
    status = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "inherit" }).status;
    if (status === 0) status = spawnSync(process.execPath, ["app/cli/build-workers.mjs"], { stdio: "inherit" }).status;
  });
  // Exits only once the lock is released, so a failed build doesn't hold up the next start for minutes.
  if (status !== 0) process.exit(status ?? 1);
}

async function main() {
  if (existsSync(".env")) process.loadEnvFile(".env");
  // Fail at start, with the list of problems, rather than on the first request.
  await import("~/services/env.server");
  await buildIfNeeded();
  const { applyMigrations, prisma } = await import("~/services/db.server");
  await applyMigrations();
  const { normalizeStoredEmails } = await import("~/services/stored-emails.server");
  const emails = await normalizeStoredEmails();
  if (emails.normalized > 0) console.log(`Emails in normal form: ${emails.normalized} rewritten.`);
  for (const { userId, email, keptBy } of emails.cleared) {
    console.log(
      `Email ${JSON.stringify(
        email
      )} of user ${userId} is user ${keptBy}'s once normalised: user ${userId} must enter an address again.`
    );
  }
  if ((await prisma.recipe.count()) === 0 && existsSync(path.resolve("prisma/seed.ts"))) {
    console.log("Seeding the starter catalogue and recipes...");
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["prisma/seed.ts"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  await prisma.$disconnect();
}

await main();
