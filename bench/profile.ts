/**
 * npm run bench:profile — where the server's CPU goes on each screen under load: the app's server is started as
 * `npm start` starts it but with V8's CPU profiler on, one screen at a time is requested by 10 connections
 * (autocannon) for --seconds, and the profile's samples are put in buckets by the code they ran (the database
 * client, React rendering, Remix's route matching, the garbage collector, ...). Each bucket is printed as a
 * share of the busy time and as milliseconds per request, next to the bare Remix page's whole cost per request.
 *
 *   npm run bench:profile [-- --seconds 8] [-- --port 3303 (and the next)] [-- /home /menu-detail/1]
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freshSqliteUrl, serveBuiltApp, signInBenchCook, startApp, startBareApp } from "./support/app-server";
import { option } from "./support/args";

const APP_PORT = Number(option("port") ?? 3303);
const BARE_PORT = APP_PORT + 1;
const SECONDS = Number(option("seconds") ?? 8);
const SCREENS = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
const PROFILES = path.resolve("tests/.tmp/bench-profile");
/** The server build serveBuiltApp runs: the app's own code in a profile. */
const SERVER_BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "index.js");

interface CallFrame {
  functionName: string;
  url: string;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Bucket rules, most telling first: a sample goes to the first rule any frame of its stack matches. */
const BUCKETS: [string, (frame: CallFrame) => boolean][] = [
  ["database client (Prisma, libsql)", (frame) => /@prisma|libsql/.test(frame.url)],
  ["route matching (React Router)", (frame) => ["matchRoutes", "createServerRoutes"].includes(frame.functionName)],
  [
    "React rendering and Remix components",
    (frame) => /react-dom|react\/cjs|react-router|@remix-run\/react/.test(frame.url),
  ],
  ["Remix request handling", (frame) => /@remix-run\/(server-runtime|node|router)|turbo-stream/.test(frame.url)],
  [
    "HTTP server (express, remix-serve, bootstrap)",
    (frame) =>
      /express|morgan|compression|on-headers|on-finished|@remix-run\/serve|http-bootstrap|response-headers/.test(
        frame.url
      ),
  ],
  ["app code (loaders, services, components)", (frame) => frame.url.includes(SERVER_BUILD)],
];

function bucketsOf(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const leaf = nodes.get(id)!.callFrame;
    if (leaf.functionName === "(idle)") return;
    let bucket = leaf.functionName === "(garbage collector)" ? "garbage collector" : undefined;
    let bestRank = BUCKETS.length;
    for (let current: number | undefined = id; !bucket && current !== undefined; current = parents.get(current)) {
      const frame = nodes.get(current)!.callFrame;
      const rank = BUCKETS.findIndex(([, test]) => test(frame));
      if (rank >= 0 && rank < bestRank) bestRank = rank;
    }
    bucket ??= BUCKETS[bestRank]?.[0] ?? "other (Node internals, sockets, timers)";
    totals.set(bucket, (totals.get(bucket) ?? 0) + profile.timeDeltas[index]);
  });
  return totals;
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx + result.errors} failed requests`);
  return result.requests.total / result.duration;
}

/** The profile the server wrote as it stopped. */
function serverProfile(directory: string): Profile {
  const [file] = readdirSync(directory);
  if (!file) throw new Error(`The server wrote no profile in ${directory}`);
  return JSON.parse(readFileSync(path.join(directory, file), "utf8")) as Profile;
}

async function profileScreen(screen: string, cookie: string, bareMsPerRequest: number) {
  const directory = path.join(PROFILES, screen.replace(/\W+/g, "_"));
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const app = await serveBuiltApp(APP_PORT, process.env.DATABASE_URL!, ["--cpu-prof", `--cpu-prof-dir=${directory}`]);
  let perSecond: number;
  try {
    const headers: Record<string, string> = screen === "/" ? {} : { Cookie: cookie };
    await requestsPerSecond(`${app.origin}${screen}`, headers); // warm up
    perSecond = await requestsPerSecond(`${app.origin}${screen}`, headers);
  } finally {
    await app.stop("SIGINT");
  }
  const buckets = bucketsOf(serverProfile(directory));
  const busy = [...buckets.values()].reduce((sum, time) => sum + time, 0);
  const msPerRequest = 1000 / perSecond;
  console.log(
    `\n${screen}: ${perSecond.toFixed(0)} req/s, ${msPerRequest.toFixed(
      2
    )} ms per request (bare page ${bareMsPerRequest.toFixed(2)} ms)`
  );
  console.log("| where | share of busy time | ms per request |");
  console.log("|---|---|---|");
  for (const [bucket, time] of [...buckets].sort((a, b) => b[1] - a[1])) {
    const share = time / busy;
    console.log(`| ${bucket} | ${(share * 100).toFixed(1)} % | ${(share * msPerRequest).toFixed(2)} |`);
  }
}

async function main() {
  process.env.DATABASE_URL = freshSqliteUrl("bench-profile");
  // Started once without the profiler to build, migrate, seed and sign the cook up.
  const setup = await startApp(APP_PORT, process.env.DATABASE_URL);
  let cookie: string;
  try {
    ({ cookie } = await signInBenchCook(setup.origin, "profile_cook"));
  } finally {
    await setup.stop();
  }
  const bare = await startBareApp(BARE_PORT);
  let bareMsPerRequest: number;
  try {
    await requestsPerSecond(`${bare.origin}/`);
    bareMsPerRequest = 1000 / (await requestsPerSecond(`${bare.origin}/`));
  } finally {
    await bare.stop();
  }
  // Shares include the server's start (module loading), a second or so against the run's busy time.
  console.log(
    `${SECONDS} s per screen at 10 connections, 127.0.0.1, NODE_ENV=production; load average ${loadavg()[0].toFixed(1)}`
  );
  for (const screen of SCREENS.length > 0 ? SCREENS : ["/", "/home", "/menu-suggestion", "/menu-detail/1"]) {
    await profileScreen(screen, cookie, bareMsPerRequest);
  }
  await (await import("~/services/db.server")).prisma.$disconnect();
}

await main();
