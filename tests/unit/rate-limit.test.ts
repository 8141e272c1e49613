import { describe, expect, it } from "vitest";
import { RateLimiter } from "~/services/rate-limit.server";

describe("RateLimiter", () => {
  it("limits a key after the allowed hits and forgets hits older than the window", () => {
    const limiter = new RateLimiter(3, 1_000);
    for (const t of [0, 100, 200]) limiter.hit("ana", t);
    expect(limiter.isLimited("ana", 300)).toBe(true);
    expect(limiter.isLimited("bob", 300)).toBe(false);
    expect(limiter.isLimited("ana", 1_050)).toBe(false);
  });
  it("reset clears a key", () => {
    const limiter = new RateLimiter(1, 1_000);
    limiter.hit("ana", 0);
    limiter.reset("ana");
    expect(limiter.isLimited("ana", 1)).toBe(false);
  });
});
