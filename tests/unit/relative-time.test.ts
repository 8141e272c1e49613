import { describe, expect, it } from "vitest";
import { relativeTime } from "~/domain/relative-time";

const now = new Date("2025-06-15T12:00:00Z");
const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it.each([
    [0, "just now"],
    [999, "just now"],
    [SECOND, "1 second ago"],
    [45 * SECOND, "45 seconds ago"],
    [MINUTE, "1 minute ago"],
    [59 * MINUTE + 59 * SECOND, "59 minutes ago"],
    [HOUR, "1 hour ago"],
    [23 * HOUR, "23 hours ago"],
    [DAY, "1 day ago"],
    [29 * DAY, "29 days ago"],
    [30 * DAY, "1 month ago"],
    [364 * DAY, "12 months ago"],
    [365 * DAY, "1 year ago"],
    [3 * 365 * DAY + 10 * DAY, "3 years ago"],
  ])("%i ms ago reads %s", (elapsed, text) => {
    expect(relativeTime(before(elapsed), now)).toBe(text);
  });

  it("reads a time slightly in the future (another clock) as just now", () => {
    expect(relativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe("just now");
  });
});
