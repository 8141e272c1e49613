/**
 * One ingredient line as written on a recipe page ("2 cloves garlic, smashed") split into the quantity text,
 * name and note the app stores, with parse-ingredient finding where the amount and unit end.
 */
import { parseIngredient } from "parse-ingredient";
import type { Catalogue } from "../catalogue";
import { AMOUNTLESS_QUANTITIES } from "../quantity";
import type { RecipeDraftLine } from "../recipe-analysis";
import { cleanText } from "./fields";

export interface IngredientLineParts {
  /** amount and unit as written: "2-3 large", "1 pound (500g)", "to taste", or "" */
  quantity: string;
  name: string;
  note?: string;
}

/** Count units the app's quantity parser knows (app/domain/quantity.ts) that parse-ingredient does not. */
const EXTRA_UNITS = {
  slice: { short: "slice", plural: "slices", alternates: ["rasher", "rashers"], type: "count" },
  handful: { short: "handful", plural: "handfuls", type: "count" },
  stalk: { short: "stalk", plural: "stalks", alternates: ["rib", "ribs"], type: "count" },
  tin: { short: "tin", plural: "tins", type: "count" },
  jar: { short: "jar", plural: "jars", type: "count" },
  packet: { short: "packet", plural: "packets", alternates: ["sachet", "sachets", "envelope", "envelopes"], type: "count" },
  knob: { short: "knob", plural: "knobs", type: "count" },
  cube: { short: "cube", plural: "cubes", type: "count" },
  block: { short: "block", plural: "blocks", type: "count" },
  scoop: { short: "scoop", plural: "scoops", type: "count" },
} as const;

const NO_AMOUNT = new RegExp(`\\b(${AMOUNTLESS_QUANTITIES.join("|")})\\b`, "i");
/** Phrases at the end of a name that only say how the ingredient is used. */
const TRAILING_USE = /(?<!\s)\s*\b(to taste|as needed|optional|for (?:serving|garnish|garnishing|frying|greasing|dusting|the pan)|to serve|to garnish)\b[\s\S]*$/i;

function formatAmount(amount: number): string {
  return String(Math.round(amount * 100) / 100);
}

/** The text before the description in the line, or the amount and unit rebuilt when the line puts them elsewhere. */
function quantityText(line: string, parsed: ReturnType<typeof parseIngredient>[number]): string {
  const at = line.lastIndexOf(parsed.description);
  if (parsed.description && at >= 0 && at + parsed.description.length === line.length) {
    return line.slice(0, at).replace(/(?<!\s)\s+of\s*$/i, "").trim();
  }
  if (parsed.quantity === null) return "";
  const amount = parsed.quantity2 === null ? formatAmount(parsed.quantity) : `${formatAmount(parsed.quantity)}-${formatAmount(parsed.quantity2)}`;
  return [amount, parsed.unitOfMeasure].filter(Boolean).join(" ");
}

/** Splits a line; null for an empty line or a group header ("For the icing:"). */
export function splitIngredientLine(rawLine: string): IngredientLineParts | null {
  const line = cleanText(rawLine)
    .replace(/^[-*•▢□✓]+\s*/, "")
    .replace(/^(?:a|an|one)\s+(?=[a-z])/i, "1 ");
  if (!line || line.endsWith(":")) return null;
  const [parsed] = parseIngredient(line, { additionalUOMs: EXTRA_UNITS });
  if (!parsed || parsed.isGroupHeader) return null;

  let quantity = quantityText(line, parsed);
  let description = parsed.description.trim() || line;
  // "(500g) spaghetti": a measure in brackets right after the unit belongs to the quantity
  const leadingMeasure = description.match(/^\(([^)]*)\)\s*/);
  if (leadingMeasure && quantity) {
    quantity = `${quantity} (${leadingMeasure[1].trim()})`;
    description = description.slice(leadingMeasure[0].length);
  }

  const notes: string[] = [];
  let name = description.replace(/\(([^()]*)\)/g, (_, inside: string) => {
    if (inside.trim()) notes.push(inside.trim());
    return " ";
  });
  const comma = name.indexOf(",");
  if (comma >= 0) {
    const rest = name.slice(comma + 1).trim();
    if (rest) notes.unshift(rest);
    name = name.slice(0, comma);
  }
  const use = name.match(TRAILING_USE);
  if (use && use.index! > 0) {
    notes.unshift(use[0].trim());
    name = name.slice(0, use.index);
  }
  name = name.replace(/\s+/g, " ").replace(/^[\s.;:-]+|(?<![\s.;:-])[\s.;:-]+$/g, "");
  if (!name) return null;
  if (!quantity) {
    const noAmount = notes.map((note) => note.match(NO_AMOUNT)?.[1]).find(Boolean);
    if (noAmount) quantity = noAmount.toLowerCase();
  }
  const note = notes.join(", ").replace(/\s+/g, " ").trim();
  return { quantity, name, ...(note ? { note } : {}) };
}

/** Words that make an ingredient the catalogue does not know a seasoning or dressing. */
const SEASONING_WORDS = /\b(salt|pepper|spices?|seasoning|sauce|dressing|vinegar|oil|ketchup|mustard|mayonnaise|stock cube|bouillon)\b/i;

/** Seasonings, spices, oils, sauces and dressings: catalogue type Seasoning or Oil and fat, else by name. */
export function isSeasoning(name: string, catalogue: Catalogue): boolean {
  const ingredient = catalogue.match(name);
  if (ingredient) return ingredient.type === "Seasoning" || ingredient.type === "Oil and fat";
  return SEASONING_WORDS.test(name);
}

/** The draft lines of a list of ingredient lines; headers and empty lines are left out. */
export function draftLines(lines: readonly string[], catalogue: Catalogue): RecipeDraftLine[] {
  return lines.flatMap((line) => {
    const parts = splitIngredientLine(line);
    if (!parts) return [];
    const draftLine: RecipeDraftLine = { name: parts.name, quantity: parts.quantity };
    if (parts.note) draftLine.note = parts.note;
    if (isSeasoning(parts.name, catalogue)) draftLine.seasoning = true;
    return [draftLine];
  });
}
