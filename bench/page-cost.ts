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
 */
import { existsSync, writeFileSync } from "node:fs";
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

/** Every SQL statement the app prepares (Prisma's libsql driver prepares each query it runs). */
const statements = { count: 0, log: null as string[] | null };
const { prototype: database } = createRequire(import.meta.url)("libsql") as {
  prototype: { prepare(sql: string): unknown };
};
const prepare = database.prepare;
database.prepare = function (this: unknown, sql: string) {
  statements.count += 1;
  statements.log?.push(sql);
  return prepare.call(this, sql);
};

type Handler = (request: Request) => Promise<Response>;

/** Headers remix-serve and the HTTP bootstrap would give the request. */
const baseHeaders = { Host: new URL(ORIGIN).host, "x-recipe-helper-client-address": "127.0.0.1" };

async function handlerFor(buildFile: string): Promise<Handler> {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  return createRequestHandler(build, "production");
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

async function measure(handle: Handler, url: string, cookie: string | null): Promise<Cost> {
  const request = () => new Request(url, { headers: { ...baseHeaders, ...(cookie ? { Cookie: cookie } : {}) } });
  const once = async () => {
    const response = await handle(request());
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    return html;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const before = statements.count;
  statements.log = option("sql") !== undefined ? [] : null;
  const html = await once();
  const perRequest = statements.count - before;
  if (statements.log) console.error(`${new URL(url).pathname}:\n  ${statements.log.join("\n  ")}`);
  if (option("html") !== undefined)
    writeFileSync(path.join(option("html")!, `${new URL(url).pathname.replace(/\W+/g, "_")}.html`), html);
  statements.log = null;
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) await once();
    const used = process.cpuUsage(cpu);
    rounds.push((used.user + used.system) / 1000 / REQUESTS);
  }
  rounds.sort((a, b) => a - b);
  return {
    cpuMs: rounds[Math.floor(rounds.length / 2)],
    statements: perRequest,
    htmlKb: Buffer.byteLength(html) / 1024,
  };
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
    const bare = await measure(await handlerFor(BARE_BUILD), `${ORIGIN}/`, null);
    rows.push(`| bare Remix page | ${bare.cpuMs.toFixed(2)} | ${bare.statements} | ${bare.htmlKb.toFixed(1)} |`);
  }
  // `npm run bench:page-cost -- /home` measures the screens named (the address up to its id) only.
  const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const measured = chosen.length
    ? screens.filter(([screen]) => chosen.includes(screen.replace(/\/\d+$/, "")))
    : screens;
  for (const [screen, signedIn] of measured) {
    const cost = await measure(handle, `${ORIGIN}${screen}`, signedIn ? cookie : null);
    rows.push(
      `| ${screen}${signedIn ? "" : " (guest)"} | ${cost.cpuMs.toFixed(2)} | ${cost.statements} | ${cost.htmlKb.toFixed(
        1
      )} |`
    );
    console.error(rows.at(-1));
  }
  console.log(
    `\n${ROUNDS} rounds of ${REQUESTS} requests per screen (median round), one at a time, in-process; load average ${loadavg()[0].toFixed(
      1
    )}\n`
  );
  console.log("| screen | CPU ms per request | SQL statements per request | HTML KB |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(row);
  await prisma.$disconnect();
}

await main();
process.exit(0);
