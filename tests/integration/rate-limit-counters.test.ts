/** The limiter's counts in the database (decision 084): the window, giving an attempt back, and concurrent attempts. */
import { describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { RateLimiter, tryHitAll } from "~/services/rate-limit.server";

describe("RateLimiter", () => {
  it("refuses a key after the allowed attempts until its window, which starts at the first attempt, has ended", async () => {
    const limiter = new RateLimiter("test-window", 3, 1_000);
    const hits = [];
    for (const t of [0, 100, 200, 300]) hits.push(await limiter.tryHit("ana", t));
    expect(hits).toEqual([true, true, true, false]);
    expect(await limiter.tryHit("bob", 300)).toBe(true);
    expect(await limiter.tryHit("ana", 999)).toBe(false);
    expect(await limiter.tryHit("ana", 1_000)).toBe(true);
    expect(await limiter.tryHit("ana", 1_001)).toBe(true);
  });

  it("counts no more than the limit when 60 attempts arrive at once", async () => {
    const limiter = new RateLimiter("test-concurrent", 5, 60_000);
    const answers = await Promise.all(Array.from({ length: 60 }, () => limiter.tryHit("ana")));
    expect(answers.filter(Boolean)).toHaveLength(5);
    const row = await prisma.rateLimitCounter.findUnique({
      where: { scope_key: { scope: "test-concurrent", key: "ana" } },
    });
    expect(row?.count).toBe(5);
  });

  it("gives back a released attempt, and forgets a reset key", async () => {
    const limiter = new RateLimiter("test-release", 1, 60_000);
    expect(await limiter.tryHit("ana")).toBe(true);
    expect(await limiter.tryHit("ana")).toBe(false);
    await limiter.release("ana");
    expect(await limiter.tryHit("ana")).toBe(true);
    await limiter.reset("ana");
    expect(await limiter.tryHit("ana")).toBe(true);
  });

  it("counts an attempt with every limiter or with none", async () => {
    const perName = new RateLimiter("test-all-name", 5, 60_000);
    const perAddress = new RateLimiter("test-all-address", 1, 60_000);
    expect(
      await tryHitAll([
        [perName, "ana"],
        [perAddress, "192.0.2.1"],
      ])
    ).toBe(true);
    expect(
      await tryHitAll([
        [perName, "ana"],
        [perAddress, "192.0.2.1"],
      ])
    ).toBe(false);
    const row = await prisma.rateLimitCounter.findUnique({
      where: { scope_key: { scope: "test-all-name", key: "ana" } },
    });
    expect(row?.count).toBe(1);
  });

  it("keeps the count in the database: a limiter of another process (a new object) sees it", async () => {
    await new RateLimiter("test-shared", 2, 60_000).tryHit("ana");
    await new RateLimiter("test-shared", 2, 60_000).tryHit("ana");
    expect(await new RateLimiter("test-shared", 2, 60_000).tryHit("ana")).toBe(false);
  });
});
