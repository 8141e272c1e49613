/** Field conversions shared by the import parsers: text cleanup, durations, yields, cuisine and occasion tags. */
import { normalizeText } from "../catalogue";
import { CUISINES, MEAL_OCCASIONS, type Cuisine, type MealOccasion } from "../constants";
import { leadingAmount, NUMBER } from "../quantity";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  deg: "°",
  ndash: "–",
  mdash: "—",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
  frac13: "⅓",
  frac23: "⅔",
  frac15: "⅕",
  frac25: "⅖",
  frac35: "⅗",
  frac45: "⅘",
  frac16: "⅙",
  frac56: "⅚",
  frac18: "⅛",
  frac38: "⅜",
  frac58: "⅝",
  frac78: "⅞",
  half: "½",
  frasl: "⁄",
  oelig: "œ",
  OElig: "Œ",
  eth: "ð",
  thorn: "þ",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  sbquo: "‚",
  bdquo: "„",
  middot: "·",
  bull: "•",
  minus: "−",
  plusmn: "±",
  divide: "÷",
  sup1: "¹",
  sup2: "²",
  sup3: "³",
  micro: "µ",
  prime: "′",
  Prime: "″",
  euro: "€",
  pound: "£",
  cent: "¢",
  iexcl: "¡",
  iquest: "¿",
  ordf: "ª",
  thinsp: " ",
  ensp: " ",
  emsp: " ",
  shy: "",
  zwj: "",
  zwnj: "",
  lrm: "",
  rlm: "",
  times: "×",
  ordm: "º",
  reg: "®",
  copy: "©",
  trade: "™",
  szlig: "ß",
  aelig: "æ",
  AElig: "Æ",
  oslash: "ø",
  Oslash: "Ø",
  ccedil: "ç",
  Ccedil: "Ç",
  ...accentedLetters(),
};

/** &agrave; &auml; &Ouml; &acirc; ...: the Latin letters with a grave, acute, circumflex, umlaut, tilde or ring. */
function accentedLetters(): Record<string, string> {
  const marks: Record<string, string> = {
    grave: "\u0300",
    acute: "\u0301",
    circ: "\u0302",
    tilde: "\u0303",
    uml: "\u0308",
    ring: "\u030a",
  };
  const letters: Record<string, string> = {};
  for (const base of "aeiouyAEIOUYnN") {
    for (const [name, mark] of Object.entries(marks)) {
      const letter = (base + mark).normalize("NFC");
      if (letter.length === 1) letters[base + name] = letter;
    }
  }
  return letters;
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    // own keys only: "&constructor;" is no entity
    const name = [body, body.toLowerCase()].find((key) => Object.hasOwn(NAMED_ENTITIES, key));
    return name === undefined ? entity : NAMED_ENTITIES[name];
  });
}

/** A tag; it ends at the next "<" too, so that text full of unclosed "<" is still read in one pass. */
const TAG = /<[^<>]*>/g;
/** Tags inside a line of text, which a browser shows without a space: "AJI-NO-MOTO<sup>®</sup>". */
const INLINE_TAG = /^<\/?(?:sup|sub|b|strong|i|em|u|small|mark|abbr|a|span|font)\b/i;

/** Windows-1252's characters for the bytes 0x80-0x9f, where it differs from Latin-1. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const CONTINUATION = `[\\u0080-\\u00bf${CP1252_HIGH}]`;
/**
 * UTF-8 read as Latin-1 or Windows-1252 by the page's maker ("1Â¼ cups", "CrÃ¨me fraÃ®che", "Itâ€™s"): a lead byte's
 * letter followed by as many continuation bytes' letters as it announces. No real text has "Â¼" or "Ã¨"; "×" (a
 * Hebrew letter's lead byte) is left out, as "2×½" is real text.
 */
const MISREAD_UTF8 = new RegExp(
  `(?:[\\u00c2-\\u00d6\\u00d8-\\u00df]${CONTINUATION}|[\\u00e0-\\u00ef]${CONTINUATION}{2}|[\\u00f0-\\u00f4]${CONTINUATION}{3})+`,
  "g"
);
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
/**
 * What misread UTF-8 in a recipe stands for: Latin letters and signs (Romanian "ș", "ț" too), Greek, Cyrillic,
 * punctuation, currency, "™", "℃", fractions, emoji. "NESTLÉ®" would read as IPA's "ɮ", "Spaß“" as N'Ko: real text.
 */
const PLAUSIBLE =
  /^[\u00a0-\u017f\u0218-\u021b\u0370-\u04ff\u2010-\u205f\u20a0-\u20bf\u2100-\u215f\u{1f300}-\u{1faff}]+$/u;
/** "Â¼", "Ã¨" and "â€™" are never real text; "Ä®" or "Å’" may be ("SMÅ®", "KÅ’S"). */
const SURE_MARK = /^[ÂÃâ]/;
/** Signs a word may end with: after an accented capital they are real text, not a misread letter. */
const SIGN_AFTER_WORD = /[’”“®©°·™]$/;
const LOWERCASE = /^\p{Ll}/u;

function isMisreadUtf8(run: string, decoded: string, before: string, after: string): boolean {
  if (!PLAUSIBLE.test(decoded)) return false;
  if (SURE_MARK.test(run) || [...decoded].length > 1) return true;
  // one letter such as "Å‚" (ł) or "Ä™" (ę): only inside a word in lower case ("bÅ‚ąd", "Å›wieże")
  return LOWERCASE.test(before) || (LOWERCASE.test(after) && !SIGN_AFTER_WORD.test(run));
}

/** Text whose UTF-8 was shown as Latin-1 or Windows-1252 read back as it was written; other text as it is. */
export function repairMisreadUtf8(text: string): string {
  return text.replace(MISREAD_UTF8, (run: string, offset: number) => {
    const bytes = Uint8Array.from(run, (char) => {
      const high = CP1252_HIGH.indexOf(char);
      return high >= 0 ? 0x80 + high : char.charCodeAt(0);
    });
    let decoded: string;
    try {
      decoded = strictUtf8.decode(bytes);
    } catch {
      return run;
    }
    const before = offset > 0 ? text[offset - 1] : "";
    const after = text[offset + run.length] ?? "";
    return isMisreadUtf8(run, decoded, before, after) ? decoded : run;
  });
}

/** Plain text from text that may hold HTML tags and entities, on one line. */
export function cleanText(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  return repairMisreadUtf8(decodeEntities(String(value).replace(TAG, (tag) => (INLINE_TAG.test(tag) ? "" : " "))))
    .replace(/[\u200b-\u200d\u2060-\u2064\ufeff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** "Step 2", "Schritt 2:", "Passo 2." before a step's text, or as a step's whole title. */
export const STEP_LABEL = /^(?:step|schritt|paso|passo|[ée]tape|stap|krok|steg|trin|l[ée]p[ée]s)\s*\d+\s*[:.|–—-]?\s*/i;

const LINE_BREAK = /<br\s*\/?>|<\/?(?:p|li|div|h[1-6]|ul|ol|tr)\b[^<>]*>|\r?\n/gi;

/** The lines of text that may hold HTML: split at line breaks and block tags, each cleaned, empty ones left out. */
export function htmlLines(value: string): string[] {
  return value.split(LINE_BREAK).map(cleanText).filter(Boolean);
}

/**
 * ISO-8601 durations, read leniently: "PT1H20M", "P1DT2H", "P2H10M" (no T), "PT0D4H45M", "PT1.5H",
 * "P0Y0M0DT0H45M0.000S", and a template's empty parts ("PTH30MS" is 30 minutes).
 */
const ISO_DURATION = /^P(?:T?(?:\d+(?:[.,]\d+)?)?[YWDHMS])+T?$/i;
const ISO_PART = /(\d+(?:[.,]\d+)?)([YWDHMS])/gi;
const MINUTES_PER: Record<string, number> = { Y: 525600, W: 10080, D: 1440, H: 60, M: 1, S: 1 / 60 };

function isoMinutes(text: string): number | null {
  if (text.length > 60 || !ISO_DURATION.test(text)) return null;
  const parts = [...text.matchAll(ISO_PART)];
  let minutes = 0;
  // recipes never last months: M is minutes wherever it stands
  for (const [, amount, letter] of parts)
    minutes += Number(amount.replace(",", ".")) * MINUTES_PER[letter.toUpperCase()];
  return parts.length > 0 ? minutes : null;
}

/** An amount of days or hours, as quantities write it ("2", "1.5", "1 1/2", "1½"). */
const TIME_AMOUNT = `(${NUMBER})`;
const TEXT_DAYS = new RegExp(String.raw`${TIME_AMOUNT}\s*(?:d|days?)\b`, "i");
const TEXT_HOURS = new RegExp(
  TIME_AMOUNT +
    String.raw`\s*(?:h|hrs?|hours?|std|stunden?|uur|timer?|heures?|horas?|ore|óra|godz(?:in[ay]?)?|час(?:а|ов)?|時間)(?![\p{L}\p{N}])`,
  "iu"
);
const TEXT_MINUTES =
  /(\d+)\s*(?:m|mins?|minutes?|minuten?|minutos?|minuti|minutter|perc|minut[ay]?|мин(?:ут[аы]?)?|分)(?![\p{L}\p{N}])/iu;
/** "1h10", "2h30": hours and the minutes written straight after the h. */
const HOURS_AND_MINUTES = /(\d+)\s*h\s*(\d{1,2})(?![\p{L}\p{N}])/iu;

function textMinutes(text: string): number | null {
  const glued = text.match(HOURS_AND_MINUTES);
  if (glued) return Number(glued[1]) * 60 + Number(glued[2]);
  const parts = [TEXT_DAYS, TEXT_HOURS, TEXT_MINUTES].map((pattern) => text.match(pattern)?.[1]);
  if (parts.every((part) => part === undefined)) return null;
  const [days, hours, minutes] = parts.map((part) => (part === undefined ? 0 : leadingAmount(part)?.amount ?? 0));
  return days * 1440 + hours * 60 + minutes;
}

/**
 * Minutes from an ISO-8601 duration ("PT1H20M" → 80, "P1DT2H"), a number of minutes, text like "1 hour 20 min",
 * or a schema.org Duration object; the first that tells of a list. Null when the value tells no positive duration.
 */
export function durationMinutes(value: unknown, depth = 0): number | null {
  if (depth > 3) return null;
  if (Array.isArray(value))
    return value.map((item) => durationMinutes(item, depth + 1)).find((minutes) => minutes !== null) ?? null;
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    for (const key of ["value", "@value", "duration", "maxValue", "minValue", "name", "text", "content"]) {
      const minutes = durationMinutes(object[key], depth + 1);
      if (minutes !== null) return minutes;
    }
    return null;
  }
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().slice(0, 200);
  // a negative ISO duration ("PT-471406H28M55S", a plugin's total from a bad date) says no time, not its digits
  if (/^-?P(?:T|\d|-)/i.test(text) && text.includes("-")) return null;
  const minutes = isoMinutes(text) ?? (/^\d+(?:\.\d+)?$/.test(text) ? Number(text) : textMinutes(text));
  return minutes !== null && minutes > 0 && Number.isFinite(minutes) ? Math.ceil(minutes - 1e-9) : null;
}

/** A number, or a range of two: "4", "4-6", "4 to 6", "4 à 6", "2 bis 3" (not "4 -6" nor "4- 5": a number, then other text). */
const YIELD_NUMBER = /(\d+(?:[.,]\d+)?)(?:(?:-|–|\s+(?:to|or|à|a|bis|tot|till|til|ou|o)\s+)(\d+(?:[.,]\d+)?))?/i;

/**
 * Servings from a yield: 4, "4 servings", "Serves 4-6" (→ 6: the list feeds up to six, as recipe-scrapers reads a
 * range), ["4", "4 servings"], {"value": 4}.
 */
export function servingsOf(value: unknown, depth = 0): number | null {
  if (depth > 3) return null;
  if (Array.isArray(value)) {
    // the item that says most: WP Recipe Maker lists ["11", "11-12 cookies"]
    const said = value.filter((item) => servingsOf(item, depth + 1) !== null);
    const longest = said.reduce<unknown>(
      (best, item) => (String(item).length > String(best ?? "").length ? item : best),
      undefined
    );
    return longest === undefined ? null : servingsOf(longest, depth + 1);
  }
  if (typeof value === "object" && value !== null) {
    const object = value as Record<string, unknown>;
    return servingsOf([object.value, object["@value"], object.minValue, object.name, object.text], depth + 1);
  }
  if (typeof value === "number") return Number.isFinite(value) && value >= 1 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const number = cleanText(value).match(YIELD_NUMBER);
  if (!number) return null;
  const [low, high] = [number[1], number[2]].map((text) => (text ? Number(text.replace(",", ".")) : 0));
  const servings = Math.round(Math.max(low, high));
  return servings >= 1 && servings <= 1000 ? servings : null;
}

/** Words in source tags that mean one of the spec's cuisines. */
const CUISINE_WORDS: Record<string, Cuisine> = {
  thai: "Southeast Asian",
  vietnamese: "Southeast Asian",
  filipino: "Southeast Asian",
  indonesian: "Southeast Asian",
  malaysian: "Southeast Asian",
  singaporean: "Southeast Asian",
  cambodian: "Southeast Asian",
  "southeast asian": "Southeast Asian",
  american: "American",
  southern: "American",
  cajun: "American",
  creole: "American",
  "tex mex": "Mexican",
  italian: "Italian",
  italiana: "Italian",
  italiano: "Italian",
  mexican: "Mexican",
  mexicana: "Mexican",
  indian: "Indian",
  "south indian": "Indian",
  "north indian": "Indian",
  pakistani: "Indian",
  fusion: "Fusion",
  brazilian: "South American",
  brasileira: "South American",
  peruvian: "South American",
  argentinian: "South American",
  argentine: "South American",
  colombian: "South American",
  venezuelan: "South American",
  chilean: "South American",
  "south american": "South American",
  "latin american": "South American",
  lebanese: "Middle Eastern",
  turkish: "Middle Eastern",
  persian: "Middle Eastern",
  iranian: "Middle Eastern",
  israeli: "Middle Eastern",
  syrian: "Middle Eastern",
  "middle eastern": "Middle Eastern",
  arabic: "Middle Eastern",
  mediterranean: "Mediterranean",
  greek: "Mediterranean",
  spanish: "Mediterranean",
  espanola: "Mediterranean",
  "cocina espanola": "Mediterranean",
  portuguese: "Mediterranean",
  moroccan: "Mediterranean",
  maltese: "Mediterranean",
};

/** Words in source categories and tags that mean one of the spec's meal occasions. */
const OCCASION_WORDS: Record<string, MealOccasion> = {
  breakfast: "Breakfast",
  brunch: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  "main course": "Dinner",
  main: "Dinner",
  "main dish": "Dinner",
  mains: "Dinner",
  entree: "Dinner",
  supper: "Dinner",
  hauptgericht: "Dinner",
  hoofdgerecht: "Dinner",
  snack: "Snack",
  snacks: "Snack",
  dessert: "Snack",
  desserts: "Snack",
  appetizer: "Snack",
  appetizers: "Snack",
  sweets: "Snack",
  sweet: "Snack",
  cookies: "Snack",
  cake: "Snack",
  starter: "Snack",
  "side dish": "Side Dish",
  "side dishes": "Side Dish",
  side: "Side Dish",
  sides: "Side Dish",
  party: "Party",
  "party food": "Party",
  "finger food": "Party",
};

function tagWords(values: unknown): string[] {
  const list = Array.isArray(values) ? values : [values];
  return list
    .flatMap((value) => (typeof value === "string" ? value.split(/[,;|]/) : []))
    .map(normalizeText)
    .filter(Boolean);
}

function mapTags<T extends string>(values: unknown, table: Record<string, T>, order: readonly T[]): T[] {
  const found = new Set(
    tagWords(values)
      .map((word) => table[word])
      .filter((value): value is T => value !== undefined)
  );
  return order.filter((value) => found.has(value));
}

/** The spec cuisines that source tags ("Thai", "Greek, Vegan") name; the rest are dropped. */
export function cuisinesOf(values: unknown): Cuisine[] {
  return mapTags(values, CUISINE_WORDS, CUISINES);
}

/** The spec meal occasions that source categories ("Dessert", "Main Course") name; the rest are dropped. */
export function occasionsOf(values: unknown): MealOccasion[] {
  return mapTags(values, OCCASION_WORDS, MEAL_OCCASIONS);
}
