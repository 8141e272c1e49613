/**
 * One ingredient line as written on a recipe page ("2 cloves garlic, smashed") split into the quantity text,
 * name and note the app stores. The leading quantity is found by the app's one quantity reader
 * (app/domain/quantity.ts), so every unit it knows is read the same way here and when weighing.
 */
import type { Catalogue } from "../catalogue";
import { AMOUNTLESS_QUANTITIES, splitLeadingQuantity } from "../quantity";
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
const BULLET = /^(?:[-*•▢□☐✓✔·]|\d+[.)](?=\s))+\s*/;
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

/** Splits a line; null for an empty line or a group header ("For the icing:"). */
export function splitIngredientLine(rawLine: string): IngredientLineParts | null {
  const line = cleanText(rawLine).slice(0, MAX_LINE_LENGTH).replace(BULLET, "");
  if (!line || isHeadingLine(line)) return null;
  const split = splitLeadingQuantity(line);
  // "500.0 g", "2.00 cups" as shop and CMS exports write them: the zeros say nothing ("1.000 g" is a thousand)
  let quantity = split.quantity.replace(/(\d)\.0{1,2}(?![\d])/g, "$1");
  const rest = split.rest;

  const notes: string[] = [];
  const { outside, inside } = splitBrackets(rest);
  notes.push(...inside);
  let name = outside;
  const comma = name.indexOf(",");
  if (comma >= 0) {
    const after = name.slice(comma + 1).trim();
    if (after) notes.unshift(after);
    name = name.slice(0, comma);
  }
  const use = name.match(TRAILING_USE);
  if (use && use.index! > 0) {
    notes.unshift(use[0].trim());
    name = name.slice(0, use.index);
  }
  name = name.replace(/\s+/g, " ").replace(/^[\s.;:/*-]+|[\s.;:/*-]+$/g, "");
  if (!name) {
    // "2 large" alone: the last word of the quantity is the name
    if (!quantity) return null;
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
