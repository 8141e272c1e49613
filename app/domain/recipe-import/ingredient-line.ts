/**
 * One ingredient line as written on a recipe page ("2 cloves garlic, smashed") split into the quantity text,
 * name and note the app stores. The leading quantity is found by the app's one quantity reader
 * (app/domain/quantity.ts), so every unit it knows is read the same way here and when weighing.
 */
import type { Catalogue } from "../catalogue";
import { AMOUNTLESS_QUANTITIES, OR_WORDS, splitLeadingQuantity, unitOf, VULGAR_CHARACTERS } from "../quantity";
import type { RecipeDraftLine } from "../recipe-analysis";
import type { RawEntry } from "./draft";
import { cleanText } from "./fields";

export interface IngredientLineParts {
  /** amount and unit as written: "2-3 large", "1 pound (500g)", "to taste", or "" */
  quantity: string;
  name: string;
  note?: string;
}

const NO_AMOUNT = new RegExp(`\\b(${AMOUNTLESS_QUANTITIES.join("|")})\\b`, "i");
/** Phrases at the end of a name that only say how the ingredient is used. */
const TRAILING_USE =
  /\s*\b(to taste|as needed|optional|if (?:you )?(?:like|desired|using|needed)|for (?:serving|garnish|garnishing|frying|greasing|dusting|the pan)|to serve|to garnish)\b.*$/i;
/**
 * "or" and an amount in the name: "olive oil or 1/4 cup water", "Öl oder 2 EL Butter", "huile ou 20 g de beurre"; not
 * a range in the name ("en trozos de 2 o 3 cm").
 */
const DIGIT = String.raw`[\d${VULGAR_CHARACTERS}]`;
const ALTERNATIVE = new RegExp(String.raw`(?<!${DIGIT})\s(?:${OR_WORDS})\s+(?=${DIGIT})`, "i");
const BULLET = /^(?:[-*•▢□☐✓✔·]|\d+[.)](?=\s))+\s*/;
/**
 * Past this a line is cut, before any pattern runs on it (and before its HTML is stripped, at twice the length): no
 * real ingredient line is near it, and every pattern below then costs a bounded time per line.
 */
const MAX_LINE_LENGTH = 500;

/** A line that names a group of the lines after it: "For the icing:", "Sauce:", "FOR THE DOUGH". */
export function isHeadingLine(line: string): boolean {
  const text = line.trim();
  if (text.length > 80 || /\d/.test(text.replace(/:$/, "").slice(0, 1))) return false;
  if (text.endsWith(":")) return text.split(/\s+/).length <= 10;
  return /^for (?:the )?[a-z]/i.test(text) && text.split(/\s+/).length <= 5 && !/[,.;]/.test(text);
}

/** Text outside brackets and the texts inside top-level brackets, however they nest; stray ")" are dropped. */
function splitBrackets(text: string): { outside: string; inside: string[] } {
  let outside = "";
  const inside: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(" || char === "[") {
      if (depth > 0) current += char;
      depth++;
    } else if ((char === ")" || char === "]") && depth > 0) {
      depth--;
      if (depth > 0) current += char;
      else {
        if (current.trim()) inside.push(current.trim());
        current = "";
        outside += " ";
      }
    } else if (char === ")" || char === "]") outside += " ";
    else if (depth > 0) current += char;
    else outside += char;
  }
  if (current.trim()) inside.push(current.trim());
  return { outside, inside };
}

/** "about" before an amount written after the name: "Süßkartoffel ca. 200 g", "Beurre : environ 120 g". */
const ABOUT = String.raw`(?:ca\.?|circa|about|approx\.?|env\.?|environ|cerca de|unos|unas|около)\s*`;
/** An amount and unit at the end of a line, after the name: "Beurre doux : 120 g", "Sel - 1 cuillère à café", "cebula 1 sztuka". */
const TRAILING_AMOUNT = new RegExp(
  String.raw`^(\D.*?)(?:\s*[-–:]\s*|\s+)((?:${ABOUT})?(?:\d|[½⅓⅔¼¾⅛])(?:(?<=\d),(?=\d)|[^,(])*)((?:[,(].*)?)$`,
  "iu"
);
/** Japanese puts the amount after the name: "玉ねぎ 1/4個(50g)", "薄力粉 大さじ1/2", "卵 2個". */
const TRAILING_AMOUNT_JAPANESE = /^(.+?)\s+((?:大さじ|小さじ|カップ|約)?\s*[\d０-９][^\s]*)$/u;

/**
 * The juice of a counted fruit: "Juice of 1/2 lemon", "Le jus d'1/2 citron", "Saft von 1 Zitrone". The amount counts
 * the fruit; the name keeps the juice ("Juice of lemon"), which is weighed, scaled and bought as such. Not the zest:
 * "Zest of 2 oranges" read as 2 would weigh two oranges.
 */
const JUICE_OF = new RegExp(
  String.raw`^((?:(?:the|le|la|el)\s+)?(?:juice|jus|saft|zumo|jugo|succo|suco|sumo|sap)` +
    String.raw`\s+(?:(?:of|from|de|von|di|van)\s+|d['’]\s*))(?=[\d½⅓⅔¼¾⅛])(.*)$`,
  "i"
);

/**
 * The line's quantity and the rest: the amount at its start, else one written after the name when all that follows
 * the name is an amount and units (a number alone must not be a grade, as in "farina 00").
 */
function splitQuantity(line: string): { quantity: string; rest: string } {
  const leading = splitLeadingQuantity(line);
  if (leading.quantity) return leading;
  const part = line.match(JUICE_OF);
  const fruit = part ? splitLeadingQuantity(part[2]) : null;
  if (part && fruit?.quantity && fruit.rest) {
    return { quantity: fruit.quantity, rest: `${part[1].replace(/d['’]\s*$/, "de ")}${fruit.rest}` };
  }
  const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(line)
    ? line.match(TRAILING_AMOUNT_JAPANESE)
    : null;
  if (japanese) return { quantity: japanese[2], rest: japanese[1] };
  const trailing = line.match(TRAILING_AMOUNT);
  // only notes may follow an amount after the name: "Beurre 120 g (doux)", not "Three 8-ounce (680g) packages cheese"
  if (!trailing || /^\s*[^\s,]/.test(splitBrackets(trailing[3]).outside)) return leading;
  const quantity = trailing[2].trim();
  const about = quantity.match(new RegExp(`^${ABOUT}`, "i"))?.[0] ?? "";
  const amount = splitLeadingQuantity(quantity.slice(about.length));
  // "120 g" at the very end: a unit with nothing after it is part of the amount here
  const onlyAmount = amount.quantity && (!amount.rest || unitOf(amount.rest) !== null);
  if (!onlyAmount || /^0\d/.test(amount.quantity)) return leading;
  // "ca." goes with the notes, so that the quantity reads as an amount
  const note = about ? ` (${about.trim()})` : "";
  return { quantity: quantity.slice(about.length), rest: `${trailing[1]}${note} ${trailing[3]}`.trim() };
}

/** Splits a line; null for an empty line or a group header ("For the icing:"). */
export function splitIngredientLine(rawLine: string): IngredientLineParts | null {
  return splitLine(rawLine, true);
}

/**
 * `rawLine` split; the text in its brackets is read as a line of its own only at the top (`outer`): a line of 500
 * nested "(" was read again at each of its levels.
 */
function splitLine(rawLine: string, outer: boolean): IngredientLineParts | null {
  const line = cleanText(rawLine.slice(0, 2 * MAX_LINE_LENGTH))
    .slice(0, MAX_LINE_LENGTH)
    .replace(BULLET, "")
    // "1, 14 oz can of milk", "1, 9-inch pie crust": a count and the size of each
    .replace(/^(\d+),\s+(?=\d)/, "$1 ");
  if (!line || isHeadingLine(line)) return null;
  const split = splitQuantity(line);
  // "500.0 g", "2.00 cups" as shop and CMS exports write them: the zeros say nothing ("1.000 g" is a thousand)
  let quantity = split.quantity.replace(/(\d)\.0{1,2}(?![\d])/g, "$1");
  const rest = split.rest;

  const notes: string[] = [];
  const { outside, inside } = splitBrackets(rest);
  // "1/2 cup (1 stick), unsalted butter": a comma after the bracket only ends the amount
  let name = outside.replace(/^\s*,\s*/, "");
  const inner =
    outer && !/[\p{L}\p{N}]/u.test(outside) && inside.length > 0 ? splitLine(inside.join(" "), false) : null;
  if (inner?.name) {
    // all after the amount is in brackets: "1 packet (2¼ tsp instant dry yeast)", "½ stick ((4 tbsp) butter)"
    name = inner.name;
    notes.push(...[inner.quantity, inner.note ?? ""].filter(Boolean));
  } else notes.push(...inside);
  // a decimal comma ("yoghurt 3,5 %") is no note's start
  const comma = name.search(/,(?!\d)|(?<!\d),/);
  if (comma >= 0) {
    const after = name.slice(comma + 1).trim();
    if (after) notes.unshift(after);
    name = name.slice(0, comma);
  }
  // "olive oil or 1/4 cup water": another ingredient, with its own amount, that may stand in is a note
  const alternative = name.match(ALTERNATIVE);
  if (alternative && alternative.index! > 0) {
    notes.unshift(name.slice(alternative.index!).trim());
    name = name.slice(0, alternative.index);
  }
  const use = name.match(TRAILING_USE);
  if (use && use.index! > 0) {
    notes.unshift(use[0].trim());
    name = name.slice(0, use.index);
  }
  name = name.replace(/\s+/g, " ").replace(/^[\s.;:/*-]+|[\s.;:/*-]+$/g, "");
  if (!name) {
    if (!quantity) return null;
    // "1 packet (2¼ tsp instant dry yeast)": the bracket read as a measure holds the name
    const bracket = outer ? quantity.match(/^([^()]+?)\s*\(([^()]+)\)$/) : null;
    const inner = bracket ? splitLine(bracket[2], false) : null;
    if (bracket && inner?.quantity && /\p{L}{3}/u.test(inner.name)) {
      const note = [inner.quantity, inner.note ?? ""].filter(Boolean).join(", ");
      return { quantity: bracket[1], name: inner.name, note };
    }
    // "2 large" alone: the last word of the quantity is the name
    return { quantity: "", name: quantity.replace(/^[\d\s./½⅓⅔¼¾-]+/, "") || quantity };
  }
  let note = notes.join(", ").replace(/\s+/g, " ").trim();
  if (!quantity) {
    const noAmount = note.match(NO_AMOUNT)?.[1];
    if (noAmount) {
      quantity = noAmount.toLowerCase();
      // said once: the quantity says it, the note keeps the rest
      note = note.replace(new RegExp(`(?:,\\s*)?\\b${noAmount}\\b(?:\\s*,)?`, "i"), "").replace(/^[\s,]+|[\s,]+$/g, "");
    }
  }
  return { quantity, name, ...(note ? { note } : {}) };
}

/** Words that make an ingredient the catalogue does not know a seasoning or dressing. */
const SEASONING_WORDS =
  /\b(salt|pepper|spices?|seasoning|sauce|dressing|vinegar|oil|ketchup|mustard|mayonnaise|stock cube|bouillon)\b/i;

/** Seasonings, spices, oils, sauces and dressings: catalogue type Seasoning or Oil and fat, else by name. */
export function isSeasoning(name: string, catalogue: Catalogue): boolean {
  const ingredient = catalogue.match(name);
  if (ingredient) return ingredient.type === "Seasoning" || ingredient.type === "Oil and fat";
  return SEASONING_WORDS.test(name);
}

/** The draft lines of a list of ingredient lines and group headings; each line keeps the heading it stands under. */
export function draftLines(entries: readonly RawEntry[], catalogue: Catalogue): RecipeDraftLine[] {
  let section: string | null = null;
  return entries.flatMap((entry) => {
    const text = cleanText(typeof entry === "string" ? entry : entry.heading);
    if (typeof entry !== "string" || isHeadingLine(text)) {
      if (text) section = text.replace(/:$/, "").trim();
      return [];
    }
    const parts = splitIngredientLine(text);
    if (!parts) return [];
    const draftLine: RecipeDraftLine = { name: parts.name, quantity: parts.quantity };
    if (parts.note) draftLine.note = parts.note;
    if (isSeasoning(parts.name, catalogue)) draftLine.seasoning = true;
    if (section) draftLine.section = section;
    return [draftLine];
  });
}
