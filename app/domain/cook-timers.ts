/**
 * Cook mode's pure rules: the durations a step names ("simmer 20 minutes", "1 hour", "10–12 min") as timers,
 * how a timer's time reads, and which of the recipe's ingredient lines a step uses.
 */

export interface StepDuration {
  /** the words of the step that name it ("10–12 min") */
  text: string;
  /** what the timer counts down: the lower end of a range, so the cook checks in time */
  seconds: number;
  /** the upper end of a range ("10–12 min"), null for a single time */
  upToSeconds: number | null;
  /** how the timer is named: "20 min", "1 hr 30 min", "10–12 min" */
  label: string;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  "forty-five": 45,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  "half a": 0.5,
  "half an": 0.5,
};

const VULGAR: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };

// Every quantifier is bounded, so a pattern attempt reads a few dozen characters at most: linear in the text.
const NUMBER =
  "(?:\\d{1,4} {1,2}\\d{1,2}\\/\\d{1,2}|\\d{1,4} ?[½¼¾⅓⅔]|\\d{1,4}(?:[.,]\\d{1,2})?|\\d{1,2}\\/\\d{1,2}|[½¼¾⅓⅔]|" +
  `${Object.keys(NUMBER_WORDS)
    .sort((a, b) => b.length - a.length)
    .join("|")})`;
const UNIT = "(seconds?|secs?|minutes?|mins?|hours?|hrs?)";
const RANGE_MARK = "\\s{0,3}(?:-|–|—|to|or)\\s{0,3}";
const DURATION = new RegExp(
  `(?<![\\w.,/½¼¾⅓⅔-])(${NUMBER})(?:${RANGE_MARK}(${NUMBER}))?[\\s-]{0,3}${UNIT}(?![\\w])` +
    // "1 hour 30 minutes", "1 hr and 15 min", "an hour and a half"
    `(?:(?:\\s{1,3}and)?\\s{1,3}(?:(a half)|(${NUMBER})[\\s-]{0,3}${UNIT}(?![\\w])))?`,
  "giu"
);

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

function unitSeconds(unit: string): number {
  const first = unit.toLowerCase()[0];
  // "secs" and "seconds" start with s, "mins"/"minutes" with m, "hours"/"hrs" with h
  return UNIT_SECONDS[first];
}

/** A number as a step writes it: "20", "1.5", "1,5", "1 1/2", "1½", "½", "twenty", "half an". */
export function readNumber(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (value in NUMBER_WORDS) return NUMBER_WORDS[value];
  if (value in VULGAR) return VULGAR[value];
  const mixed = /^(\d+) ?([½¼¾⅓⅔])$/.exec(value);
  if (mixed) return Number(mixed[1]) + VULGAR[mixed[2]];
  const fraction = /^(?:(\d+) )?(\d+)\/(\d+)$/.exec(value);
  if (fraction) {
    const denominator = Number(fraction[3]);
    if (denominator === 0) return null;
    return Number(fraction[1] ?? 0) + Number(fraction[2]) / denominator;
  }
  const plain = Number(value.replace(",", "."));
  return Number.isFinite(plain) ? plain : null;
}

/** Longest a timer may run: two days (a dough proving overnight is one, a typo of 2000 hours is not). */
export const LONGEST_TIMER_SECONDS = 48 * 3600;

/** The durations a step names, in the order it names them. */
export function durationsIn(step: string): StepDuration[] {
  const found: StepDuration[] = [];
  for (const match of step.matchAll(DURATION)) {
    const [text, first, second, unit, half, extraNumber, extraUnit] = match;
    const perUnit = unitSeconds(unit);
    const low = readNumber(first);
    const high = second === undefined ? null : readNumber(second);
    if (low === null || (second !== undefined && high === null)) continue;
    let extra = 0;
    if (half) extra = perUnit / 2;
    else if (extraNumber !== undefined && extraUnit !== undefined) {
      const amount = readNumber(extraNumber);
      // "1 hour 30 minutes" adds up; "20 minutes and 5 minutes" does not (the second is left out)
      if (amount !== null && unitSeconds(extraUnit) < perUnit) extra = amount * unitSeconds(extraUnit);
    }
    const seconds = Math.round(low * perUnit + extra);
    const upToSeconds = high === null ? null : Math.round(high * perUnit + extra);
    if (seconds <= 0 || seconds > LONGEST_TIMER_SECONDS) continue;
    if (upToSeconds !== null && (upToSeconds <= seconds || upToSeconds > LONGEST_TIMER_SECONDS)) continue;
    found.push({
      text: text.trim(),
      seconds,
      upToSeconds,
      label: upToSeconds === null ? formatDuration(seconds) : formatRange(seconds, upToSeconds),
    });
  }
  return found;
}

/** "45 s", "20 min", "1 hr", "1 hr 30 min", "1 min 30 s". */
export function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [hours ? `${hours} hr` : "", minutes ? `${minutes} min` : "", rest && !hours ? `${rest} s` : ""];
  return parts.filter(Boolean).join(" ") || "0 s";
}

/** "10–12 min" when both ends are whole minutes under an hour (or whole hours), else "1 hr–1 hr 30 min". */
function formatRange(low: number, high: number): string {
  if (low % 60 === 0 && high % 60 === 0 && high < 3600) return `${low / 60}–${high / 60} min`;
  if (low % 3600 === 0 && high % 3600 === 0) return `${low / 3600}–${high / 3600} hr`;
  return `${formatDuration(low)}–${formatDuration(high)}`;
}

/** A countdown as a clock reads it: "19:59", "1:00:00", and "0:00" once it has rung. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** Words that describe an ingredient rather than name it: "fresh basil" is used when a step says "basil". */
const DESCRIBING = new Set([
  "fresh",
  "large",
  "small",
  "medium",
  "chopped",
  "diced",
  "sliced",
  "minced",
  "ground",
  "dried",
  "whole",
  "ripe",
  "grated",
  "frozen",
  "canned",
  "cooked",
  "raw",
  "extra",
  "virgin",
  "unsalted",
  "salted",
  "plain",
  "boneless",
  "skinless",
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The word, or its plural, on its own in the text (ignoring case). */
function mentions(text: string, words: string): boolean {
  const stem = escapeRegExp(words.toLowerCase().replace(/(?:es|s)$/, ""));
  return new RegExp(`(?<![\\p{L}])${stem}(?:s|es)?(?![\\p{L}])`, "u").test(text.toLowerCase());
}

/**
 * The recipe's lines a step uses: a line whose name the step says ("tomatoes" for "tomato"), or whose name's last
 * naming word it says ("the beef" for "ground beef", "the chicken" for "chicken thighs" is not: the head is
 * "thighs"), in the recipe's order.
 */
export function stepIngredients<Line extends { name: string }>(step: string, lines: readonly Line[]): Line[] {
  return lines.filter((line) => {
    const name = line.name.trim();
    if (!name) return false;
    if (mentions(step, name)) return true;
    const naming = name
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 3 && !DESCRIBING.has(word));
    const head = naming.at(-1);
    return head !== undefined && mentions(step, head);
  });
}
