/**
 * npm run bench:page-cost — what one request to each screen costs the server, through the Remix request
 * handler in this process (no HTTP, so no sockets, compression or logging): CPU ms per request (median of
 * --rounds rounds of --requests requests each, one at a time), SQL statements per request and HTML size. CPU
 * time moves far less with the machine's load than throughput does, so the effect of a change shows even on a
 * busy machine. The bare Remix page of bench/bare-app is measured the same way when it has been built (npm run
 * bench:http builds it).
 *
 *   npm run bench:page-cost [-- --requests 300] [-- --rounds 3]      (uses the build in $BUILD_DIR or ./build)
 *   npm run bench:page-cost -- --sql 1 --requests 10 --rounds 1      (also lists each screen's SQL statements)
 *   npm run bench:page-cost -- /home /menu-detail                    (these screens only)
 *   npm run bench:page-cost -- --html <dir>                          (and writes each screen's HTML there)
 *   npm run bench:page-cost -- --cpu-prof <dir>                      (and a V8 CPU profile of each screen's rounds)
 *   npm run bench:page-cost -- --old-build <dir>                     (another commit's build measured beside this one,
 *                                                                     their rounds taking turns in this process)
 */
import { existsSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { freshSqliteUrl } from "./support/app-server";
import { option } from "./support/args";

const REQUESTS = Number(option("requests") ?? 300);
const ROUNDS = Number(option("rounds") ?? 3);
const WARM_UP = 30;
const ORIGIN = "http://127.0.0.1:3399";
const USERNAME = "cost_cook";
const PASSWORD = "Bench1234";
const BARE_BUILD = path.resolve("bench/bare-app/build/index.js");

/** Every SQL statement the app runs, counted where libsql runs it (a kept statement is prepared once: decision 166). */
const statements = { count: 0, log: null as string[] | null };
interface LibsqlStatement {
  run(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
  iterate(...args: unknown[]): unknown;
}
const countedLibsql = new Set<unknown>();

/** Counts the statements run through the libsql module a server build (or this script) resolves. */
function countStatements(from: string) {
  const Database = createRequire(from)("libsql") as {
    new (file: string): { prepare(sql: string): LibsqlStatement; close(): void };
    prototype: { prepare(sql: string): LibsqlStatement };
  };
  if (countedLibsql.has(Database)) return;
  countedLibsql.add(Database);
  const textOf = new WeakMap<object, string>();
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: unknown, sql: string) {
    const statement = prepare.call(this, sql);
    textOf.set(statement, sql);
    return statement;
  };
  const scratch = new Database(":memory:");
  const statementPrototype = Object.getPrototypeOf(scratch.prepare("SELECT 1")) as LibsqlStatement;
  scratch.close();
  // `all` reads through `iterate`
  for (const method of ["run", "get", "iterate"] as const) {
    const run = statementPrototype[method];
    statementPrototype[method] = function (this: LibsqlStatement, ...args: unknown[]) {
      statements.count += 1;
      statements.log?.push(textOf.get(this) ?? "?");
      return run.apply(this, args);
    };
  }
}
type Handler = (request: Request) => Promise<Response>;

/** Headers remix-serve and the HTTP bootstrap would give the request. */
const baseHeaders = { Host: new URL(ORIGIN).host, "x-recipe-helper-client-address": "127.0.0.1" };

async function handlerFor(buildFile: string): Promise<Handler> {
  countStatements(buildFile);
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  return createRequestHandler(build, "production");
}

/**
 * Another build's handler in this process. It gets a database client of its own (db.server keeps one on globalThis
 * for dev reloads): the client of this checkout, made with another copy of Prisma's runtime, would not know the
 * other build's raw queries' parts.
 */
async function isolatedHandlerFor(buildFile: string): Promise<Handler> {
  const holder = globalThis as { recipeHelperPrisma?: unknown };
  const ours = holder.recipeHelperPrisma;
  delete holder.recipeHelperPrisma;
  try {
    return await handlerFor(buildFile);
  } finally {
    holder.recipeHelperPrisma = ours;
  }
}

async function signedInCookie(handle: Handler): Promise<string> {
  const post = (route: string, fields: Record<string, string>) =>
    handle(
      new Request(`${ORIGIN}${route}`, {
        method: "POST",
        headers: { ...baseHeaders, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      })
    );
  await post("/signup", { username: USERNAME, email: `${USERNAME}@example.com`, password: PASSWORD });
  const response = await post("/login", { username: USERNAME, password: PASSWORD });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
  if (!cookie) throw new Error(`Login answered ${response.status}`);
  return cookie.split(";")[0];
}

interface Cost {
  cpuMs: number;
  statements: number;
  htmlKb: number;
}

/**
 * Each build's cost of one screen. With several builds their rounds take turns (one round of each, then the next),
 * so that a change in the machine's load moves them alike.
 */
async function measure(handles: Handler[], url: string, cookie: string | null): Promise<Cost[]> {
  const request = () => new Request(url, { headers: { ...baseHeaders, ...(cookie ? { Cookie: cookie } : {}) } });
  const once = async (handle: Handler) => {
    const response = await handle(request());
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return html;
  };
  const firsts: { html: string; statements: number }[] = [];
  for (const handle of handles) {
    for (let i = 0; i < WARM_UP; i++) await once(handle);
    const before = statements.count;
    statements.log = option("sql") !== undefined ? [] : null;
    const html = await once(handle);
    firsts.push({ html, statements: statements.count - before });
    if (statements.log) console.error(`${new URL(url).pathname}:\n  ${statements.log.join("\n  ")}`);
    statements.log = null;
  }
  // the last build's page (this one's), and the others' beside it named by their place: old-_home.html
  for (const [index, first] of firsts.entries()) {
    const prefix = index === firsts.length - 1 ? "" : "old-";
    if (option("html") !== undefined)
      writeFileSync(
        path.join(option("html")!, `${prefix}${new URL(url).pathname.replace(/\W+/g, "_")}.html`),
        first.html
      );
  }
  const profiler = option("cpu-prof") === undefined ? null : new Session();
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const rounds: number[][] = handles.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, handle] of handles.entries()) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) await once(handle);
      const used = process.cpuUsage(cpu);
      rounds[index].push((used.user + used.system) / 1000 / REQUESTS);
    }
  }
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    const name = `${new URL(url).pathname.replace(/\W+/g, "_")}.cpuprofile`;
    writeFileSync(path.join(option("cpu-prof")!, name), JSON.stringify(profile));
    profiler.disconnect();
  }
  return rounds.map((costs, index) => {
    costs.sort((x, y) => x - y);
    return {
      cpuMs: costs[Math.floor(costs.length / 2)],
      statements: firsts[index].statements,
      htmlKb: Buffer.byteLength(firsts[index].html) / 1024,
    };
  });
}

async function main() {
  const buildFile = path.resolve(process.env.BUILD_DIR ?? "build", "index.js");
  if (!existsSync(buildFile)) throw new Error(`No server build at ${buildFile}: run \`npm run build\` first.`);
  process.env.DATABASE_URL = freshSqliteUrl("bench-page-cost");
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";
  process.env.COOKIE_SECURE = "false";
  // Imported after DATABASE_URL is set: the client connects to the database it names at import.
  const { applyMigrations, prisma } = await import("~/services/db.server");
  const { seed } = await import("../prisma/seed");
  const { addToUserPantry } = await import("~/services/pantry-store.server");
  await applyMigrations();
  await seed();

  const handle = await handlerFor(buildFile);
  const oldBuild = option("old-build");
  const builds: [string, Handler][] = oldBuild
    ? [
        ["old", await isolatedHandlerFor(path.resolve(oldBuild, "index.js"))],
        ["new", handle],
      ]
    : [["", handle]];
  const cookie = await signedInCookie(handle);
  const user = await prisma.user.findUniqueOrThrow({ where: { username: USERNAME } });
  const pantry = ["tomato", "onion", "garlic", "chicken breast", "rice", "egg", "spinach", "cheddar cheese"];
  await addToUserPantry(user.id, pantry);
  const recipe = await prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } });
  await prisma.favorite.create({ data: { userId: user.id, recipeId: recipe.id } });

  const screens: [string, boolean][] = [
    ["/", false],
    ["/login", false],
    ["/home", true],
    ["/search", true],
    ["/ingredient-preview", true],
    ["/preferences", true],
    ["/menu-suggestion", true],
    [`/menu-detail/${recipe.id}`, true],
    ["/favorites", true],
    ["/account", true],
  ];
  const rows: string[] = [];
  if (existsSync(BARE_BUILD)) {
    const [bare] = await measure([await handlerFor(BARE_BUILD)], `${ORIGIN}/`, null);
    rows.push(`| bare Remix page | | ${bare.cpuMs.toFixed(2)} | ${bare.statements} | ${bare.htmlKb.toFixed(1)} |`);
  }
  // `npm run bench:page-cost -- /home` measures the screens named (the address up to its id) only.
  const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const measured = chosen.length
    ? screens.filter(([screen]) => chosen.includes(screen.replace(/\/\d+$/, "")))
    : screens;
  for (const [screen, signedIn] of measured) {
    const costs = await measure(
      builds.map(([, build]) => build),
      `${ORIGIN}${screen}`,
      signedIn ? cookie : null
    );
    for (const [index, cost] of costs.entries()) {
      rows.push(
        `| ${screen}${signedIn ? "" : " (guest)"} | ${builds[index][0]} | ${cost.cpuMs.toFixed(2)} | ${
          cost.statements
        } | ${cost.htmlKb.toFixed(1)} |`
      );
      console.error(rows.at(-1));
    }
  }
  console.log(
    `\n${ROUNDS} rounds of ${REQUESTS} requests per screen (median round), one at a time, in-process; load average ${loadavg()[0].toFixed(
      1
    )}\n`
  );
  console.log("| screen | build | CPU ms per request | SQL statements per request | HTML KB |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  await prisma.$disconnect();
}

await main();
process.exit(0);
