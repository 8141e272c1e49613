// A server build that is the app's own (BUILD_DIR or ./build) with timing around it, for bench:tail. remix-serve
// serves it as it serves the app's: the same HTTP stack, only measured. It records, per request: when node's HTTP
// server handed it over, when the route's loader started and ended, and when the answer was finished; and for the
// whole process the event loop's delay (perf_hooks) and the garbage collector's pauses. The figures are written as
// JSON to DIAGNOSIS_FILE when the process stops; SIGUSR2 marks where the measurement starts.
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const ARRIVED = "x-diagnosis-arrived";
const real = await import(pathToFileURL(path.resolve(process.env.DIAGNOSED_BUILD ?? "build/index.js")).href);

const requests = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function stampArrival(event, request, response) {
  if (event === "request") {
    const timing = { url: request.url, arrived: performance.now(), loaderStarted: 0, loaderEnded: 0, finished: 0 };
    request.headers[ARRIVED] = String(requests.length);
    requests.push(timing);
    response.once("finish", () => (timing.finished = performance.now()));
  }
  return emit.apply(this, arguments);
};

function timed(loader) {
  return async (args) => {
    const timing = requests[Number(args.request.headers.get(ARRIVED))];
    if (timing && !timing.loaderStarted) timing.loaderStarted = performance.now();
    try {
      return await loader(args);
    } finally {
      if (timing) timing.loaderEnded = Math.max(timing.loaderEnded, performance.now());
    }
  };
}

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const gcPauses = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    gcPauses.push({ at: entry.startTime, ms: entry.duration, kind: entry.detail?.kind });
}).observe({ entryTypes: ["gc"] });

// The measured part begins (after the start and a warm-up): what came before is dropped.
let measuredFrom = 0;
process.on("SIGUSR2", () => {
  measuredFrom = performance.now();
  delay.reset();
  gcPauses.length = 0;
  cpuAtStart = process.cpuUsage();
});
let cpuAtStart = process.cpuUsage();

process.on("exit", () => {
  if (!process.env.DIAGNOSIS_FILE) return;
  const ms = (ns) => ns / 1e6;
  writeFileSync(
    process.env.DIAGNOSIS_FILE,
    JSON.stringify({
      eventLoopDelay: {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      gcPauses,
      requests: requests.filter((request) => request.arrived >= measuredFrom),
      cpu: process.cpuUsage(cpuAtStart),
    })
  );
});

export const routes = Object.fromEntries(
  Object.entries(real.routes).map(([id, route]) => [
    id,
    { ...route, module: route.module.loader ? { ...route.module, loader: timed(route.module.loader) } : route.module },
  ])
);
export const { assets, assetsBuildDirectory, basename, entry, future, isSpaMode, mode, publicPath } = real;
