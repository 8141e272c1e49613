/**
 * npm run bench:http — throughput and latency of the server-rendered screens and the main JSON calls, under
 * 10 and 50 concurrent connections on 127.0.0.1 (autocannon), measured in the same run as a bare Remix page
 * (bench/bare-app) served the same way. Each figure is also given as a ratio to the bare page's throughput.
 * Target: every page at least half the bare page's throughput. The bare page is also served from an app with
 * an empty route for each of this app's route files, which shows what route matching alone takes from it.
 *
 *   npm run bench:http [-- --seconds 10]
 */
import { readdirSync } from "node:fs";
import autocannon from "autocannon";
import { BENCH_PANTRY, freshSqliteUrl, signInBenchCook, startApp, startBareApp } from "./support/app-server";

const APP_PORT = 3301;
const BARE_PORT = 3302;
const BARE_WITH_OUR_ROUTES_PORT = 3305;
const DATABASE = "bench-http";
const CONNECTIONS = [10, 50];
const secondsArgument = process.argv.indexOf("--seconds");
const SECONDS = secondsArgument > 0 ? Number(process.argv[secondsArgument + 1]) : 5;
const PAGE_TARGET_RATIO = 0.5;

interface Target {
  name: string;
  url: string;
  /** a baseline is not held to the page target */
  kind: "page" | "json" | "baseline";
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  errors: number;
}

async function measure(target: Target, connections: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    body: target.body,
    headers: target.headers,
    connections,
    duration: SECONDS,
  });
  const p95 = (result.latency as unknown as Record<string, number>).p95 ?? result.latency.p97_5;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p95,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  process.env.DATABASE_URL = freshSqliteUrl(DATABASE);
  console.log("Starting the app (build if needed, migrate, seed) and the bare Remix page...");
  const app = await startApp(APP_PORT, process.env.DATABASE_URL);
  const bare = await startBareApp(BARE_PORT);
  // The bare page again, in an app with as many routes as this one: what Remix's route matching alone costs.
  const bareWithOurRoutes = await startBareApp(BARE_WITH_OUR_ROUTES_PORT, "app/routes");
  const routeCount = readdirSync("app/routes").length + 1; // and the root route
  try {
    const { cookie, prisma } = await signInBenchCook(app.origin, "bench_cook");
    const recipe = await prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } });
    const signedIn = { Cookie: cookie };
    const json = { "Content-Type": "application/json", Origin: app.origin, ...signedIn };

    const targets: Target[] = [
      { name: "bare Remix page", url: `${bare.origin}/`, kind: "baseline" },
      { name: `bare page, ${routeCount} routes like the app's`, url: `${bareWithOurRoutes.origin}/`, kind: "baseline" },
      { name: "/ (onboarding)", url: `${app.origin}/`, kind: "page" },
      { name: "/home", url: `${app.origin}/home`, kind: "page", headers: signedIn },
      { name: "/menu-suggestion", url: `${app.origin}/menu-suggestion`, kind: "page", headers: signedIn },
      {
        name: `/menu-detail/${recipe.id}`,
        url: `${app.origin}/menu-detail/${recipe.id}`,
        kind: "page",
        headers: signedIn,
      },
      {
        name: "POST /api/menu-recommendations",
        url: `${app.origin}/api/menu-recommendations`,
        kind: "json",
        method: "POST",
        headers: json,
        body: JSON.stringify({ ingredients: BENCH_PANTRY, cuisines: [], dietaryPreferences: [], mealOccasions: [] }),
      },
      { name: "GET /api/random-menu", url: `${app.origin}/api/random-menu`, kind: "json" },
      { name: `GET /menus/${recipe.id}`, url: `${app.origin}/menus/${recipe.id}`, kind: "json" },
      {
        name: `GET /api/menu-detail/${recipe.id}/reviews`,
        url: `${app.origin}/api/menu-detail/${recipe.id}/reviews`,
        kind: "json",
        headers: signedIn,
      },
    ];

    for (const target of targets) {
      const response = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body });
      if (!response.ok) throw new Error(`${target.name} answered ${response.status} before the run`);
    }

    const bareFigures = new Map<number, Figures>();
    const rows: string[] = [];
    let pagesBelowTarget = 0;
    for (const connections of CONNECTIONS) {
      for (const target of targets) {
        const figures = await measure(target, connections);
        if (target.url.startsWith(bare.origin)) bareFigures.set(connections, figures);
        const ratio = figures.requestsPerSecond / bareFigures.get(connections)!.requestsPerSecond;
        if (target.kind === "page" && ratio < PAGE_TARGET_RATIO) pagesBelowTarget += 1;
        rows.push(
          `| ${target.name} | ${connections} | ${figures.requestsPerSecond.toFixed(0)} | ${figures.p50} | ${
            figures.p95
          } | ${ratio.toFixed(2)} | ${figures.errors} |`
        );
        console.log(rows.at(-1));
      }
    }
    console.log(`\n${SECONDS} s per measurement, 127.0.0.1, NODE_ENV=production.\n`);
    console.log("| target | connections | req/s | p50 ms | p95 ms | ratio to bare | errors |");
    console.log("|---|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(
      `\nPages at or above ${PAGE_TARGET_RATIO} x the bare page: ${
        pagesBelowTarget === 0 ? "all" : `${pagesBelowTarget} below`
      }`
    );
  } finally {
    await app.stop();
    await bare.stop();
    await bareWithOurRoutes.stop();
    await (await import("~/services/db.server")).prisma.$disconnect();
  }
}

await main();
