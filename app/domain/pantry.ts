/**
 * Rules for the user's ingredient list ("pantry"): one entry per ingredient, compared through
 * the catalogue (so "Tomatoes", "tomato" and "cherry tomatoes" are one item), items without name or type
 * skipped, a manual name must not be blank, a name the catalogue does not know is typed 'Other'.
 */
import { editDistance, nameKey, type Catalogue, type CatalogueIngredient } from "./catalogue";
import { INGREDIENT_TYPES, OTHER_TYPE } from "./ingredient-types";
import {
  bestBeforeAfterMove,
  daysLeft,
  defaultStorage,
  estimateBestBefore,
  isRealDay,
  isStorage,
  isValidAmount,
  type Storage,
  UNIT_WITHOUT_AMOUNT_MESSAGE,
} from "./pantry-details";
import { isPantryUnit, type PantryUnit } from "./pantry-units";

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
  /** the database row of a signed-in cook's item; null for a guest's */
  id: number | null;
  /** raised by every change of a stored item (0 for a guest's), so that an edit made on a stale view is refused */
  version: number;
  /** optional amount: in `unit`, or a count when unit is null */
  quantity: number | null;
  unit: PantryUnit | null;
  storage: Storage;
  /** YYYY-MM-DD (UTC days) */
  addedOn: string;
  bestBefore: string;
}

/** An item as stored: where it is kept and its days may be missing (lists older than those fields). */
export type StoredPantryItem = Omit<PantryItem, "storage" | "addedOn" | "bestBefore"> & {
  storage: Storage | null;
  addedOn: string | null;
  bestBefore: string | null;
};

export const MAX_PANTRY_ITEMS = 100;
export const MAX_INGREDIENT_NAME_LENGTH = 60;
export const PANTRY_FULL_MESSAGE = `Your ingredient list is full (${MAX_PANTRY_ITEMS} items). Remove some before adding more.`;
export const NAME_REQUIRED_MESSAGE = "Please enter an ingredient name.";
export const NAME_TOO_LONG_MESSAGE = `Ingredient names can be at most ${MAX_INGREDIENT_NAME_LENGTH} characters.`;
export const TYPE_INVALID_MESSAGE = "Please choose one of the listed types.";

/** Types a user may give an item: the catalogue's eight, and 'Other'. */
export const PANTRY_TYPES = [...INGREDIENT_TYPES, OTHER_TYPE] as const;

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
    (alias) => editDistance(typed, nameKey(alias), allowance) <= allowance
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

/** Anything stored or sent as a list item, checked: entries without a name or type dropped, bad details forgotten. */
export function validItems(value: unknown): StoredPantryItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): StoredPantryItem[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const fields = entry as Record<string, unknown>;
    const { key, name, type, source, captureId, id, version, quantity, unit, storage, addedOn, bestBefore } = fields;
    if (typeof name !== "string" || !cleanName(name) || typeof type !== "string" || !type.trim()) return [];
    const amount = isValidAmount(quantity) ? quantity : null;
    return [
      {
        key: typeof key === "string" && key ? key : nameKey(name),
        name: cleanName(name),
        type,
        source: source === "camera" ? "camera" : "manual",
        captureId: source === "camera" && typeof captureId === "string" ? captureId : null,
        id: typeof id === "number" && Number.isSafeInteger(id) ? id : null,
        version: typeof version === "number" && Number.isSafeInteger(version) ? version : 0,
        quantity: amount,
        unit: amount !== null && isPantryUnit(unit) ? unit : null,
        storage: isStorage(storage) ? storage : null,
        addedOn: isRealDay(addedOn) ? addedOn : null,
        bestBefore: isRealDay(bestBefore) ? bestBefore : null,
      },
    ];
  });
}

/**
 * `incoming` appended to `existing`, skipping keys already present (the first wording wins) and anything
 * past the size limit. Returns the new list and the items that made it in.
 */
export function mergeItems<Item extends { key: string }>(
  existing: readonly Item[],
  incoming: readonly Item[],
  limit = MAX_PANTRY_ITEMS
): { items: Item[]; added: Item[]; full: boolean } {
  const keys = new Set(existing.map((item) => item.key));
  const items = [...existing];
  const added: Item[] = [];
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

const shelfLifeSubject = (catalogue: Catalogue, item: { key: string; type: string }) => ({
  ingredient: item.type === OTHER_TYPE ? null : catalogue.find(item.key),
});

/** The details a stored item lacks, from the catalogue: where it is normally kept, added today, its estimated day. */
export function completeItem(catalogue: Catalogue, item: StoredPantryItem, today: string): PantryItem {
  const subject = shelfLifeSubject(catalogue, item);
  const storage = item.storage ?? defaultStorage(subject);
  const addedOn = item.addedOn ?? today;
  return { ...item, storage, addedOn, bestBefore: item.bestBefore ?? estimateBestBefore(subject, storage, addedOn) };
}

/** A change of an item's details: a field left undefined stays as it was, null clears it (the day: estimated). */
export interface DetailsChange {
  quantity?: number | null;
  unit?: PantryUnit | null;
  storage?: Storage;
  bestBefore?: string | null;
}

/**
 * The item after a change of its details, checked. A day the cook gives wins; a move to another place with the
 * day left as it was moves the day (into the freezer it keeps longer); a cleared day is estimated again. An
 * amount cleared takes its unit with it; a unit given without an amount is refused.
 */
export function applyDetailsChange(
  catalogue: Catalogue,
  before: PantryItem,
  change: DetailsChange,
  today: string
): { ok: true; item: PantryItem } | { ok: false; message: string; field: "quantity" } {
  const quantity = change.quantity === undefined ? before.quantity : change.quantity;
  const keptUnit = quantity === null ? null : before.unit;
  const unit = change.unit === undefined ? keptUnit : change.unit;
  if (unit !== null && quantity === null) return { ok: false, message: UNIT_WITHOUT_AMOUNT_MESSAGE, field: "quantity" };
  const storage = change.storage ?? before.storage;
  const subject = shelfLifeSubject(catalogue, before);
  let bestBefore: string;
  if (change.bestBefore === null) bestBefore = estimateBestBefore(subject, storage, before.addedOn);
  else if (change.bestBefore !== undefined && change.bestBefore !== before.bestBefore) bestBefore = change.bestBefore;
  else bestBefore = bestBeforeAfterMove(subject, before, storage, today);
  return { ok: true, item: { ...before, quantity, unit, storage, bestBefore } };
}

/** Days left before the item's best-before day (0: today, negative: expired). */
export const daysLeftOf = (item: Pick<PantryItem, "bestBefore">, today: string) => daysLeft(item.bestBefore, today);

/** Home's "Use soon": what spoils within this many days. */
export const USE_SOON_DAYS = 3;

/** The items that spoil within USE_SOON_DAYS, expired ones included, soonest (most expired) first. */
export function spoilingSoon<Item extends Pick<PantryItem, "bestBefore" | "name">>(
  items: readonly Item[],
  today: string
) {
  return items
    .map((item) => ({ item, daysLeft: daysLeftOf(item, today) }))
    .filter(({ daysLeft }) => daysLeft <= USE_SOON_DAYS)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.item.name.localeCompare(b.item.name));
}

/** An item as the JSON calls send it (GET/POST /api/pantry, PUT /api/pantry/{id}). */
export function pantryItemJson(item: PantryItem, today: string) {
  return {
    id: item.id,
    ingredient_name: item.name,
    ingredient_type: item.type,
    quantity: item.quantity,
    unit: item.unit,
    storage: item.storage,
    best_before: item.bestBefore,
    added_at: item.addedOn,
    days_left: daysLeftOf(item, today),
    version: item.version,
  };
}
