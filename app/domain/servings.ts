/**
 * Scaling a recipe: its quantity texts re-rendered for another number of servings (sensible rounding, ½ and ¼,
 * g↔kg and ml↔l, spoons and cups kept, counts kept whole and flagged when rounded), and the factor that fits the
 * recipe to what the cook has ("Fit to my pantry"). Pure: the server and the browser scale with the same code.
 * Amounts are read with the one quantity reader (quantity.ts, decision 036).
 */
import { inflect } from "./unit-words";
import {
  leadingAmount,
  parseQuantity,
  plusAmount,
  sameAmountAgain,
  secondMeasure,
  isUnitQualifier,
  toGrams,
  UNIT_LETTERS,
  unitOf,
  VULGAR_CHARACTERS,
  withoutPlusMeasure,
  type Quantity,
  type Unit,
} from "./quantity";

export const MIN_SERVINGS = 1;
export const MAX_SERVINGS = 100;
export const SERVINGS_INVALID_MESSAGE = `Servings must be a whole number from ${MIN_SERVINGS} to ${MAX_SERVINGS}.`;

/** Units whose amounts are counted: shown whole (or ½ below one), never 2.7. A bare number (unit null) too. */
const COUNTED: ReadonlySet<Unit | null> = new Set<Unit | null>([
  null,
  "piece",
  "clove",
  "slice",
  "can",
  "handful",
  "bunch",
  "sprig",
  "stalk",
  "leaf",
  "stick",
  "cube",
  "block",
  "packet",
  "jar",
  "scoop",
  "knob",
]);
/** Kitchen measures shown with fractions, in the unit the recipe used. */
const FRACTIONAL: ReadonlySet<Unit | null> = new Set<Unit | null>([
  "cup",
  "tbsp",
  "tsp",
  "pinch",
  "dash",
  "oz",
  "lb",
  "fl oz",
  "pint",
  "quart",
  "gallon",
]);
/** Metric units moved between their small and large unit as the amount grows or shrinks. */
const METRIC: Partial<Record<Unit, { base: "g" | "ml"; per: number }>> = {
  mg: { base: "g", per: 0.001 },
  g: { base: "g", per: 1 },
  kg: { base: "g", per: 1000 },
  ml: { base: "ml", per: 1 },
  l: { base: "ml", per: 1000 },
};

export const isCounted = (unit: Unit | null) => COUNTED.has(unit);

const FRACTIONS: [number, string][] = [
  [0, ""],
  [1 / 8, "⅛"],
  [1 / 4, "¼"],
  [1 / 3, "⅓"],
  [1 / 2, "½"],
  [2 / 3, "⅔"],
  [3 / 4, "¾"],
  [1, ""],
];

/** 1.5 → "1½", 0.25 → "¼", 2 → "2": the nearest of eighths, quarters, thirds and halves; never "0". */
export function formatFraction(value: number): string {
  let whole = Math.floor(value);
  const rest = value - whole;
  let [fraction, glyph] = FRACTIONS.reduce((best, candidate) =>
    Math.abs(candidate[0] - rest) < Math.abs(best[0] - rest) ? candidate : best
  );
  if (fraction === 1) whole += 1;
  if (whole === 0 && fraction === 0) [fraction, glyph] = FRACTIONS[1];
  return whole === 0 ? glyph : `${whole}${fraction === 1 ? "" : glyph}`;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const trimmed = (value: number) => String(Number(value.toFixed(2)));

/** A metric amount as people write it: 0.3, 2.5, 35, 455 (to 5), 1.25 (kilos and litres to 0.05). */
function formatMetric(value: number, large: boolean): string {
  if (large) return trimmed(value < 10 ? roundTo(value, 0.05) : roundTo(value, 0.5));
  if (value < 1) return trimmed(Math.max(0.1, roundTo(value, 0.1)));
  if (value < 10) return trimmed(roundTo(value, 0.5));
  if (value < 100) return trimmed(Math.round(value));
  return trimmed(roundTo(value, 5));
}

/** A count kept a count: whole, or ½ below three quarters; `rounded` when that is not what the sum gave. */
export function roundCount(value: number): { value: number; rounded: boolean } {
  const shown = value < 0.75 ? 0.5 : Math.round(value);
  return { value: shown, rounded: Math.abs(shown - value) > 0.01 * Math.max(1, value) };
}

/** The metric unit an amount reads best in: grams under a kilo, kilos from it (and mg, ml, l alike). */
function metricUnit(unit: Unit, amount: number): { unit: Unit; amount: number } {
  const family = METRIC[unit];
  if (!family) return { unit, amount };
  const base = amount * family.per;
  if (family.base === "g") {
    if (base >= 1000) return { unit: "kg", amount: base / 1000 };
    if (base < 1 && unit === "mg") return { unit: "mg", amount: base * 1000 };
    return { unit: "g", amount: base };
  }
  return base >= 1000 ? { unit: "l", amount: base / 1000 } : { unit: "ml", amount: base };
}

/** One amount in a unit, as shown: "1.2", "¾", "3". */
function formatAmount(amount: number, unit: Unit | null): string {
  if (isCounted(unit)) {
    const { value } = roundCount(amount);
    return value === 0.5 ? "½" : String(value);
  }
  if (FRACTIONAL.has(unit)) return formatFraction(amount);
  if (unit === "mg") return String(Math.max(1, Math.round(amount)));
  return formatMetric(amount, unit === "kg" || unit === "l");
}

/** An amount with its unit as shown on its own: "1.2 kg", "½ cup", "3" (a count). */
export function renderAmount(amount: number, unit: Unit | null): string {
  const shown = unit ? metricUnit(unit, amount) : { unit, amount };
  const text = formatAmount(shown.amount, shown.unit);
  if (!shown.unit || shown.unit === "piece") return text;
  return `${text} ${inflect(shown.unit, shown.amount)}`;
}

const WORD = new RegExp(String.raw`^([${UNIT_LETTERS}]+)(\(s\)|\(es\))?(\.?)`);
const FLUID_OUNCES = /^(?:fl\.?\s*oz\.?|fluid\s+ounces?)/i;
/**
 * A bracket before the unit is the size of one unit ("1 (400 g) can") and scales with the count, as does the size
 * after "x" ("2 x 400 g / 14 oz cans").
 */
const SIZE_BRACKET = new RegExp(
  String.raw`^(?:\([^()]*\)|[x×]\s*[\d.,${VULGAR_CHARACTERS}/⁄]+\s*[A-Za-z]+\.?(?:\s*\/\s*[\d.,${VULGAR_CHARACTERS}]+(?:\s[${VULGAR_CHARACTERS}])?\s*[A-Za-z]+\.?)?)\s*`
);
/** "28-ounce " in "28-ounce can", "400g " in "400g tin": the size of each, when the line's unit comes after it. */
const SIZE_WORD = new RegExp(String.raw`^[\d.,${VULGAR_CHARACTERS}/⁄]+\s*-?\s*([A-Za-z]+)\.?\s+`);
function sizeBeforeUnit(text: string, unit: Unit | null): string {
  const size = text.match(SIZE_WORD);
  if (!size || unit === null || !unitOf(size[1]) || unitOf(size[1]) === unit) return "";
  const next = text.slice(size[0].length).match(WORD);
  return next && unitOf(next[1]) === unit ? size[0] : "";
}

const withoutSecondMeasure = (text: string, quantity: Quantity) => text.slice(secondMeasure(text, quantity));

/** Splits what follows the amount into the size bracket, the unit's words (size words kept) and the rest. */
function unitWords(rest: string, quantity: Quantity): { size: string; words: string[]; after: string } {
  const { unit } = quantity;
  let text = rest;
  const size = text.match(SIZE_BRACKET)?.[0] ?? sizeBeforeUnit(text, unit);
  text = text.slice(size.length);
  const words: string[] = [];
  const fluid = unit === "fl oz" ? text.match(FLUID_OUNCES) : null;
  if (fluid) {
    words.push(fluid[0]);
    text = text.slice(fluid[0].length);
  } else if (unit !== null) {
    for (let step = 0; step < 3; step++) {
      const word = text.match(WORD);
      // "heaping tablespoon": the word that says how full is kept before the unit
      const qualifier = step === 0 && word !== null && isUnitQualifier(word[1]);
      if (!word || (!unitOf(word[1]) && !qualifier)) break;
      words.push(word[0]);
      text = text.slice(word[0].length).replace(/^\s+/, "");
      if (unitOf(word[1]) === unit) break;
    }
  }
  // "500 ml 2 cups": the amount again in the other system no longer holds either
  const after = text.slice(sameAmountAgain(text, unit));
  // "1 cup (240 ml)", "100g/3½oz": a second measure of the whole amount no longer holds either
  return { size: size.trim(), words, after: withoutSecondMeasure(after, quantity) };
}

export interface ScaledQuantity {
  /** the quantity text for the new amount: "1.2 kg", "1½ cups, sifted", "3 large" */
  text: string;
  /** a count was rounded to stay a count */
  rounded: boolean;
  /** the amount the sum gave before a count was rounded ("2.7"), for saying so */
  exact: string | null;
}

const unchanged = (text: string): ScaledQuantity => ({ text, rounded: false, exact: null });

/**
 * Quantity text of a recipe line scaled by `factor`: its amount (both ends of a range) re-rendered, its unit
 * word kept (moved to kg/g or l/ml for metric amounts; singular or plural as the number asks) and its note
 * kept. Texts without an amount ("to taste") come back as they are.
 */
export function scaleQuantity(text: string, factor: number): ScaledQuantity {
  if (factor === 1 || !(factor > 0) || !Number.isFinite(factor)) return unchanged(text);
  const quantity = parseQuantity(text);
  const lead = leadingAmount(text);
  if (!lead || quantity.amount === null) return unchanged(text);
  // "1 cup plus 2 tablespoons" scales as the one amount it adds up to, in the first unit
  const plus = plusAmount(lead.rest, quantity.unit) !== null;
  const amount = (plus ? quantity.amount : lead.amount) * factor;
  const maxAmount = lead.maxAmount === undefined ? undefined : lead.maxAmount * factor;
  const { size, words, after: afterUnit } = unitWords(lead.rest, quantity);
  const after = plus ? withoutSecondMeasure(withoutPlusMeasure(afterUnit), quantity) : afterUnit;

  const metric = quantity.unit && METRIC[quantity.unit] ? metricUnit(quantity.unit, amount) : null;
  const unit = metric ? metric.unit : quantity.unit;
  const scale = metric ? metric.amount / amount : 1;
  const low = formatAmount(amount * scale, unit);
  const high = maxAmount === undefined ? null : formatAmount(maxAmount * scale, unit);
  const count = isCounted(unit) && high === null ? roundCount(amount) : null;

  const shownAmount = (maxAmount ?? amount) * scale;
  const unitText =
    metric && metric.unit !== quantity.unit
      ? [...words.slice(0, -1), metric.unit]
      : words.map((word, index) => (index === words.length - 1 ? inflect(word, shownAmount) : word));
  const parts = [high === null ? low : `${low}-${high}`, size, unitText.join(" ")].filter(Boolean).join(" ");
  // "1 (14½ oz) cans": the word after a size bracket is the unit counted, though the reader's unit is the size's
  const note =
    size && words.length === 0
      ? after.trim().replace(/^[A-Za-z]+/, (word) => inflect(word, shownAmount))
      : after.trim();
  const joined = note ? (/^[,;)]/.test(note) ? `${parts}${note}` : `${parts} ${note}`) : parts;
  if (!count?.rounded) return unchanged(joined);
  return { text: joined, rounded: true, exact: trimmed(Number(amount.toFixed(1))) };
}

/** A recipe line's quantity scaled by `factor`, as amounts (for weighing or deducting), or null without an amount. */
export function scaledAmount(text: string, factor: number): Quantity | null {
  const quantity = parseQuantity(text);
  if (quantity.amount === null || quantity.negligible) return null;
  const scaled: Quantity = { ...quantity, amount: quantity.amount * factor };
  if (quantity.maxAmount !== undefined) scaled.maxAmount = quantity.maxAmount * factor;
  return scaled;
}

/**
 * An amount in `from` expressed in `to` (grams through the ingredient's unit weights, or the same unit, or two
 * counts); null when the two cannot be compared (cups of something without a known weight against pieces).
 */
export function convertAmount(
  amount: number,
  from: Unit | null,
  to: Unit | null,
  unitWeights: Record<string, number>
): number | null {
  const counted = (unit: Unit | null) => unit === null || unit === "piece";
  if (from === to || (counted(from) && counted(to))) return amount;
  const grams = toGrams({ amount, unit: from, negligible: false }, unitWeights);
  const gramsPerOne = toGrams({ amount: 1, unit: to, negligible: false }, unitWeights);
  return grams === null || !gramsPerOne ? null : grams / gramsPerOne;
}

/** A recipe line for fitting: its quantity text, its ingredient's unit weights, and what the cook has of it. */
export interface FitLine {
  name: string;
  quantity: string;
  unitWeights: Record<string, number>;
  /** the pantry's amount of this ingredient; null when the cook has none or did not say how much */
  held: { quantity: number; unit: Unit | null } | null;
  /** the pantry item the amount is of: lines naming the same item (two lines of onion) draw on it together */
  pantryItem?: string;
}

export interface PantryFit {
  /** what every amount is multiplied by */
  factor: number;
  /** servings that factor makes (may be fractional: 2½) */
  servings: number;
  /** the line (or the pantry item several lines share) that runs out first: it is used up */
  limiting: string;
  /** the pantry holds less than one serving: the fit shows one serving and says so */
  belowOneServing: boolean;
}

/** The share of what the cook holds that one batch of the line uses; null when the two amounts do not compare. */
function shareUsedBy(line: FitLine): number | null {
  if (!line.held || !(line.held.quantity > 0)) return null;
  const needed = parseQuantity(line.quantity);
  if (needed.amount === null || needed.negligible) return null;
  const neededAmount = needed.maxAmount === undefined ? needed.amount : (needed.amount + needed.maxAmount) / 2;
  if (!(neededAmount > 0)) return null;
  const held = convertAmount(line.held.quantity, line.held.unit, needed.unit, line.unitWeights);
  const heldAmount = held ?? (needed.gramsPerUnit ? heldGramsIn(line, needed.gramsPerUnit) : null);
  return heldAmount === null || !(heldAmount > 0) ? null : neededAmount / heldAmount;
}

/**
 * The factor that uses up the limiting pantry ingredient: the smallest share (held ÷ needed, with the lines that
 * draw on one pantry item added up) among the lines whose pantry amount can be compared with the recipe's, so no
 * other ingredient is asked for beyond what the cook has. Never below one serving (then `belowOneServing`). Null
 * when no line has a comparable pantry amount.
 */
export function fitToPantry(lines: readonly FitLine[], baseServings: number): PantryFit | null {
  const used = new Map<string, { share: number; names: string[] }>();
  for (const line of lines) {
    const share = shareUsedBy(line);
    if (share === null) continue;
    const key = line.pantryItem ?? line.name;
    const item = used.get(key) ?? { share: 0, names: [] };
    used.set(key, { share: item.share + share, names: [...item.names, line.name] });
  }
  let best: { share: number; name: string } | null = null;
  for (const [key, item] of used) {
    const share = 1 / item.share;
    if (!best || share < best.share) best = { share, name: item.names.length === 1 ? item.names[0] : key };
  }
  if (!best) return null;
  const base = Math.max(MIN_SERVINGS, baseServings);
  const servings = base * best.share;
  if (servings < MIN_SERVINGS) {
    return { factor: MIN_SERVINGS / base, servings: MIN_SERVINGS, limiting: best.name, belowOneServing: true };
  }
  const capped = Math.min(servings, MAX_SERVINGS);
  return { factor: capped / base, servings: capped, limiting: best.name, belowOneServing: false };
}

/** What the cook holds of a line counted in packages of a stated weight ("1 (400 g) can"), in packages. */
function heldGramsIn(line: FitLine, gramsPerUnit: number): number | null {
  const grams = toGrams({ amount: line.held!.quantity, unit: line.held!.unit, negligible: false }, line.unitWeights);
  return grams === null ? null : grams / gramsPerUnit;
}

/** How many servings a number shows as: "4", "2½", "1¼". */
export const formatServings = (servings: number) => formatFraction(Math.floor(servings * 4) / 4 || 0.25);

/** The servings with their word: "1 serving", "½ serving", "2½ servings"; none at all (none eaten) "0 servings". */
export const servingsText = (servings: number) =>
  servings > 0 ? `${formatServings(servings)} ${servings > 1 ? "servings" : "serving"}` : "0 servings";

/** The scaling asked for in the address: `?servings=N` (1 to 100) or `?fit=pantry`; a bad number says why. */
export function readScaling(search: URLSearchParams): { servings: number | null; fit: boolean; error: string | null } {
  const fit = search.get("fit") === "pantry";
  const asked = search.get("servings");
  if (asked === null || asked.trim() === "") return { servings: null, fit, error: null };
  const servings = /^\s*\d{1,3}\s*$/.test(asked) ? Number(asked) : NaN;
  if (!(servings >= MIN_SERVINGS && servings <= MAX_SERVINGS)) {
    return { servings: null, fit: false, error: SERVINGS_INVALID_MESSAGE };
  }
  return { servings, fit: false, error: null };
}

/** The scaling part of an address ("?servings=6", "?fit=pantry", or ""), to keep it across a form's round trip. */
export function servingsQuery(search: URLSearchParams): string {
  const { servings, fit, error } = readScaling(search);
  if (error) return "";
  return fit ? "?fit=pantry" : servings === null ? "" : `?servings=${servings}`;
}
