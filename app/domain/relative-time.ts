/** "5 minutes ago", "2 years ago": how long ago something happened, in the largest whole unit (seconds up to years). */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: [name: string, milliseconds: number][] = [
  ["year", YEAR],
  ["month", MONTH],
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
  ["second", SECOND],
];

/** Under a second, or a time slightly ahead of `now` (another machine's clock), reads as "just now". */
export function relativeTime(then: Date, now: Date): string {
  const elapsed = now.getTime() - then.getTime();
  for (const [name, milliseconds] of UNITS) {
    const count = Math.floor(elapsed / milliseconds);
    if (count >= 1) return `${count} ${name}${count === 1 ? "" : "s"} ago`;
  }
  return "just now";
}
