// A graceful stop on SIGTERM (and SIGINT), for a load balancer or an orchestrator replacing the process: the
// listening sockets close at once (new connections are refused, so the balancer sends them to another process),
// idle keep-alive connections are closed, every request already received is answered (with Connection: close;
// GET /healthz says 503 to a balancer still holding a connection),
// the work those requests started in the background ends, and then the process exits with status 0. Past
// SHUTDOWN_TIMEOUT_MS (default 25 s, below the usual 30 s before a SIGKILL) it exits anyway, with status 1.
import http from "node:http";

/** Set by app/services/background.server.ts: resolves once the work requests left running has ended. */
const BACKGROUND_WORK_ENDED = Symbol.for("recipe-helper.background-work-ended");
/** Read by GET /healthz (app/services/health.server.ts), which answers 503 from then on. */
const STOPPING = Symbol.for("recipe-helper.stopping");
const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 25_000);

const servers = new Set();
const inFlight = new Set();
let stopping = false;
let whenIdle = () => {};

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function listenAndRemember(...args) {
  servers.add(this);
  return listen.apply(this, args);
};

/** Counts the request until its answer is sent (or its client leaves); once stopping, its connection closes after. */
export function trackRequest(response) {
  inFlight.add(response);
  if (stopping) response.shouldKeepAlive = false;
  response.once("close", () => {
    inFlight.delete(response);
    if (inFlight.size === 0) whenIdle();
  });
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  globalThis[STOPPING] = true;
  console.log(`${signal}: refusing new connections, finishing ${inFlight.size} request(s) in flight...`);
  const deadline = setTimeout(() => {
    console.error(`Stopped after ${timeoutMs} ms with ${inFlight.size} request(s) unanswered`);
    process.exit(1);
  }, timeoutMs);
  deadline.unref();
  for (const response of inFlight) response.shouldKeepAlive = false;
  // remix-serve closes its server on the same signal; a server it did not close is closed here.
  setImmediate(() => {
    for (const server of servers) {
      if (server.listening) server.close();
      server.closeIdleConnections?.();
    }
  });
  if (inFlight.size > 0) await new Promise((resolve) => (whenIdle = resolve));
  await globalThis[BACKGROUND_WORK_ENDED]?.();
  process.exit(0);
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));
