/**
 * Starts the real app the way `npm start` does (build if stale, migrate, seed, remix-serve with the bootstrap)
 * on a database of its own, and signs a user up, for benchmarks and load tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
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

/** A fresh SQLite database under tests/.tmp, as a DATABASE_URL. */
export function freshSqliteUrl(name: string): string {
  const file = path.resolve(`tests/.tmp/${name}.db`);
  for (const extra of ["", "-wal", "-shm"]) rmSync(file + extra, { force: true });
  return `file:${file}`;
}

/** Starts the server, and kills it again (it is detached from this process) if `url` never answers. */
async function startServer(child: ChildProcess, origin: string, url: string, timeoutMs: number): Promise<RunningServer> {
  const server = track(child, origin);
  try {
    await waitUntilUp(url, child, timeoutMs);
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

/** `npm start` on 127.0.0.1:port on the given database (migrated and seeded on first start). */
export async function startApp(port: number, databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn("npm", ["start"], {
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789abcdef0123456789",
      COOKIE_SECURE: "false",
      ...env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  return startServer(child, origin, `${origin}/login`, 300_000);
}

/** The bench/bare-app baseline, built and served by remix-serve like the app. */
export async function startBareApp(port: number): Promise<RunningServer> {
  const cwd = path.resolve("bench/bare-app");
  const build = spawn(path.resolve("node_modules/.bin/remix"), ["build"], { cwd, stdio: "ignore" });
  const [status] = await once(build, "exit");
  if (status !== 0) throw new Error("Building bench/bare-app failed");
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
