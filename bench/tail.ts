/**
 * npm run bench:tail — where the slow answers come from on the three busiest screens: each screen is asked by
 * --connections connections (autocannon, one signed-in cook with 8 pantry items, as issue 33 measured) for
 * --seconds, against the app served by remix-serve as `npm start` serves it, but through
 * bench/support/diagnosed-build.mjs, which records per request how long it waited before its loader started, how
 * long the loaders took and how long the rest (rendering, writing) took, and for the process the event loop's delay
 * and the garbage collector's pauses. With --old-build <dir> (another commit's `remix build` output) every screen
 * is measured on that build too, right before this one, so both see the same machine load. --cpu-prof writes a V8
 * CPU profile per run under tests/.tmp/bench-tail.
 *
 *   npm run bench:tail -- [--seconds 10] [--connections 50] [--old-build <dir>] [--cpu-prof] [/home /menu-detail]
 *   npm run bench:tail -- --at-once 0,1,2,4          (the new build with each REQUESTS_AT_ONCE)
 *   npm run bench:tail -- --node-options --max-semi-space-size=32   (and with these node options)
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freshSqliteUrl, serveBuiltApp, signInBenchCook, startApp } from "./support/app-server";
import { option } from "./support/args";
import { percentile } from "./support/stats";

const PORT = Number(option("port") ?? 3331);
const SECONDS = Number(option("seconds") ?? 10);
const CONNECTIONS = Number(option("connections") ?? 50);
const OLD_BUILD = option("old-build");
/** REQUESTS_AT_ONCE values to compare (e.g. 0,2,4,8) instead of the server's default. */
const AT_ONCE = option("at-once");
/** Node options to measure the new build with too (e.g. --max-semi-space-size=32), as a variant of its own. */
const NODE_OPTIONS = option("node-options");
const CPU_PROFILE = process.argv.includes("--cpu-prof");
const OUT = path.resolve("tests/.tmp/bench-tail");
const SLOW_MS = 2000;
const SETTLE_MS = 3000;

/** How long the process's main thread has waited on a run queue, ready to run (Linux /proc schedstat), in ms. */
function runQueueWaitMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
  } catch {
    return 0;
  }
}

interface RequestTiming {
  url: string;
  arrived: number;
  loaderStarted: number;
  loaderEnded: number;
  finished: number;
}
interface Diagnosis {
  eventLoopDelay: { p50: number; p99: number; max: number; mean: number };
  gcPauses: { at: number; ms: number; kind: number }[];
  requests: RequestTiming[];
  cpu: { user: number; system: number };
}

interface Run {
  build: string;
  screen: string;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  over2s: number;
  errors: number;
  waitP50: number;
  waitP99: number;
  loadersP50: number;
  loadersP99: number;
  restP99: number;
  serverP99: number;
  serverMax: number;
  loopP99: number;
  loopMax: number;
  gcMs: number;
  gcMax: number;
  cpuMsPerRequest: number;
  /** share of the run the server's main thread was ready to run but waited for a core (other processes had them) */
  runQueueShare: number;
  /** the same for this process, autocannon's: time it was not there to send or to read */
  clientRunQueueShare: number;
  loadAverage: number;
}

interface Variant {
  label: string;
  buildDir: string;
  env: Record<string, string>;
}

async function measure(
  { label: buildLabel, buildDir, env }: Variant,
  databaseUrl: string,
  url: string,
  cookie: string
) {
  const screen = new URL(url).pathname;
  const name = `${buildLabel}-${screen}`.replace(/\W+/g, "_");
  const diagnosisFile = path.join(OUT, `${name}.json`);
  const nodeOptions = CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${OUT}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  const server = await serveBuiltApp(PORT, databaseUrl, nodeOptions, {
    build: path.resolve("bench/support/diagnosed-build.mjs"),
    env: { ...env, DIAGNOSED_BUILD: path.resolve(buildDir, "index.js"), DIAGNOSIS_FILE: diagnosisFile },
  });
  const latencies: number[] = [];
  try {
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers: { Cookie: cookie } })).text();
    // The start's background work (the recipe index, the vision model) is done before the measured part.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    server.process.kill("SIGUSR2");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waitedBefore = runQueueWaitMs(server.process.pid!);
    const clientWaitedBefore = runQueueWaitMs(process.pid);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options = { url, headers: { Cookie: cookie }, connections: CONNECTIONS, duration: SECONDS };
      const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
      instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
    });
    const loadAverage = loadavg()[0];
    const runQueueMs = runQueueWaitMs(server.process.pid!) - waitedBefore;
    const clientRunQueueMs = runQueueWaitMs(process.pid) - clientWaitedBefore;
    await server.stop();
    const diagnosis = JSON.parse(readFileSync(diagnosisFile, "utf8")) as Diagnosis;
    const timed = diagnosis.requests.filter((request) => request.finished > 0 && request.loaderStarted > 0);
    type Moment = "arrived" | "loaderStarted" | "loaderEnded" | "finished";
    const between = (from: Moment, to: Moment, share: number) =>
      percentile(
        timed.map((timing) => timing[to] - timing[from]),
        share
      );
    const gcMs = diagnosis.gcPauses.reduce((sum, pause) => sum + pause.ms, 0);
    const run: Run = {
      build: buildLabel,
      screen: screen.replace(/\/\d+$/, "/N"),
      perSecond: result.requests.total / result.duration,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: Math.max(0, ...latencies),
      over2s: latencies.filter((ms) => ms > SLOW_MS).length,
      errors: result.errors + result.timeouts + result.non2xx,
      waitP50: between("arrived", "loaderStarted", 0.5),
      waitP99: between("arrived", "loaderStarted", 0.99),
      loadersP50: between("loaderStarted", "loaderEnded", 0.5),
      loadersP99: between("loaderStarted", "loaderEnded", 0.99),
      restP99: between("loaderEnded", "finished", 0.99),
      serverP99: between("arrived", "finished", 0.99),
      serverMax: Math.max(0, ...timed.map((t) => t.finished - t.arrived)),
      loopP99: diagnosis.eventLoopDelay.p99,
      loopMax: diagnosis.eventLoopDelay.max,
      gcMs,
      gcMax: Math.max(0, ...diagnosis.gcPauses.map((pause) => pause.ms)),
      cpuMsPerRequest: (diagnosis.cpu.user + diagnosis.cpu.system) / 1000 / Math.max(1, diagnosis.requests.length),
      runQueueShare: runQueueMs / (SECONDS * 1000),
      clientRunQueueShare: clientRunQueueMs / (SECONDS * 1000),
      loadAverage,
    };
    return run;
  } finally {
    await server.stop();
  }
}

const ROW_HEADER =
  "| build | screen | req/s | p50 ms | p99 ms | max ms | >2 s | errors (none in 10 s) | wait before loader p50/p99 ms | loaders p50/p99 ms | after loaders p99 ms | in server p99/max ms | loop delay p99/max ms | GC total/max ms | CPU ms/req | server / client waiting for a core | load avg |";

function row(run: Run) {
  const f = (value: number) => value.toFixed(0);
  return `| ${run.build} | ${run.screen} | ${f(run.perSecond)} | ${f(run.p50)} | ${f(run.p99)} | ${f(run.max)} | ${
    run.over2s
  } | ${run.errors} | ${f(run.waitP50)} / ${f(run.waitP99)} | ${f(run.loadersP50)} / ${f(run.loadersP99)} | ${f(
    run.restP99
  )} | ${f(run.serverP99)} / ${f(run.serverMax)} | ${f(run.loopP99)} / ${f(run.loopMax)} | ${f(run.gcMs)} / ${f(
    run.gcMax
  )} | ${run.cpuMsPerRequest.toFixed(1)} | ${(run.runQueueShare * 100).toFixed(0)} / ${(
    run.clientRunQueueShare * 100
  ).toFixed(0)} % | ${run.loadAverage.toFixed(1)} |`;
}

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  process.env.DATABASE_URL = freshSqliteUrl("bench-tail");
  console.log("Starting the app once (build if needed, migrate, seed) and signing the cook in...");
  const app = await startApp(PORT, process.env.DATABASE_URL);
  const { cookie, prisma, recipe } = await (async () => {
    try {
      const signedIn = await signInBenchCook(app.origin, "tail_cook");
      return { ...signedIn, recipe: await signedIn.prisma.recipe.findFirstOrThrow({ orderBy: { id: "asc" } }) };
    } finally {
      await app.stop();
    }
  })();
  const chosen = process.argv.slice(2).filter((arg) => arg.startsWith("/"));
  const screens = ["/home", "/menu-suggestion", `/menu-detail/${recipe.id}`].filter(
    (screen) => chosen.length === 0 || chosen.includes(screen.replace(/\/\d+$/, ""))
  );
  const buildDir = process.env.BUILD_DIR ?? "build";
  // The old build is served as main serves it: every request taken in at once (REQUESTS_AT_ONCE=0).
  const variants: Variant[] = [
    ...(OLD_BUILD ? [{ label: "old", buildDir: OLD_BUILD, env: { REQUESTS_AT_ONCE: "0" } }] : []),
    ...(AT_ONCE
      ? AT_ONCE.split(",").map((n) => ({ label: `new, ${n} at once`, buildDir, env: { REQUESTS_AT_ONCE: n } }))
      : [{ label: "new", buildDir, env: {} }]),
    ...(NODE_OPTIONS ? [{ label: `new, ${NODE_OPTIONS}`, buildDir, env: { NODE_OPTIONS } }] : []),
  ];
  const runs: Run[] = [];
  console.log(ROW_HEADER);
  for (const screen of screens) {
    for (const variant of variants) {
      const run = await measure(variant, process.env.DATABASE_URL, `http://127.0.0.1:${PORT}${screen}`, cookie);
      runs.push(run);
      console.log(row(run));
    }
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per run, one signed-in cook, 127.0.0.1, NODE_ENV=production`);
  console.log(ROW_HEADER);
  console.log(`|${"---|".repeat(17)}`);
  for (const run of runs) console.log(row(run));
  await prisma.$disconnect();
}

await main();
