/**
 * The in-memory limiter the app used before decision 084 (8df6c02), kept only as the baseline of
 * bench/login-cost.ts: one process's memory, so a restart or a second process started again from zero.
 */
export class LegacyRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
    return kept;
  }

  isLimited(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  hit(key: string, now = Date.now()): void {
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}
