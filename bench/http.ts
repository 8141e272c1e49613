/**
 * npm run bench:http — throughput and latency of the server-rendered screens and the main JSON calls, under
 * 10 and 50 concurrent connections on 127.0.0.1 (autocannon), measured in the same run as a bare Remix page
 * (bench/bare-app) served the same way. Target: every page at least half the throughput of the bare page in an
 * app with an empty route for each of this app's route files (as many routes to match, ranked alike); the ratio to
 * the bare page of one route is printed too. Both baselines are measured before the other targets and again after
 * them, and a ratio is to the mean of the two. For each figure the server's CPU per request (its process's user and
 * system time over the requests answered) is printed beside it.
 *
 * With --old-build <dir> (another commit's `npm run build` output, kept out of git, e.g. under tests/.tmp) every
 * target is measured on that build right before this one, both served side by side on the same database, so
 * old and new see the same machine load.
 *
 *   npm run bench:http [-- --seconds 10] [-- --connections 50] [-- --old-build <dir>] [-- --port 3301]
 *   npm run bench:http -- --pages                    (the signed-in screens only: /home, /menu-suggestion, ...)
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  BENCH_PANTRY,
  freshSqliteUrl,
  serveBuiltApp,
  signInBenchCook,
  startApp,
  startBareApp,
  type RunningServer,
} from "./support/app-server";
import { option } from "./support/args";

/** Four ports from here: the app, the bare page, the bare page with the app's routes, the old build. */
const PORT = Number(option("port") ?? 3301);
const DATABASE = "bench-http";
const CONNECTIONS = (option("connections") ?? "10,50").split(",").map(Number);
const SECONDS = Number(option("seconds") ?? 5);
const OLD_BUILD = option("old-build");
const PAGES_ONLY = process.argv.includes("--pages");
const PAGE_TARGET_RATIO = 0.5;
const CLOCK_TICKS_PER_SECOND = 100;

interface Target {
  name: string;
  path: string;
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
  cpuMsPerRequest: number;
}

/** User and system CPU the process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function measure(server: RunningServer, target: Target, connections: number): Promise<Figures> {
  const cpuBefore = cpuMs(server.process.pid!);
  const result = await autocannon({
    url: `${server.origin}${target.path}`,
    method: target.method ?? "GET",
    body: target.body,
    headers: target.headers,
    connections,
    duration: SECONDS,
  });
  const cpu = cpuMs(server.process.pid!) - cpuBefore;
  const p95 = (result.latency as unknown as Record<string, number>).p95 ?? result.latency.p97_5;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p95,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

async function main() {
  process.env.DATABASE_URL = freshSqliteUrl(DATABASE);
  console.log("Starting the app (build if needed, migrate, seed) and the bare Remix pages...");
  const setup = await startApp(PORT, process.env.DATABASE_URL);
  const { cookie, prisma } = await (async () => {
    try {
      return await signInBenchCook(setup.origin, "bench_cook");
    } finally {
      await setup.stop();
    }
  })();
  // Served by node itself (not through npm), so that its CPU time is the server's.
  const app = await serveBuiltApp(PORT, process.env.DATABASE_URL, []);
  const old = OLD_BUILD
    ? await serveBuiltApp(PORT + 3, process.env.DATABASE_URL, [], { build: path.resolve(OLD_BUILD, "index.js") })
    : null;
  const bare = await startBareApp(PORT + 1);
  // The bare page again, in an app with as many routes as this one: what Remix's route matching alone costs.
  const bareWithOurRoutes = await startBareApp(PORT + 2, "app/routes");
  const routeCount = readdirSync("app/routes").length + 1; // and the root route
  try {
    const recipe = await prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } });
    const signedIn = { Cookie: cookie };
    const json = { "Content-Type": "application/json", Origin: app.origin, ...signedIn };

    const baselines: [RunningServer, Target][] = [
      [bare, { name: "bare Remix page", path: "/", kind: "baseline" }],
      [bareWithOurRoutes, { name: `bare page, ${routeCount} routes like the app's`, path: "/", kind: "baseline" }],
    ];
    const pages: Target[] = [
      { name: "/home", path: "/home", kind: "page", headers: signedIn },
      { name: "/menu-suggestion", path: "/menu-suggestion", kind: "page", headers: signedIn },
      { name: `/menu-detail/${recipe.id}`, path: `/menu-detail/${recipe.id}`, kind: "page", headers: signedIn },
    ];
    const others: Target[] = [
      { name: "/ (onboarding)", path: "/", kind: "page" },
      {
        name: "POST /api/menu-recommendations",
        path: "/api/menu-recommendations",
        kind: "json",
        method: "POST",
        headers: json,
        body: JSON.stringify({ ingredients: BENCH_PANTRY, cuisines: [], dietaryPreferences: [], mealOccasions: [] }),
      },
      { name: "GET /api/random-menu", path: "/api/random-menu", kind: "json" },
      { name: `GET /menus/${recipe.id}`, path: `/menus/${recipe.id}`, kind: "json" },
      {
        name: `GET /api/menu-detail/${recipe.id}/reviews`,
        path: `/api/menu-detail/${recipe.id}/reviews`,
        kind: "json",
        headers: signedIn,
      },
    ];
    const builds: [string, RunningServer][] = old
      ? [
          ["old", old],
          ["new", app],
        ]
      : [["", app]];
    const runs: [RunningServer, Target, string][] = [
      ...baselines.map(([server, target]): [RunningServer, Target, string] => [server, target, ""]),
      ...[...pages, ...(PAGES_ONLY ? [] : others)].flatMap((target) =>
        builds.map(([label, server]): [RunningServer, Target, string] => [server, target, label])
      ),
    ];

    for (const [server, target] of runs) {
      const response = await fetch(`${server.origin}${target.path}`, {
        method: target.method,
        headers: target.headers,
        body: target.body,
      });
      if (!response.ok) throw new Error(`${target.name} answered ${response.status} before the run`);
    }

    const rows: string[] = [];
    let pagesBelowTarget = 0;
    for (const connections of CONNECTIONS) {
      // The baselines before the pages and again after them: a ratio is to their mean, so that a change in the
      // machine's load during the run moves both sides alike.
      const measured: [RunningServer, Target, string, Figures][] = [];
      for (const [server, target, label] of [...runs, ...runs.filter(([, target]) => target.kind === "baseline")]) {
        measured.push([server, target, label, await measure(server, target, connections)]);
        console.log(
          `${target.name} ${label} ${connections}: ${measured.at(-1)![3].requestsPerSecond.toFixed(0)} req/s`
        );
      }
      const baselineOf = (to: RunningServer) => {
        const twice = measured.filter(([server]) => server === to).map(([, , , figures]) => figures.requestsPerSecond);
        return twice.reduce((sum, value) => sum + value, 0) / twice.length;
      };
      for (const [server, target, label, figures] of measured) {
        const ratio = (to: RunningServer) => figures.requestsPerSecond / baselineOf(to);
        if (target.kind === "page" && label !== "old" && ratio(bareWithOurRoutes) < PAGE_TARGET_RATIO)
          pagesBelowTarget += 1;
        rows.push(
          `| ${target.name} | ${label} | ${connections} | ${figures.requestsPerSecond.toFixed(0)} | ${figures.p50} | ${
            figures.p95
          } | ${figures.cpuMsPerRequest.toFixed(2)} | ${
            server === bare ? "" : ratio(bareWithOurRoutes).toFixed(2)
          } | ${ratio(bare).toFixed(2)} | ${figures.errors} |`
        );
      }
    }
    console.log(
      `\n${SECONDS} s per measurement, 127.0.0.1, NODE_ENV=production, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")} at the end.\n`
    );
    console.log(
      "| target | build | connections | req/s | p50 ms | p95 ms | server CPU ms/req | ratio to bare page with our routes | ratio to bare page | errors |"
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const row of rows) console.log(row);
    console.log(
      `\nPages${old ? " (new build)" : ""} at or above ${PAGE_TARGET_RATIO} x the bare page with our routes: ${
        pagesBelowTarget === 0 ? "all" : `${pagesBelowTarget} below`
      }`
    );
  } finally {
    await app.stop();
    await old?.stop();
    await bare.stop();
    await bareWithOurRoutes.stop();
    await prisma.$disconnect();
  }
}

await main();
