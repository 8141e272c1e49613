/**
 * Rules for the user's ingredient list ("pantry", spec section 5): one entry per ingredient, compared through
 * the catalogue (so "Tomatoes", "tomato" and "cherry tomatoes" are one item), items without name or type
 * skipped, a manual name must not be blank, a name the catalogue does not know is typed 'Other'.
 */
import { editDistance, nameKey, type Catalogue, type CatalogueIngredient } from "./catalogue";
import { INGREDIENT_TYPES, OTHER_TYPE } from "./ingredient-types";

export const PANTRY_SOURCES = ["manual", "camera"] as const;
export type PantrySource = (typeof PANTRY_SOURCES)[number];

export interface PantryItem {
  /** identity in the list: the catalogue ingredient's name key, or the typed name's key for unknown names */
  key: string;
  /** as the user (or the camera) worded it */
  name: string;
  type: string;
  source: PantrySource;
  /** the photo a camera item was recognised in */
  captureId: string | null;
}

export const MAX_PANTRY_ITEMS = 100;
export const MAX_INGREDIENT_NAME_LENGTH = 60;
export const PANTRY_FULL_MESSAGE = `Your ingredient list is full (${MAX_PANTRY_ITEMS} items). Remove some before adding more.`;
export const NAME_REQUIRED_MESSAGE = "Please enter an ingredient name.";
export const NAME_TOO_LONG_MESSAGE = `Ingredient names can be at most ${MAX_INGREDIENT_NAME_LENGTH} characters.`;
export const TYPE_INVALID_MESSAGE = "Please choose one of the listed types.";

/** Types a user may give an item: the catalogue's eight, and 'Other'. */
export const PANTRY_TYPES = [...INGREDIENT_TYPES, OTHER_TYPE] as const;

/** The popup after adding (spec section 2, shown for 2 s). */
export const INGREDIENT_ADDED = "Ingredient added.";
export const INGREDIENT_ADDED_POPUP_MS = 2_000;

export const alreadyListedMessage = (name: string) => `${name} is already in your list.`;

/** Whitespace collapsed and trimmed: what is stored as the item's wording. */
export function cleanName(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export interface ResolvedName {
  key: string;
  name: string;
  type: string;
  /** the catalogue entry, when the name is one */
  ingredient: CatalogueIngredient | null;
}

/** Typos accepted as a catalogue name, as the matcher does: none up to 3 letters, then one per 4, at most 3. */
function isTypoOf(typed: string, ingredient: CatalogueIngredient): boolean {
  const allowance = typed.length <= 3 ? 0 : Math.min(3, Math.floor(typed.length / 4));
  return [ingredient.name, ...ingredient.aliases].some(
    (alias) => editDistance(typed, nameKey(alias), allowance) <= allowance,
  );
}

/**
 * What a typed name is in the list. A catalogue name, plural or synonym keeps the user's wording ("Prawns");
 * a misspelling of one ("tomatoe") takes the catalogue's name; anything else stays as typed, typed 'Other'.
 */
export function resolveName(catalogue: Catalogue, text: string): ResolvedName | null {
  const name = cleanName(text);
  const typed = nameKey(name);
  if (!typed) return null;
  const known = catalogue.find(name);
  if (known) return { key: nameKey(known.name), name, type: known.type, ingredient: known };
  const guessed = catalogue.match(name);
  if (guessed && isTypoOf(typed, guessed)) {
    return { key: nameKey(guessed.name), name: guessed.name, type: guessed.type, ingredient: guessed };
  }
  return { key: typed, name, type: OTHER_TYPE, ingredient: null };
}

/** Whether `ancestor` is a more general ingredient than `ingredient` (pork for pork shoulder), at any depth. */
function isMoreGeneral(catalogue: Catalogue, ancestor: CatalogueIngredient, ingredient: CatalogueIngredient): boolean {
  const seen = new Set<string>();
  let parent = ingredient.parent;
  while (parent !== null && !seen.has(parent)) {
    if (parent === ancestor.name) return true;
    seen.add(parent);
    parent = catalogue.byName(parent)?.parent ?? null;
  }
  return false;
}

/**
 * Whether a cook who has `held` has what a recipe asking for `asked` needs: the same ingredient, a more general
 * one ("pork" for pork shoulder) or a more specific one (cheddar for "cheese").
 */
export function covers(catalogue: Catalogue, held: CatalogueIngredient, asked: CatalogueIngredient): boolean {
  return held === asked || isMoreGeneral(catalogue, held, asked) || isMoreGeneral(catalogue, asked, held);
}

/** Anything stored or sent as a list item, checked; entries without a name or type are dropped. */
export function validItems(value: unknown): PantryItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): PantryItem[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const { key, name, type, source, captureId } = entry as Record<string, unknown>;
    if (typeof name !== "string" || !cleanName(name) || typeof type !== "string" || !type.trim()) return [];
    return [
      {
        key: typeof key === "string" && key ? key : nameKey(name),
        name: cleanName(name),
        type,
        source: source === "camera" ? "camera" : "manual",
        captureId: source === "camera" && typeof captureId === "string" ? captureId : null,
      },
    ];
  });
}

/**
 * `incoming` appended to `existing`, skipping keys already present (the first wording wins) and anything
 * past the size limit. Returns the new list and the items that made it in.
 */
export function mergeItems(
  existing: readonly PantryItem[],
  incoming: readonly PantryItem[],
  limit = MAX_PANTRY_ITEMS,
): { items: PantryItem[]; added: PantryItem[]; full: boolean } {
  const keys = new Set(existing.map((item) => item.key));
  const items = [...existing];
  const added: PantryItem[] = [];
  let full = false;
  for (const item of incoming) {
    if (keys.has(item.key)) continue;
    if (items.length >= limit) {
      full = true;
      break;
    }
    keys.add(item.key);
    items.push(item);
    added.push(item);
  }
  return { items, added, full };
}
