import { requestClient } from "~/services/client.server";
import { CLIENT_HEADERS } from "~/services/proxy.mjs";

/**
 * In-memory sliding-window limiter (the app is deployed as a single Node process).
 * Each key keeps the timestamps of its recent hits.
 */
export class RateLimiter {
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

  /** Counts one attempt for `key`; false when the key is already at its limit (the attempt is refused and not counted). */
  tryHit(key: string, now = Date.now()): boolean {
    if (this.isLimited(key, now)) return false;
    this.hit(key, now);
    return true;
  }

  /** Gives back the latest attempt counted for `key` (one that turned out not to count). */
  release(key: string): void {
    const kept = this.hits.get(key)?.slice(0, -1) ?? [];
    if (kept.length) this.hits.set(key, kept);
    else this.hits.delete(key);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}

/** Header set by the server bootstrap (app/cli/http-bootstrap.mjs) by the trusted-proxy rule; clients cannot forge it. */
export const CLIENT_ADDRESS_HEADER = CLIENT_HEADERS.address;

export function clientAddress(request: Request): string {
  return requestClient(request).address;
}
