import { Prisma } from "~/generated/prisma/client";
import { inBackground } from "~/services/background.server";
import { requestClient } from "~/services/client.server";
import { prisma } from "~/services/db.server";
import { CLIENT_HEADERS } from "~/services/proxy.mjs";

const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

/** Deletes the counters whose window has ended, at most every ten minutes per process, after the answer. */
function sweepEndedWindows(now: number) {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  const ended = prisma.rateLimitCounter.deleteMany({ where: { expiresAt: { lte: BigInt(now) } } });
  void inBackground(ended, "Sweeping ended rate-limit windows failed");
}

/**
 * A limit of `limit` attempts per key in a window of `windowMs` that starts at the key's first attempt, counted in
 * the database (decision 084): every process of the app, and the next one after a restart, sees the same count.
 * `scope` names the limiter in the table and must be unique among limiters.
 */
export class RateLimiter {
  constructor(readonly scope: string, readonly limit: number, readonly windowMs: number) {
    if (!Number.isSafeInteger(limit) || limit < 1)
      throw new Error(`The limit of ${scope} must be a whole number above 0`);
  }

  /**
   * Counts one attempt for `key` and answers true, or answers false when the key is already at its limit (the
   * attempt is refused and not counted).
   */
  tryHit(key: string, now = Date.now()): Promise<boolean> {
    return tryHitAll([[this, key]], now);
  }

  /** Gives back an attempt `tryHit` counted (one that turned out not to count). */
  release(key: string): Promise<void> {
    return giveBack([[this, key]]);
  }

  /** Forgets the key's attempts. */
  async reset(key: string): Promise<void> {
    await prisma.rateLimitCounter.deleteMany({ where: { scope: this.scope, key } });
  }
}

type Hit = [RateLimiter, string];
const isHit = (scope: string, key: string) => Prisma.sql`("scope" = ${scope} AND "key" = ${key})`;

/**
 * Counts one attempt with every limiter, or with none: false (nothing counted) when any of them is at its limit.
 * One atomic upsert counts them all and increments a row only below its limiter's limit, so concurrent attempts
 * can never together pass a limit, and one statement is one write (one commit) however many limiters there are.
 */
export async function tryHitAll(hits: Hit[], now = Date.now()): Promise<boolean> {
  sweepEndedWindows(now);
  const at = BigInt(now);
  const rows = hits.map(
    ([limiter, key]) => Prisma.sql`(${limiter.scope}, ${key}, 1, ${BigInt(now + limiter.windowMs)})`
  );
  const limitOf = Prisma.join(
    // The limit written as a literal (an integer the code chose): PostgreSQL would read a parameter here as text.
    hits.map(([limiter]) => Prisma.sql`WHEN ${limiter.scope} THEN ${Prisma.raw(String(limiter.limit))}`),
    " "
  );
  // The table name qualifies the stored row's columns: PostgreSQL would find "count" ambiguous with "excluded".
  const counted = await prisma.$queryRaw<{ scope: string }[]>`
    INSERT INTO "RateLimitCounter" ("scope", "key", "count", "expiresAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("scope", "key") DO UPDATE SET
      "count" = CASE WHEN "RateLimitCounter"."expiresAt" <= ${at} THEN 1 ELSE "RateLimitCounter"."count" + 1 END,
      "expiresAt" = CASE WHEN "RateLimitCounter"."expiresAt" <= ${at}
        THEN excluded."expiresAt" ELSE "RateLimitCounter"."expiresAt" END
    WHERE "RateLimitCounter"."expiresAt" <= ${at}
      OR "RateLimitCounter"."count" < CASE "RateLimitCounter"."scope" ${limitOf} END
    RETURNING "scope"`;
  if (counted.length === hits.length) return true;
  const countedScopes = new Set(counted.map((row) => row.scope));
  await giveBack(hits.filter(([limiter]) => countedScopes.has(limiter.scope)));
  return false;
}

/**
 * Gives back attempts `tryHitAll` counted, in one write; with `forget`, the attempts of that limiter's key are
 * forgotten instead (its window ends), as after a right password.
 */
export async function giveBack(hits: Hit[], forget?: Hit): Promise<void> {
  const all = forget ? [...hits, forget] : hits;
  if (all.length === 0) return;
  const forgotten = forget ? isHit(forget[0].scope, forget[1]) : Prisma.sql`1 = 0`;
  await prisma.$executeRaw`
    UPDATE "RateLimitCounter" SET
      "count" = CASE WHEN ${forgotten} THEN 0 ELSE "count" - 1 END,
      "expiresAt" = CASE WHEN ${forgotten} THEN 0 ELSE "expiresAt" END
    WHERE "count" > 0 AND (${Prisma.join(
      all.map(([limiter, key]) => isHit(limiter.scope, key)),
      " OR "
    )})`;
}

/** Header set by the server bootstrap (app/cli/http-bootstrap.mjs) by the trusted-proxy rule; clients cannot forge it. */
export const CLIENT_ADDRESS_HEADER = CLIENT_HEADERS.address;

export function clientAddress(request: Request): string {
  return requestClient(request).address;
}
