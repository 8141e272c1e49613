/**
 * Several ingredients typed or pasted at once on /search: "pork, tomato, onion", "eggs and bread", one a line,
 * with amounts kept ("2 eggs, 500 g chicken breast" → 2 eggs; chicken breast, 500 g).
 */
import { cleanName, MAX_INGREDIENT_NAME_LENGTH } from "./pantry";
import { isPantryUnit, MAX_AMOUNT, type PantryUnit } from "./pantry-units";
import { parseQuantity, splitLeadingQuantity } from "./quantity";

/** A list is read from at most this much text, into at most this many items. */
export const MAX_TYPED_LIST_LENGTH = 600;
export const MAX_TYPED_ITEMS = 20;

export interface TypedItem {
  /** the ingredient's wording, without the amount */
  name: string;
  /** the amount, when one was typed that a pantry item can hold; null otherwise */
  quantity: number | null;
  /** the amount's unit, null for a count ("2 eggs") */
  unit: PantryUnit | null;
}

const SEPARATORS = /[,;\n\r\t•·]+/;
const AND = /\s+(?:and|&|\+)\s+/i;

/** Whether the text holds more than one item, or one item with an amount: then /search offers it as a list. */
export function looksLikeList(text: string): boolean {
  const items = splitTypedList(text, () => false);
  return items.length > 1 || (items.length === 1 && items[0].quantity !== null);
}

/**
 * The items of a typed list, in order, repeats dropped. "and" splits a part unless the whole part is one
 * ingredient (`isOneIngredient("mac and cheese")`); a part without an amount stays as typed.
 */
export function splitTypedList(text: string, isOneIngredient: (phrase: string) => boolean): TypedItem[] {
  const parts = text
    .slice(0, MAX_TYPED_LIST_LENGTH)
    .split(SEPARATORS)
    .map(cleanName)
    .filter(Boolean)
    .flatMap((part) => (isOneIngredient(part) ? [part] : part.split(AND).map(cleanName).filter(Boolean)));
  const items: TypedItem[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const item = withAmount(part);
    const key = item.name.toLowerCase();
    if (!item.name || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
    if (items.length === MAX_TYPED_ITEMS) break;
  }
  return items;
}

/** "500 g chicken breast" → chicken breast, 500 g; "2 eggs" → eggs, 2; an amount no pantry item holds is dropped. */
function withAmount(part: string): TypedItem {
  const { quantity, rest } = splitLeadingQuantity(part);
  const name = cleanName(rest.replace(/^of\s+/i, "")).slice(0, MAX_INGREDIENT_NAME_LENGTH);
  if (!quantity || !name) return { name: part.slice(0, MAX_INGREDIENT_NAME_LENGTH), quantity: null, unit: null };
  const parsed = parseQuantity(quantity);
  const unit = parsed.unit ?? null;
  const amount = parsed.amount;
  if (amount === null || !(amount > 0) || amount >= MAX_AMOUNT || (unit !== null && !isPantryUnit(unit)))
    return { name, quantity: null, unit: null };
  return { name, quantity: amount, unit: unit === "piece" ? null : unit };
}
