import { prisma } from "~/services/db.server";

/**
 * How long the database may take to answer before the process is reported unhealthy (a load balancer's usual
 * check timeout; a start-up's busy seconds on a loaded machine stay under it).
 */
const DATABASE_TIMEOUT_MS = 5_000;

export type Health = { status: "ok" | "unavailable"; database: "reachable" | "unreachable" } | { status: "stopping" };

/** Set by the graceful stop (app/cli/graceful-shutdown.mjs) once SIGTERM came. */
const STOPPING = Symbol.for("recipe-helper.stopping");

/** Whether this process can serve cooks: it is not stopping, and its database answers a trivial query in time. */
export async function health(): Promise<Health> {
  if ((globalThis as Record<symbol, unknown>)[STOPPING]) return { status: "stopping" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([prisma.$queryRaw`SELECT 1`, timeout]);
    return { status: "ok", database: "reachable" };
  } catch {
    return { status: "unavailable", database: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
