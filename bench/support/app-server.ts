/**
 * Starts the real app the way `npm start` does (build if stale, migrate, seed, remix-serve with the bootstrap)
 * on a database of its own, and signs a user up, for benchmarks and load tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with status ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function track(child: ChildProcess, origin: string): RunningServer {
  return {
    origin,
    process: child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The server runs in its own process group (detached), so npm/tsx wrappers go with it.
      process.kill(-child.pid!, signal);
      await once(child, "exit");
    },
  };
}

/** A port on 127.0.0.1 nothing listens on now (for a server a test starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A fresh SQLite database under tests/.tmp, as a DATABASE_URL. */
export function freshSqliteUrl(name: string): string {
  const file = path.resolve(`tests/.tmp/${name}.db`);
  for (const extra of ["", "-wal", "-shm"]) rmSync(file + extra, { force: true });
  return `file:${file}`;
}

/** Starts the server, and kills it again (it is detached from this process) if `url` never answers. */
async function startServer(
  child: ChildProcess,
  origin: string,
  url: string,
  timeoutMs: number
): Promise<RunningServer> {
  const server = track(child, origin);
  try {
    await waitUntilUp(url, child, timeoutMs);
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

const appEnvironment = (port: number, databaseUrl: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
  COOKIE_SECURE: "false",
});

/** `npm start` on 127.0.0.1:port on the given database (migrated and seeded on first start). */
export async function startApp(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {}
): Promise<RunningServer> {
  const child = spawn("npm", ["start"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...appEnvironment(port, databaseUrl), ...env },
  });
  const origin = `http://127.0.0.1:${port}`;
  return startServer(child, origin, `${origin}/login`, 300_000);
}

/**
 * The server half of `npm start` alone (the build and database must be ready: startApp once before), with
 * extra options for node itself, which NODE_OPTIONS cannot carry (--cpu-prof), and optionally another server build
 * file and extra environment.
 */
export async function serveBuiltApp(
  port: number,
  databaseUrl: string,
  nodeOptions: string[],
  { build = path.join(process.env.BUILD_DIR ?? "build", "index.js"), env = {} as Record<string, string> } = {}
): Promise<RunningServer> {
  const serve = ["--import", "./app/cli/http-bootstrap.mjs", "node_modules/@remix-run/serve/dist/cli.js"];
  const child = spawn(process.execPath, [...nodeOptions, ...serve, build], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...appEnvironment(port, databaseUrl), ...env },
  });
  const origin = `http://127.0.0.1:${port}`;
  return startServer(child, origin, `${origin}/login`, 60_000);
}

/**
 * The bench/bare-app baseline, built and served by remix-serve like the app. With `routesOf` (a routes folder),
 * the same page in an app with a route of the same file name for each route there (each an empty page), so that
 * Remix matches every request against as many routes, ranked alike, as in that app.
 */
export async function startBareApp(port: number, routesOf?: string): Promise<RunningServer> {
  let cwd = path.resolve("bench/bare-app");
  if (routesOf) {
    const copy = path.resolve(`tests/.tmp/bare-app-${port}`);
    rmSync(copy, { recursive: true, force: true });
    for (const part of ["app", "remix.config.js", "package.json"])
      cpSync(path.join(cwd, part), path.join(copy, part), { recursive: true });
    for (const file of readdirSync(routesOf)) {
      const routeFile = path.join(copy, "app/routes", file.replace(/\.tsx?$/, ".tsx"));
      if (!existsSync(routeFile)) writeFileSync(routeFile, "export default function Empty() {\n  return null;\n}\n");
    }
    cwd = copy;
  }
  const build = spawn(path.resolve("node_modules/.bin/remix"), ["build"], { cwd, stdio: "ignore" });
  const [status] = await once(build, "exit");
  if (status !== 0) throw new Error(`Building ${cwd} failed`);
  const child = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    cwd,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
  });
  const origin = `http://127.0.0.1:${port}`;
  return startServer(child, origin, origin, 60_000);
}

/** Signs up (or logs in) a user through the real forms; returns the session cookie. */
export async function signIn(origin: string, username: string, password = "Bench1234"): Promise<string> {
  const post = (route: string, fields: Record<string, string>) =>
    fetch(`${origin}${route}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  await post("/signup", { username, email: `${username}@example.com`, password });
  const response = await post("/login", { username, password });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
  if (!cookie) throw new Error(`Login of ${username} failed with status ${response.status}`);
  return cookie.split(";")[0];
}

/** The ingredients the benchmark cook has, so that suggestions and the recipe screen have work to do. */
export const BENCH_PANTRY = ["tomato", "onion", "garlic", "chicken breast", "rice", "egg", "spinach", "cheddar cheese"];

/**
 * Signs `username` up on the running app and gives them BENCH_PANTRY; returns the session cookie and the
 * database client. DATABASE_URL must name the app's database before the call (the client connects at import).
 */
export async function signInBenchCook(origin: string, username: string) {
  const cookie = await signIn(origin, username);
  const { prisma } = await import("~/services/db.server");
  const user = await prisma.user.findUniqueOrThrow({ where: { username } });
  const { addToUserPantry } = await import("~/services/pantry-store.server");
  await addToUserPantry(user.id, BENCH_PANTRY);
  return { cookie, prisma };
}
