/**
 * npm run bench:login — what the login rate limit adds to a login, old beside new, in one run:
 *
 * - old: the in-memory limiter of 8df6c02 (bench/support/legacy-rate-limit.ts): checked before the password,
 *   counted after it;
 * - new: the counters in the database (decision 084): the attempt counted before the password by one atomic
 *   upsert per limiter (per username and per address), given back after a right password.
 *
 * For a right and a wrong password, the limit's own work is timed alone (the bookkeeping around the password
 * check), and a whole login (`login()`, scrypt included) is timed for scale. Target: < 5 ms extra per login.
 * SQLite on a fresh file under tests/.tmp; with POSTGRES_URL=postgres://… also PostgreSQL (a scratch database).
 *
 *   npm run bench:login [-- --rounds 200]
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { freshSqliteUrl } from "./support/app-server";
import { LegacyRateLimiter } from "./support/legacy-rate-limit";
import { option } from "./support/args";
import { percentile } from "./support/stats";

const ROUNDS = Number(option("rounds") ?? 200);
const WHOLE_LOGINS = 20;
const WINDOW_MS = 15 * 60 * 1000;

const median = (values: number[]) => percentile(values, 0.5);
const p95 = (values: number[]) => percentile(values, 0.95);
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function timed(rounds: number, run: (round: number) => Promise<unknown> | unknown): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await run(round);
    times.push(performance.now() - start);
  }
  return times;
}

async function scratchPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `recipe_helper_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** One engine: the app's modules are imported after DATABASE_URL is set, in a process of their own (see main). */
async function measure(engine: string) {
  const { applyMigrations, prisma } = await import("~/services/db.server");
  await applyMigrations();
  const { giveBack, RateLimiter, tryHitAll } = await import("~/services/rate-limit.server");
  const { hashPassword } = await import("~/services/password.server");
  const { login } = await import("~/services/auth.server");
  const { CLIENT_ADDRESS_HEADER } = await import("~/services/rate-limit.server");
  await prisma.user.create({
    data: { username: "bench_cook", email: "bench_cook@example.com", passwordHash: await hashPassword("Secret123") },
  });

  const oldByName = new LegacyRateLimiter(5, WINDOW_MS);
  const oldByAddress = new LegacyRateLimiter(20, WINDOW_MS);
  const newByName = new RateLimiter("bench-login-username", 5, WINDOW_MS);
  const newByAddress = new RateLimiter("bench-login-address", 20, WINDOW_MS);
  // Each round its own username and address, as many cooks' logins are: no key reaches its limit.
  const keys = (round: number) => [`cook${round} 192.0.2.${round % 250}`, `198.51.${round % 250}.${round % 7}`];

  const oldRight = await timed(ROUNDS, (round) => {
    const [name, address] = keys(round);
    if (oldByName.isLimited(name) || oldByAddress.isLimited(address)) throw new Error("limited");
    oldByName.reset(name);
  });
  const oldWrong = await timed(ROUNDS, (round) => {
    const [name, address] = keys(round + ROUNDS);
    if (oldByName.isLimited(name) || oldByAddress.isLimited(address)) throw new Error("limited");
    oldByName.hit(name);
    oldByAddress.hit(address);
  });
  const newRight = await timed(ROUNDS, async (round) => {
    const [name, address] = keys(round);
    if (
      !(await tryHitAll([
        [newByName, name],
        [newByAddress, address],
      ]))
    )
      throw new Error("limited");
    await giveBack([[newByAddress, address]], [newByName, name]);
  });
  const newWrong = await timed(ROUNDS, async (round) => {
    const [name, address] = keys(round + ROUNDS);
    if (
      !(await tryHitAll([
        [newByName, name],
        [newByAddress, address],
      ]))
    )
      throw new Error("limited");
  });

  const loginRequest = (round: number) =>
    new Request("http://localhost/login", {
      method: "POST",
      headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${round % 250}` },
    });
  const wholeLogin = await timed(WHOLE_LOGINS, async (round) => {
    const result = await login(loginRequest(round), new FormData(), { username: "bench_cook", password: "Secret123" });
    if (!result.ok) throw new Error(`login failed: ${result.message}`);
  });
  await prisma.$disconnect();

  console.log(`\n${engine}: the login limit's own work per login (median / p95 of ${ROUNDS})`);
  console.log(`  right password   old (memory) ${ms(median(oldRight))} / ${ms(p95(oldRight))}`);
  console.log(`                   new (database) ${ms(median(newRight))} / ${ms(p95(newRight))}`);
  console.log(`  wrong password   old (memory) ${ms(median(oldWrong))} / ${ms(p95(oldWrong))}`);
  console.log(`                   new (database) ${ms(median(newWrong))} / ${ms(p95(newWrong))}`);
  const extra = Math.max(median(newRight) - median(oldRight), median(newWrong) - median(oldWrong));
  console.log(`  extra per login: ${ms(extra)} (target < 5 ms) ${extra < 5 ? "met" : "NOT MET"}`);
  console.log(
    `  a whole login with the new limit (scrypt included), median of ${WHOLE_LOGINS}: ${ms(median(wholeLogin))}`
  );
}

async function main() {
  const engine = process.env.BENCH_ENGINE;
  if (engine) return measure(engine);
  // Each engine in a child process: the app's database client is made once per process, from DATABASE_URL.
  const { execFileSync } = await import("node:child_process");
  const run = (name: string, url: string) =>
    execFileSync(process.execPath, ["--import", "tsx", "bench/login-cost.ts", ...process.argv.slice(2)], {
      stdio: "inherit",
      env: {
        ...process.env,
        BENCH_ENGINE: name,
        DATABASE_URL: url,
        NODE_ENV: "production",
        SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      },
    });
  const sqlite = freshSqliteUrl("bench-login-cost");
  run("SQLite", sqlite);
  rmSync(sqlite.replace(/^file:/, ""), { force: true });
  if (process.env.POSTGRES_URL) {
    const scratch = await scratchPostgres(process.env.POSTGRES_URL);
    try {
      run("PostgreSQL", scratch.url);
    } finally {
      await scratch.drop();
    }
  }
}

await main();
