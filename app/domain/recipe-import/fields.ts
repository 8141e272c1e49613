/** Field conversions shared by the import parsers: text cleanup, durations, yields, cuisine and occasion tags. */
import { normalizeText } from "../catalogue";
import { CUISINES, MEAL_OCCASIONS, type Cuisine, type MealOccasion } from "../constants";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", frac12: "½", frac14: "¼", frac34: "¾", deg: "°",
  ndash: "–", mdash: "—", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", hellip: "…", eacute: "é", egrave: "è",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Plain text from text that may hold HTML tags and entities, on one line. */
export function cleanText(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  return decodeEntities(String(value).replace(/<[^<>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const ISO_DURATION =
  /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * Minutes from an ISO-8601 duration ("PT1H20M" → 80), a number of minutes, or text like "1 hour 20 min".
 * Null when the value tells no positive duration.
 */
export function durationMinutes(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  const iso = text.match(ISO_DURATION);
  let minutes: number;
  if (iso) {
    const [days, hours, mins, seconds] = iso.slice(1).map((part) => Number(part ?? 0));
    minutes = days * 1440 + hours * 60 + mins + seconds / 60;
  } else {
    // A number is only read from its first digit (the lookbehinds), which keeps the search linear in the length.
    const hours = text.match(/(?<![\d.])(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b/i);
    const mins = text.match(/(?<!\d)(\d+)\s*(?:m|mins?|minutes?)\b/i);
    if (!hours && !mins) return null;
    minutes = Number(hours?.[1] ?? 0) * 60 + Number(mins?.[1] ?? 0);
  }
  return minutes > 0 && Number.isFinite(minutes) ? Math.ceil(minutes) : null;
}

/** Servings from a yield: 4, "4 servings", "Serves 4-6" (→ 4), ["4", "4 servings"]. */
export function servingsOf(value: unknown): number | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const servings = servingsOf(item);
      if (servings !== null) return servings;
    }
    return null;
  }
  if (typeof value === "number") return Number.isFinite(value) && value >= 1 ? Math.round(value) : null;
  if (typeof value !== "string") return null;
  const number = value.match(/\d+/);
  if (!number) return null;
  const servings = Number(number[0]);
  return servings >= 1 && servings <= 1000 ? servings : null;
}

/** Words in source tags that mean one of the spec's cuisines. */
const CUISINE_WORDS: Record<string, Cuisine> = {
  thai: "Southeast Asian", vietnamese: "Southeast Asian", filipino: "Southeast Asian", indonesian: "Southeast Asian",
  malaysian: "Southeast Asian", singaporean: "Southeast Asian", cambodian: "Southeast Asian", "southeast asian": "Southeast Asian",
  american: "American", southern: "American", cajun: "American", creole: "American", "tex mex": "Mexican",
  italian: "Italian", italiana: "Italian", italiano: "Italian",
  mexican: "Mexican", mexicana: "Mexican",
  indian: "Indian", "south indian": "Indian", "north indian": "Indian", pakistani: "Indian",
  fusion: "Fusion",
  brazilian: "South American", brasileira: "South American", peruvian: "South American", argentinian: "South American",
  argentine: "South American", colombian: "South American", venezuelan: "South American", chilean: "South American",
  "south american": "South American", "latin american": "South American",
  lebanese: "Middle Eastern", turkish: "Middle Eastern", persian: "Middle Eastern", iranian: "Middle Eastern",
  israeli: "Middle Eastern", syrian: "Middle Eastern", "middle eastern": "Middle Eastern", arabic: "Middle Eastern",
  mediterranean: "Mediterranean", greek: "Mediterranean", spanish: "Mediterranean", "espanola": "Mediterranean",
  "cocina espanola": "Mediterranean", portuguese: "Mediterranean", moroccan: "Mediterranean", maltese: "Mediterranean",
};

/** Words in source categories and tags that mean one of the spec's meal occasions. */
const OCCASION_WORDS: Record<string, MealOccasion> = {
  breakfast: "Breakfast", brunch: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner", "main course": "Dinner", main: "Dinner", "main dish": "Dinner", mains: "Dinner", entree: "Dinner",
  supper: "Dinner", hauptgericht: "Dinner", hoofdgerecht: "Dinner",
  snack: "Snack", snacks: "Snack", dessert: "Snack", desserts: "Snack", appetizer: "Snack", appetizers: "Snack",
  sweets: "Snack", sweet: "Snack", cookies: "Snack", cake: "Snack", starter: "Snack",
  "side dish": "Side Dish", "side dishes": "Side Dish", side: "Side Dish", sides: "Side Dish",
  party: "Party", "party food": "Party", "finger food": "Party",
};

function tagWords(values: unknown): string[] {
  const list = Array.isArray(values) ? values : [values];
  return list
    .flatMap((value) => (typeof value === "string" ? value.split(/[,;|]/) : []))
    .map(normalizeText)
    .filter(Boolean);
}

function mapTags<T extends string>(values: unknown, table: Record<string, T>, order: readonly T[]): T[] {
  const found = new Set(tagWords(values).map((word) => table[word]).filter((value): value is T => value !== undefined));
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
