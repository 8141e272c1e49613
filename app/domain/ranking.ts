/**
 * Orders recipes for "what can I cook with what I have": rescue, then fit, within an urgency window
 * (docs/ranking.md explains the keys with worked examples). Pure: no database, no clock; the caller passes the
 * pantry, the choices (diets, occasions, quick filters) and the allergies to avoid as lists, so a household can
 * pass everyone's. The index over the cookbook holds an inverted index ingredient id → recipes (with each line's
 * weight), so a query visits only recipes sharing something with the pantry, and bit masks for tags, so a
 * filter costs one AND. Recipes can be added or replaced in place, so a change to the cookbook costs no rebuild.
 */
import { allergyMatches } from "./allergens";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "./constants";
import type { ShelfLife, Storage } from "./shelf-life";

export interface RankableRecipe {
  id: number;
  name: string;
  /** ingredient ids of the lines that are not staples (salt, oil, water...): what a cook may have to buy */
  keyIngredientIds: readonly number[];
  /** ingredient ids of every line, staples included, in recipe order */
  ingredientIds: readonly number[];
  /** grams of each line of `ingredientIds` (same order), null where the quantity does not tell; absent: unknown */
  ingredientGrams?: readonly (number | null)[];
  cuisines: readonly string[];
  occasions: readonly string[];
  diets: readonly string[];
  /** average review rating, null without reviews */
  rating: number | null;
  /** prep plus cooking time, null or absent when neither is known */
  minutes?: number | null;
  /** who may be suggested it: 0 or absent, everyone; else the id of the one user whose private recipe it is */
  visibleTo?: number;
}

/**
 * Recipes in columns, as a build reads a whole cookbook (recipeIndexFromColumns): recipe r is entry r of each
 * per-recipe array, and its lines are lines lineStarts[r] to lineStarts[r + 1]. Ids are distinct. The same
 * recipe as a RankableRecipe: cuisines, occasions and diets are the masks' bits (bitsOf), rating NaN for none,
 * minutes NaN for unknown, a line's grams NaN for unknown, and its ingredient one of the key ones when
 * lineIsKey is 1.
 */
export interface RecipeColumns {
  count: number;
  ids: Int32Array<ArrayBuffer>;
  names: string[];
  owners: Int32Array<ArrayBuffer>;
  dietMasks: Uint16Array<ArrayBuffer>;
  cuisineMasks: Uint16Array<ArrayBuffer>;
  occasionMasks: Uint8Array<ArrayBuffer>;
  ratings: Float64Array<ArrayBuffer>;
  minutes: Float32Array<ArrayBuffer>;
  lineStarts: Int32Array<ArrayBuffer>;
  lineIds: Int32Array<ArrayBuffer>;
  lineGrams: Float64Array<ArrayBuffer>;
  lineIsKey: Uint8Array<ArrayBuffer>;
}

/** What the index knows of a catalogue ingredient (app/domain/ranking-catalogue.ts builds these). */
export interface RankingIngredient {
  name: string;
  /** id of the more general ingredient it is a kind of (pork for pork shoulder), or null */
  parentId: number | null;
  /** the catalogue's figures; without them an undated item counts as keeping DEFAULT_DAYS_LEFT days */
  shelfLife?: ShelfLife;
  /** its allergen groups (milk, gluten...), to leave out what a cook is allergic to */
  allergens?: readonly string[];
  /** ingredients that stand in for it in a recipe, each up to a line of `upToGrams` (null: any amount) */
  standIns?: readonly { ingredientId: number; upToGrams: number | null }[];
}

export interface RankingPreferences {
  cuisines: readonly string[];
  dietaryPreferences: readonly string[];
  mealOccasions: readonly string[];
}

/** One item of the cook's pantry. */
export interface PantryEntry {
  ingredientId: number;
  /** the cook's wording ("cherry tomatoes"), said back in `uses` and `have`; the ingredient's name when absent */
  name?: string;
  /** grams the cook has; unknown when absent */
  grams?: number | null;
  /** days to its best-before day (negative once past); when absent, the ingredient's shelf life where it is kept */
  daysLeft?: number | null;
  /** where it is kept; when absent, the ingredient's usual place */
  storage?: Storage | null;
  /** "Cook with these": when any item is marked, only recipes using a marked one are suggested */
  mustUse?: boolean;
}

/** The screen's quick filters (docs/ranking.md "Choices"): each keeps only some recipes. */
export interface QuickFilters {
  /** at most this many non-staple ingredients to buy (0: ready now) */
  maxMissing?: number | null;
  /** ready within this many minutes (prep plus cooking); a recipe without times does not pass */
  maxMinutes?: number | null;
  /** only recipes of this cuisine */
  cuisine?: string | null;
}

export interface RankingQuery extends RankingPreferences {
  pantry: readonly PantryEntry[];
  /** the user asking: their private recipes are ranked with everyone's, others' never are; absent or null, a guest */
  viewerId?: number | null;
  /**
   * Allergies as written ("milk", "nuts", "shellfish"): recipes containing any are left out (counted in
   * `hiddenForAllergies`), or kept and marked when `showAllergens`. A list, so a caller can pass several people's.
   */
  allergies?: readonly string[];
  showAllergens?: boolean;
  filters?: QuickFilters;
}

/**
 * Pantry items fall in one of these windows of days left: expired or due today, due in 1–3 days, later. Food
 * that keeps long (more than PERISHABLE_DAYS, three weeks, where it is kept) is always "later": a date on flour
 * is one of quality, one on bread or carrots is not.
 */
export const URGENCY_WINDOWS = ["today", "soon", "later"] as const;
export const SOON_DAYS = 3;
export const PERISHABLE_DAYS = 21;
/** A chosen meal occasion filters the list when at least this many recipes for it use the pantry. */
export const OCCASION_FILTER_MINIMUM = 5;

/** ready: nothing to buy; few-missing: one or two non-staple ingredients to buy; rest: more. */
export const SUGGESTION_GROUPS = ["ready", "few-missing", "rest"] as const;
export type SuggestionGroup = (typeof SUGGESTION_GROUPS)[number];
/** The most non-staple ingredients a "few-missing" recipe lacks. */
export const FEW_MISSING = 2;

/** Days an undated item of an ingredient without shelf-life figures is taken to keep. */
export const DEFAULT_DAYS_LEFT = 7;
/** Weight of a recipe line whose quantity gives none. */
export const DEFAULT_LINE_GRAMS = 100;
/** When the cook gave no amount, a recipe is taken to rescue at most this much of an item (a usual pack). */
export const UNKNOWN_AMOUNT_CAP_GRAMS = 500;
/** What one item used counts when it stands in for the recipe's own ingredient (thigh for breast). */
export const STAND_IN_WORTH = 0.8;
/** Fit lost per ingredient to buy: eight things to buy weigh as much as one of the cook's items used. */
export const BUY_COST = 1 / 8;
/** Fit gained by a recipe of a chosen cuisine: half an item. */
export const CUISINE_LIFT = 0.5;
/** Rescue counts the share of an item used in quarters, so 450 g and 500 g of a 500 g pack weigh the same. */
const SHARE_STEPS = 4;
/** An item in a later urgent window than the recipe's own counts half in its rescue. */
const LATER_URGENT_WORTH = 0.5;
/** Days over which an item's urgency falls to a quarter (the last tie-break, urgency × grams). */
const URGENCY_DAYS = 3;

/** A pantry item a recipe uses, most urgent first. */
export interface UsedItem {
  name: string;
  daysLeft: number;
  /** grams of it the recipe would use (at most what the cook has), null when neither amount is known */
  grams: number | null;
  /** the recipe's ingredient it stands in for, when not its own (chicken breast for the cook's thigh) */
  standsInFor: string | null;
}

export interface RankedRecipe {
  recipeId: number;
  /**
   * the recipe's ingredients the cook has: the ingredient's name, or what the cook has and what it is for
   * ("chicken thigh (for chicken breast)", "pork (for ground pork)")
   */
  have: string[];
  /** names of the recipe's non-staple ingredients the cook lacks */
  missing: string[];
  /** the pantry's non-staple items the recipe uses, most urgent first */
  uses: UsedItem[];
  group: SuggestionGroup;
  /** the allergies of the query the recipe contains, as written; empty unless `showAllergens` */
  allergens: string[];
  /** the keys it was ranked by (docs/ranking.md) */
  window: (typeof URGENCY_WINDOWS)[number] | "none";
  rescue: number;
  fit: number;
}

/** A choice of the query that leaves recipes out. */
export type Choice =
  | { kind: "diet"; value: string }
  | { kind: "occasion"; value: string }
  | { kind: "ready" }
  | { kind: "quick" }
  | { kind: "cuisine"; value: string }
  | { kind: "use" };

export interface RankingPage {
  /** the page asked for, best first */
  recipes: RankedRecipe[];
  /** every recipe passing the choices (what paging goes through) */
  total: number;
  /** recipes passing every choice but containing one of the allergies: left out unless `showAllergens` */
  hiddenForAllergies: number;
  /**
   * "filter": the chosen occasions filter (OCCASION_FILTER_MINIMUM or more recipes for them use the pantry);
   * "closest": too few do, so those come first and the closest others follow; null: no occasion chosen
   */
  occasionMode: "filter" | "closest" | null;
  /** recipes for a chosen occasion that pass the other choices */
  occasionCount: number;
  /** each choice that alone leaves recipes out, with how many more would show without it */
  withoutChoice: { choice: Choice; more: number }[];
}

export interface RecipeIndex {
  /** recipes in the index */
  readonly size: number;
  /** bytes of the typed arrays it keeps (per slot, per ingredient entry and posting lists; not the names) */
  readonly bytes: number;
  /** The first `limit` recipes for the query. */
  rank(query: RankingQuery, limit: number): RankedRecipe[];
  /** Recipes `offset` to `offset + limit` for the query, with what the choices left out. */
  page(query: RankingQuery, offset: number, limit: number): RankingPage;
  /** How many recipes carry every one of these diet tags (whoever may see them). */
  countWithDiets(diets: readonly string[]): number;
  /** Adds recipes, each replacing the one indexed under the same id. */
  put(recipes: readonly RankableRecipe[]): void;
  /** Takes out the recipes of these ids (ids it does not hold are passed over). */
  remove(ids: Iterable<number>): void;
  /** Sets every recipe's average rating; recipes missing from `ratings` have none. */
  setRatings(ratings: ReadonlyMap<number, number>): void;
  /** Sets the average rating of the recipes listed (null: no reviews left); ids it does not hold are passed over. */
  updateRatings(ratings: ReadonlyMap<number, number | null>): void;
}

/** How urgently an item with this many days left should be used: 1 today (or past), ½ in 1.2 days, ¼ in 3. */
export function urgency(daysLeft: number): number {
  return 1 / (1 + Math.max(0, daysLeft) / URGENCY_DAYS) ** 2;
}

/** Days the ingredient keeps where it is kept (its usual place when not told); DEFAULT_DAYS_LEFT without figures. */
export function keepingDays(ingredient: RankingIngredient | undefined, storage?: Storage | null): number {
  const shelfLife = ingredient?.shelfLife;
  return shelfLife ? shelfLife[storage ?? shelfLife.storage] : DEFAULT_DAYS_LEFT;
}

/** The urgency window (index into URGENCY_WINDOWS) of an item with these days left that keeps `keeps` days. */
export function urgencyWindow(daysLeft: number, keeps: number): number {
  if (keeps > PERISHABLE_DAYS) return 2;
  return daysLeft <= 0 ? 0 : daysLeft <= SOON_DAYS ? 1 : 2;
}

/** One bit per value of `known` present in `values` (diet and cuisine masks). */
export function bitsOf(values: readonly string[], known: readonly string[]): number {
  let mask = 0;
  for (const value of values) {
    const bit = known.indexOf(value);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask;
}

/** The values of `known` whose bits are set in `mask` (bitsOf read back). */
export function valuesOf(mask: number, known: readonly string[]): string[] {
  return known.filter((_, bit) => mask & (1 << bit));
}

/** NaN (how the arrays say "unknown") as null. */
const knownOrNull = (value: number): number | null => (value === value ? value : null);

/** Bits of a candidate's failed choices: the diets' own bits (DIETARY_PREFERENCES order), then these. */
const OCCASION_BIT = 1 << DIETARY_PREFERENCES.length;
const READY_BIT = OCCASION_BIT << 1;
const QUICK_BIT = OCCASION_BIT << 2;
const CUISINE_BIT = OCCASION_BIT << 3;
const USE_BIT = OCCASION_BIT << 4;
const CHOICE_BITS = DIETARY_PREFERENCES.length + 5;

interface Candidate {
  slot: number;
  /** 0 today, 1 soon, 2 later, 3 none of the cook's non-staple items */
  tier: number;
  rescue: number;
  fit: number;
  missing: number;
  rating: number;
  /** urgency × grams of the cook's food used: the last tie-break before the name */
  weight: number;
  name: string;
}

/** Negative when a ranks before b. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    a.tier - b.tier ||
    b.rescue - a.rescue ||
    b.fit - a.fit ||
    a.missing - b.missing ||
    b.rating - a.rating ||
    b.weight - a.weight ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.slot - b.slot
  );
}

/** The best `limit` candidates in order; copies of the scratch candidate go in, most refused by one comparison. */
class Top {
  readonly entries: Candidate[] = [];
  constructor(readonly limit: number) {}

  /** The last of a full top (a candidate that falls behind it on the first keys cannot enter), else null. */
  last(): Candidate | null {
    return this.entries.length === this.limit && this.limit > 0 ? this.entries[this.limit - 1] : null;
  }

  insert(candidate: Candidate): void {
    const { entries, limit } = this;
    if (limit === 0 || (entries.length === limit && compareCandidates(candidate, entries[limit - 1]) >= 0)) return;
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareCandidates(candidate, entries[middle]) < 0) high = middle;
      else low = middle + 1;
    }
    entries.splice(low, 0, { ...candidate });
    if (entries.length > limit) entries.pop();
  }
}

/**
 * How much longer a grown array is: a quarter, not double, so that the first save after a build of a million
 * recipes (whose arrays are made at their length) does not leave up to half of them spare.
 */
const GROWTH = 1.25;

/** The array, or a copy GROWTH times as long (at least `capacity`) when it is shorter than `capacity`. */
export function grown<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array>(
  array: T,
  capacity: number
): T {
  if (array.length >= capacity) return array;
  const larger = new (array.constructor as new (length: number) => T)(
    Math.max(capacity, Math.ceil(array.length * GROWTH), 16)
  );
  larger.set(array);
  return larger;
}

/** The array itself when it has this length, else a copy of its first `length` values. */
function atLength<T extends { length: number; slice(start: number, end: number): T }>(array: T, length: number): T {
  return array.length === length ? array : array.slice(0, length);
}

/** Slots of the recipes using one ingredient, with the grams of that line (NaN: unknown). */
export class Postings {
  slots = new Int32Array(0);
  grams = new Float32Array(0);
  length = 0;

  /** Lists of a known length, filled in order by fill(). */
  static ofLength(length: number): Postings {
    const list = new Postings();
    list.slots = new Int32Array(length);
    list.grams = new Float32Array(length);
    return list;
  }

  fill(slot: number, grams: number): void {
    this.slots[this.length] = slot;
    this.grams[this.length++] = grams;
  }

  push(slot: number, grams: number | null): void {
    this.slots = grown(this.slots, this.length + 1);
    this.grams = grown(this.grams, this.length + 1);
    this.slots[this.length] = slot;
    this.grams[this.length++] = grams ?? Number.NaN;
  }
}

/** A pantry item as the query uses it: one per ingredient, the most urgent date and the amounts added up. */
interface QueryItem {
  ingredientId: number;
  name: string;
  daysLeft: number;
  /** null: unknown */
  grams: number | null;
  urgency: number;
  window: number;
  mustUse: boolean;
}

/** How a recipe ingredient is covered by the pantry: by which item, at what worth, up to which line weight. */
interface Cover {
  item: QueryItem;
  worth: number;
  upToGrams: number | null;
}

/** Per-slot figures of one query, kept between queries (zero outside one) so queries allocate little. */
class QueryScratch {
  /**
   * Two 32-bit words per slot, side by side so the pantry walk touches one place per posting: at 2·slot the lines
   * covered (LINE_COVERED each, and KEY_LINE_COVERED more for a key line), at 2·slot + 1 (as `worth`, a view of
   * the same buffer) Σ worth of the key lines covered.
   */
  counts = new Uint32Array(0);
  worth = new Float32Array(0);
  /** rescue of the items due today, and of those due soon */
  today = new Float32Array(0);
  soon = new Float32Array(0);
  allergyBits = new Uint32Array(0);
  /** 1 where the recipe uses an item marked mustUse */
  usesMarked = new Uint8Array(0);
  touched = new Int32Array(0);

  grow(capacity: number): void {
    if (this.counts.length < 2 * capacity) {
      // all zero between queries: nothing to copy
      const buffer = new ArrayBuffer(8 * Math.max(capacity, this.counts.length, 16));
      this.counts = new Uint32Array(buffer);
      this.worth = new Float32Array(buffer);
    }
    this.today = grown(this.today, capacity);
    this.soon = grown(this.soon, capacity);
    this.allergyBits = grown(this.allergyBits, capacity);
    this.usesMarked = grown(this.usesMarked, capacity);
    this.touched = grown(this.touched, capacity);
  }
}

/** A line covered by the pantry counts in the low 16 bits of a slot's counts, a key line also in the high 16. */
const LINE_COVERED = 1;
const KEY_LINE_COVERED = 1 << 16;

/** Slots are visited in order, not in the order touched, when more than one in this many was touched. */
const IN_ORDER_SHARE = 16;

/** Flags of an ingredient a slot holds: a line of the recipe, and one of its key (non-staple) ingredients. */
const LINE_FLAG = 1;
const KEY_FLAG = 2;

/**
 * The index's ingredient entries, written one recipe at a time and one line at a time: load() and put() both write
 * a recipe's entries through it. Each ingredient once per recipe, in the order of its first line, the lines' grams
 * added up as lineGrams adds them (unknown ones left out, unless all are unknown), the flags or-ed together.
 */
class EntriesWriter {
  ids: Int32Array<ArrayBuffer>;
  grams: Float64Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  length = 0;
  private recipeStart = 0;
  /** per ingredient id, 1 + its entry in the recipe being written (one before recipeStart: another recipe's) */
  private seen: Int32Array<ArrayBuffer>;

  /** Room for `capacity` entries and ingredient ids up to `largestId` (both grow when more come). */
  constructor(capacity = 0, largestId = 0) {
    this.ids = new Int32Array(capacity);
    this.grams = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.seen = new Int32Array(largestId + 1);
  }

  /** Starts the next recipe's entries, with room for `lines` more. */
  startRecipe(lines: number): void {
    this.recipeStart = this.length;
    const needed = this.length + lines;
    if (needed > this.ids.length) {
      this.ids = grown(this.ids, needed);
      this.grams = grown(this.grams, needed);
      this.flags = grown(this.flags, needed);
    }
  }

  /** One line of the recipe (grams NaN: unknown); at most as many as startRecipe made room for. */
  add(id: number, grams: number, flags: number): void {
    if (id >= this.seen.length) this.seen = grown(this.seen, id + 1);
    const known = this.seen[id] - 1;
    if (known < this.recipeStart) {
      this.seen[id] = this.length + 1;
      this.ids[this.length] = id;
      this.grams[this.length] = grams;
      this.flags[this.length++] = flags;
      return;
    }
    const before = this.grams[known];
    if (before !== before) this.grams[known] = grams;
    else if (grams === grams) this.grams[known] = before + grams;
    this.flags[known] |= flags;
  }

  /** No spare room (a whole cookbook loaded: its arrays kept at their length). */
  trim(): void {
    this.ids = atLength(this.ids, this.length);
    this.grams = atLength(this.grams, this.length);
    this.flags = atLength(this.flags, this.length);
  }
}

/**
 * Every recipe has a slot; a replaced recipe leaves a dead slot behind (skipped by queries) and takes a new one,
 * so updates never rewrite posting lists. When dead slots outnumber live ones, the index is laid out afresh.
 * A slot keeps its recipe in typed arrays, not as the object it was given (a million recipes' objects would take
 * gigabytes): the id and name, and its ingredients (each once: the lines' own, then key ones without a line) with
 * their grams and flags; recipeAt puts the recipe together again for the few a query describes.
 */
class SlottedRecipeIndex implements RecipeIndex {
  private slotCount = 0;
  private ids = new Int32Array(0);
  /** per slot; undefined for a dead slot */
  private names: (string | undefined)[] = [];
  /** the slot's ingredients are entries entryStarts[slot] to entryStarts[slot + 1] */
  private entryStarts = new Int32Array(1);
  private entries = new EntriesWriter();
  /** the entries' arrays (the writer's, kept here for the queries) */
  private entryIds = new Int32Array(0);
  /** the lines' grams added up per ingredient, NaN where unknown */
  private entryGrams = new Float64Array(0);
  private entryFlags = new Uint8Array(0);
  private slotOf = new Map<number, number>();
  private deadSlots = 0;
  private dietMasks = new Uint16Array(0);
  private cuisineMasks = new Uint16Array(0);
  private occasionMasks = new Uint8Array(0);
  private keyTotals = new Uint16Array(0);
  private ratings = new Float64Array(0);
  /** minutes to make, NaN when unknown */
  private minutes = new Float32Array(0);
  /** per slot: 0, everyone's recipe; else the id of the user whose private recipe it is */
  private owners = new Int32Array(0);
  private keyPostings = new Map<number, Postings>();
  private staplePostings = new Map<number, Postings>();
  private scratch = new QueryScratch();
  private readonly relatives: (id: number) => readonly number[];

  constructor(private readonly ingredients: ReadonlyMap<number, RankingIngredient>) {
    this.relatives = familyOf(ingredients);
  }

  get size(): number {
    return this.slotOf.size;
  }

  get bytes(): number {
    let bytes = 0;
    for (const array of [
      this.ids,
      this.entryStarts,
      this.entryIds,
      this.entryGrams,
      this.entryFlags,
      this.dietMasks,
      this.cuisineMasks,
      this.occasionMasks,
      this.keyTotals,
      this.ratings,
      this.minutes,
      this.owners,
    ])
      bytes += array.byteLength;
    for (const postings of [this.keyPostings, this.staplePostings]) {
      for (const list of postings.values()) bytes += list.slots.byteLength + list.grams.byteLength;
    }
    return bytes;
  }

  put(recipes: readonly RankableRecipe[]): void {
    for (const recipe of recipes) {
      this.kill(recipe.id);
      this.append(recipe);
    }
    if (this.deadSlots > this.slotOf.size) this.layOutAfresh();
  }

  remove(ids: Iterable<number>): void {
    for (const id of ids) this.kill(id);
    if (this.deadSlots > this.slotOf.size) this.layOutAfresh();
  }

  /** Leaves the slot of the recipe with this id (if any) dead: posting lists keep it, queries skip it. */
  private kill(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.names[slot] = undefined;
    // no viewer has id -1: queries skip the dead slot without reading the recipe
    this.owners[slot] = -1;
    this.deadSlots++;
  }

  setRatings(ratings: ReadonlyMap<number, number>): void {
    for (const [id, slot] of this.slotOf) this.ratings[slot] = ratings.get(id) ?? 0;
  }

  updateRatings(ratings: ReadonlyMap<number, number | null>): void {
    for (const [id, rating] of ratings) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.ratings[slot] = rating ?? 0;
    }
  }

  countWithDiets(diets: readonly string[]): number {
    const required = bitsOf(diets, DIETARY_PREFERENCES);
    let count = 0;
    for (const slot of this.slotOf.values()) if ((this.dietMasks[slot] & required) === required) count++;
    return count;
  }

  private append(recipe: RankableRecipe): void {
    const slot = this.slotCount++;
    this.slotOf.set(recipe.id, slot);
    const capacity = slot + 1;
    this.ids = grown(this.ids, capacity);
    this.ids[slot] = recipe.id;
    this.names[slot] = recipe.name;
    this.dietMasks = grown(this.dietMasks, capacity);
    this.cuisineMasks = grown(this.cuisineMasks, capacity);
    this.occasionMasks = grown(this.occasionMasks, capacity);
    this.keyTotals = grown(this.keyTotals, capacity);
    this.ratings = grown(this.ratings, capacity);
    this.minutes = grown(this.minutes, capacity);
    this.owners = grown(this.owners, capacity);
    this.owners[slot] = recipe.visibleTo ?? 0;
    this.dietMasks[slot] = bitsOf(recipe.diets, DIETARY_PREFERENCES);
    this.cuisineMasks[slot] = bitsOf(recipe.cuisines, CUISINES);
    this.occasionMasks[slot] = bitsOf(recipe.occasions, MEAL_OCCASIONS);
    this.ratings[slot] = recipe.rating ?? 0;
    this.minutes[slot] = recipe.minutes ?? Number.NaN;
    const entries = this.entries;
    const start = entries.length;
    entries.startRecipe(recipe.ingredientIds.length + recipe.keyIngredientIds.length);
    recipe.ingredientIds.forEach((id, line) =>
      entries.add(id, recipe.ingredientGrams?.[line] ?? Number.NaN, LINE_FLAG)
    );
    for (const id of recipe.keyIngredientIds) entries.add(id, Number.NaN, KEY_FLAG);
    this.entryStarts = grown(this.entryStarts, slot + 2);
    this.entryStarts[slot + 1] = entries.length;
    this.showEntries();
    let keys = 0;
    for (let entry = start; entry < entries.length; entry++) {
      const id = entries.ids[entry];
      if (entries.flags[entry] & KEY_FLAG) {
        keys++;
        this.post(this.keyPostings, id, slot, knownOrNull(entries.grams[entry]));
      } else this.post(this.staplePostings, id, slot, null);
    }
    this.keyTotals[slot] = keys;
  }

  /** The queries read the writer's arrays (made anew when they grow). */
  private showEntries(): void {
    this.entryIds = this.entries.ids;
    this.entryGrams = this.entries.grams;
    this.entryFlags = this.entries.flags;
  }

  /** The recipe of a live slot as the index knows it (each line's ingredient once, with its grams added up). */
  private recipeAt(slot: number): RankableRecipe {
    const ingredientIds: number[] = [];
    const ingredientGrams: (number | null)[] = [];
    const keyIngredientIds: number[] = [];
    for (let entry = this.entryStarts[slot]; entry < this.entryStarts[slot + 1]; entry++) {
      const id = this.entryIds[entry];
      const grams = this.entryGrams[entry];
      if (this.entryFlags[entry] & LINE_FLAG) {
        ingredientIds.push(id);
        ingredientGrams.push(knownOrNull(grams));
      }
      if (this.entryFlags[entry] & KEY_FLAG) keyIngredientIds.push(id);
    }
    return {
      id: this.ids[slot],
      name: this.names[slot]!,
      ingredientIds,
      ingredientGrams,
      keyIngredientIds,
      cuisines: valuesOf(this.cuisineMasks[slot], CUISINES),
      occasions: valuesOf(this.occasionMasks[slot], MEAL_OCCASIONS),
      diets: valuesOf(this.dietMasks[slot], DIETARY_PREFERENCES),
      rating: this.ratings[slot],
      minutes: knownOrNull(this.minutes[slot]),
      visibleTo: this.owners[slot],
    };
  }

  private post(postings: Map<number, Postings>, ingredientId: number, slot: number, grams: number | null): void {
    let list = postings.get(ingredientId);
    if (!list) postings.set(ingredientId, (list = new Postings()));
    list.push(slot, grams);
  }

  /**
   * Fills an empty index from columns in one pass, every array made at its final length (no doubling, no
   * spare): the same slots, entries and posting lists as put() of the recipes in that order.
   */
  load(columns: RecipeColumns): void {
    const { count, lineStarts, lineIds, lineGrams, lineIsKey } = columns;
    if (this.slotCount !== 0) throw new Error("load() fills an empty index");
    this.slotCount = count;
    this.ids = atLength(columns.ids, count);
    this.names = atLength(columns.names, count);
    this.owners = atLength(columns.owners, count);
    this.dietMasks = atLength(columns.dietMasks, count);
    this.cuisineMasks = atLength(columns.cuisineMasks, count);
    this.occasionMasks = atLength(columns.occasionMasks, count);
    this.minutes = atLength(columns.minutes, count);
    this.ratings = atLength(columns.ratings, count);
    for (let slot = 0; slot < count; slot++) {
      if (this.ratings[slot] !== this.ratings[slot]) this.ratings[slot] = 0; // NaN: no reviews
      this.slotOf.set(this.ids[slot], slot);
    }
    if (this.slotOf.size !== count) throw new Error("load() takes distinct recipe ids");

    // Each recipe's ingredients once (EntriesWriter), counted per ingredient for the posting lists.
    let largestId = 0;
    for (let line = 0; line < lineStarts[count]; line++) if (lineIds[line] > largestId) largestId = lineIds[line];
    const entries = new EntriesWriter(lineStarts[count], largestId);
    const entryStarts = new Int32Array(count + 1);
    const keyCounts = new Int32Array(largestId + 1);
    const stapleCounts = new Int32Array(largestId + 1);
    const keyTotals = new Uint16Array(count);
    for (let slot = 0; slot < count; slot++) {
      const start = entries.length;
      entries.startRecipe(lineStarts[slot + 1] - lineStarts[slot]);
      for (let line = lineStarts[slot]; line < lineStarts[slot + 1]; line++) {
        entries.add(lineIds[line], lineGrams[line], LINE_FLAG | (lineIsKey[line] ? KEY_FLAG : 0));
      }
      for (let entry = start; entry < entries.length; entry++) {
        if (entries.flags[entry] & KEY_FLAG) {
          keyCounts[entries.ids[entry]]++;
          keyTotals[slot]++;
        } else stapleCounts[entries.ids[entry]]++;
      }
      entryStarts[slot + 1] = entries.length;
    }
    entries.trim();
    this.entries = entries;
    this.entryStarts = entryStarts;
    this.showEntries();
    this.keyTotals = keyTotals;

    // Posting lists at their final length, filled in slot order (as put() appends them).
    const keyLists: Postings[] = [];
    const stapleLists: Postings[] = [];
    for (let id = 0; id <= largestId; id++) {
      if (keyCounts[id] > 0) this.keyPostings.set(id, (keyLists[id] = Postings.ofLength(keyCounts[id])));
      if (stapleCounts[id] > 0) this.staplePostings.set(id, (stapleLists[id] = Postings.ofLength(stapleCounts[id])));
    }
    for (let slot = 0; slot < count; slot++) {
      for (let entry = entryStarts[slot]; entry < entryStarts[slot + 1]; entry++) {
        const id = this.entryIds[entry];
        if (this.entryFlags[entry] & KEY_FLAG) keyLists[id].fill(slot, this.entryGrams[entry]);
        else stapleLists[id].fill(slot, Number.NaN);
      }
    }
  }

  private layOutAfresh(): void {
    const live = [...this.slotOf.values()].sort((a, b) => a - b).map((slot) => this.recipeAt(slot));
    this.slotCount = 0;
    this.names = [];
    this.entryStarts = new Int32Array(1);
    this.entries = new EntriesWriter();
    this.showEntries();
    this.slotOf = new Map();
    this.deadSlots = 0;
    this.keyPostings = new Map();
    this.staplePostings = new Map();
    for (const recipe of live) this.append(recipe);
  }

  /** The pantry as the query uses it: one item per ingredient, the most urgent date, the amounts added up. */
  private queryItems(pantry: readonly PantryEntry[]): QueryItem[] {
    const byIngredient = new Map<number, QueryItem>();
    for (const entry of pantry) {
      const ingredient = this.ingredients.get(entry.ingredientId);
      const keeps = keepingDays(ingredient, entry.storage);
      const daysLeft = entry.daysLeft ?? keeps;
      const grams = entry.grams ?? null;
      const dated = { daysLeft, urgency: urgency(daysLeft), window: urgencyWindow(daysLeft, keeps) };
      const known = byIngredient.get(entry.ingredientId);
      if (known) {
        known.mustUse ||= entry.mustUse === true;
        known.grams = known.grams === null || grams === null ? null : known.grams + grams;
        if (daysLeft < known.daysLeft) Object.assign(known, dated);
        continue;
      }
      byIngredient.set(entry.ingredientId, {
        ingredientId: entry.ingredientId,
        name: entry.name ?? ingredient?.name ?? String(entry.ingredientId),
        grams,
        ...dated,
        mustUse: entry.mustUse === true,
      });
    }
    return [...byIngredient.values()];
  }

  /**
   * Which recipe ingredients the pantry covers: each of an item's family (itself, more general and more
   * specific ingredients) in full, each of their stand-ins at STAND_IN_WORTH. A cover in full wins over a
   * stand-in; among equals, the more urgent item.
   */
  private covers(items: readonly QueryItem[]): Map<number, Cover> {
    const covers = new Map<number, Cover>();
    const offer = (id: number, cover: Cover) => {
      const known = covers.get(id);
      if (
        !known ||
        cover.worth > known.worth ||
        (cover.worth === known.worth && cover.item.daysLeft < known.item.daysLeft)
      )
        covers.set(id, cover);
    };
    for (const item of items) {
      const family = this.relatives(item.ingredientId);
      for (const id of family) offer(id, { item, worth: 1, upToGrams: null });
      for (const id of family) {
        for (const standIn of this.ingredients.get(id)?.standIns ?? []) {
          for (const relative of this.relatives(standIn.ingredientId)) {
            offer(relative, { item, worth: STAND_IN_WORTH, upToGrams: standIn.upToGrams });
          }
        }
      }
    }
    return covers;
  }

  /** Ingredient ids containing each allergy (bit i for allergy i), at most 32 allergies. */
  private allergyIngredients(allergies: readonly string[]): Map<number, number> {
    const bits = new Map<number, number>();
    allergies.slice(0, 32).forEach((allergy, bit) => {
      for (const id of allergyMatches(allergy, this.ingredients)) bits.set(id, (bits.get(id) ?? 0) | (1 << bit));
    });
    return bits;
  }

  rank(query: RankingQuery, limit: number): RankedRecipe[] {
    return this.page(query, 0, limit).recipes;
  }

  page(query: RankingQuery, offset: number, limit: number): RankingPage {
    const slotCount = this.slotCount;
    const scratch = this.scratch;
    scratch.grow(slotCount);
    const { counts, worth, today, soon, allergyBits, usesMarked, touched } = scratch;
    const items = this.queryItems(query.pantry);
    const mustUse = items.some((item) => item.mustUse);
    const urgent = items.some((item) => item.window < 2);
    const covers = this.covers(items);
    const coverOrder = new Map([...covers.keys()].map((id, position) => [id, position]));
    const emptyPantry = items.length === 0;
    // With nothing in the pantry every recipe is a candidate; otherwise only those sharing an ingredient. When they
    // may be many (the postings to walk, an upper bound), the slots are read in order (memory read in sequence,
    // not at random) and the walk need not list the slots it touches.
    let postings = 0;
    for (const [id, cover] of covers) {
      postings += this.keyPostings.get(id)?.length ?? 0;
      if (cover.worth === 1) postings += this.staplePostings.get(id)?.length ?? 0;
    }
    const inOrder = emptyPantry || postings * IN_ORDER_SHARE > slotCount;
    const listed = inOrder ? null : touched;
    let touchedCount = 0;
    for (const [id, cover] of covers) {
      const keyList = this.keyPostings.get(id);
      if (keyList) touchedCount = addCover(keyList, cover, scratch, listed, touchedCount);
      const staples = this.staplePostings.get(id);
      if (staples && cover.worth === 1) {
        for (let i = 0; i < staples.length; i++) {
          const slot = staples.slots[i];
          const at = slot << 1;
          if (counts[at] === 0 && listed) listed[touchedCount++] = slot;
          counts[at] += LINE_COVERED;
        }
      }
    }
    const allergyIds = this.allergyIngredients(query.allergies ?? []);
    for (const [id, bits] of allergyIds) {
      for (const list of [this.keyPostings.get(id), this.staplePostings.get(id)]) {
        if (!list) continue;
        for (let i = 0; i < list.length; i++) allergyBits[list.slots[i]] |= bits;
      }
    }

    const { names, dietMasks, keyTotals, cuisineMasks, occasionMasks, ratings, minutes, owners } = this;
    const viewer = query.viewerId ?? 0;
    const requiredDiets = bitsOf(query.dietaryPreferences, DIETARY_PREFERENCES);
    const chosenCuisines = bitsOf(query.cuisines, CUISINES);
    const chosenOccasions = bitsOf(query.mealOccasions, MEAL_OCCASIONS);
    const filters = query.filters ?? {};
    const maxMissing = filters.maxMissing ?? Number.POSITIVE_INFINITY;
    const maxMinutes = filters.maxMinutes ?? Number.POSITIVE_INFINITY;
    const cuisineFilter = filters.cuisine ? bitsOf([filters.cuisine], CUISINES) : 0;
    const showAllergens = query.showAllergens === true;
    const size = Math.max(0, offset) + Math.max(0, limit);
    const forOccasion = new Top(size);
    const others = new Top(size);
    // counted with the occasion as a filter, and without
    let passingWithOccasion = 0;
    let passingWithout = 0;
    let hiddenWithOccasion = 0;
    let hiddenWithout = 0;
    const failuresWithOccasion = new Int32Array(CHOICE_BITS);
    const failuresWithout = new Int32Array(CHOICE_BITS);
    let occasionCount = 0;
    const candidate: Candidate = { slot: 0, tier: 0, rescue: 0, fit: 0, missing: 0, rating: 0, weight: 0, name: "" };
    const visits = inOrder ? slotCount : touchedCount;
    for (let i = 0; i < visits; i++) {
      const slot = inOrder ? i : touched[i];
      const covered = counts[slot << 1];
      if (inOrder && !emptyPantry && covered === 0) continue;
      // Skipped before taking a place: another user's private recipe never pushes a recipe out of the top.
      if (owners[slot] !== 0 && owners[slot] !== viewer) continue;
      const keyHave = covered >>> 16;
      const missing = keyTotals[slot] - keyHave;
      const minutesToMake = minutes[slot];
      let failed = requiredDiets & ~dietMasks[slot];
      if (missing > maxMissing) failed |= READY_BIT;
      if (maxMinutes !== Number.POSITIVE_INFINITY && !(minutesToMake <= maxMinutes)) failed |= QUICK_BIT;
      if (cuisineFilter !== 0 && !(cuisineMasks[slot] & cuisineFilter)) failed |= CUISINE_BIT;
      if (mustUse && !usesMarked[slot]) failed |= USE_BIT;
      const occasionFits = chosenOccasions === 0 || (occasionMasks[slot] & chosenOccasions) !== 0;
      const withOccasion = occasionFits ? failed : failed | OCCASION_BIT;
      const allergic = allergyBits[slot] !== 0;
      countFailure(failuresWithOccasion, withOccasion);
      countFailure(failuresWithout, failed);
      if (failed === 0 && occasionFits && (emptyPantry || keyHave > 0) && !allergic) occasionCount++;
      if (failed !== 0) continue;
      if (allergic) {
        if (occasionFits) hiddenWithOccasion++;
        hiddenWithout++;
        if (!showAllergens) continue;
      }
      if (occasionFits) passingWithOccasion++;
      passingWithout++;
      // once enough recipes fit the chosen meal, the others are never shown: only counted
      if (!occasionFits && occasionCount >= OCCASION_FILTER_MINIMUM) continue;
      const top = occasionFits ? forOccasion : others;
      const tier = urgent && today[slot] > 0 ? 0 : urgent && soon[slot] > 0 ? 1 : keyHave > 0 ? 2 : 3;
      const rescue = tier === 0 ? today[slot] + LATER_URGENT_WORTH * soon[slot] : tier === 1 ? soon[slot] : 0;
      const fit =
        worth[(slot << 1) + 1] - BUY_COST * missing + (cuisineMasks[slot] & chosenCuisines ? CUISINE_LIFT : 0);
      // compared with the last of a full top on the keys known so far: most candidates stop here, unread
      const last = top.last();
      if (
        top.limit === 0 ||
        (last && (tier - last.tier || last.rescue - rescue || last.fit - fit || missing - last.missing) > 0)
      )
        continue;
      candidate.tier = tier;
      candidate.rescue = rescue;
      candidate.fit = fit;
      candidate.missing = missing;
      candidate.slot = slot;
      candidate.rating = ratings[slot];
      candidate.weight = this.usedWeight(slot, covers, coverOrder);
      candidate.name = names[slot]!;
      top.insert(candidate);
    }
    if (inOrder) {
      counts.fill(0, 0, 2 * slotCount);
      if (mustUse) usesMarked.fill(0, 0, slotCount);
      if (urgent) for (const array of [today, soon]) array.fill(0, 0, slotCount);
    } else {
      for (let i = 0; i < touchedCount; i++) {
        const slot = touched[i];
        counts[slot << 1] = counts[(slot << 1) + 1] = usesMarked[slot] = 0;
        today[slot] = soon[slot] = 0;
      }
    }
    for (const id of allergyIds.keys()) {
      for (const list of [this.keyPostings.get(id), this.staplePostings.get(id)]) {
        if (!list) continue;
        for (let i = 0; i < list.length; i++) allergyBits[list.slots[i]] = 0;
      }
    }

    const occasionMode = chosenOccasions === 0 ? null : occasionCount >= OCCASION_FILTER_MINIMUM ? "filter" : "closest";
    const ordered = occasionMode === "filter" ? forOccasion.entries : [...forOccasion.entries, ...others.entries];
    const allergies = query.allergies ?? [];
    return {
      recipes: ordered
        .slice(Math.max(0, offset), size)
        .map((found) => this.describe(this.recipeAt(found.slot), found, items, covers, allergies, allergyIds)),
      total: occasionMode === "filter" ? passingWithOccasion : passingWithout,
      hiddenForAllergies: occasionMode === "filter" ? hiddenWithOccasion : hiddenWithout,
      occasionMode,
      occasionCount,
      withoutChoice: choicesLeavingOut(
        occasionMode === "filter" ? failuresWithOccasion : failuresWithout,
        query,
        occasionMode === "filter"
      ),
    };
  }

  /**
   * Urgency × grams of the cook's food the recipe in `slot` uses: the last key before the name, so worked out
   * only for the few candidates that reach it. Added up cover by cover in the covers' order, with the lines'
   * grams as the posting lists hold them (32-bit), so it is the same figure to the last bit whichever way it is
   * reached.
   */
  private usedWeight(
    slot: number,
    covers: ReadonlyMap<number, Cover>,
    coverOrder: ReadonlyMap<number, number>
  ): number {
    const found: { position: number; cover: Cover; grams: number }[] = [];
    for (let entry = this.entryStarts[slot]; entry < this.entryStarts[slot + 1]; entry++) {
      if (!(this.entryFlags[entry] & KEY_FLAG)) continue;
      const id = this.entryIds[entry];
      const cover = covers.get(id);
      if (cover) found.push({ position: coverOrder.get(id)!, cover, grams: Math.fround(this.entryGrams[entry]) });
    }
    found.sort((a, b) => a.position - b.position);
    let weight = 0;
    for (const { cover, grams } of found) {
      const needed = grams === grams ? grams : DEFAULT_LINE_GRAMS; // NaN: unknown
      if (cover.upToGrams !== null && needed > cover.upToGrams) continue;
      const cap = cover.item.grams ?? UNKNOWN_AMOUNT_CAP_GRAMS;
      weight += (cover.item.urgency * (needed < cap ? needed : cap) * cover.worth) / 100;
    }
    return weight;
  }

  private describe(
    recipe: RankableRecipe,
    found: Candidate,
    items: readonly QueryItem[],
    covers: ReadonlyMap<number, Cover>,
    allergies: readonly string[],
    allergyIds: ReadonlyMap<number, number>
  ): RankedRecipe {
    const nameOf = (id: number) => this.ingredients.get(id)?.name ?? String(id);
    const keyIds = new Set(recipe.keyIngredientIds);
    const lineIds = [...new Set(recipe.ingredientIds)];
    const gramsOf = lineGrams(recipe);
    const coverOf = (id: number) => {
      const cover = covers.get(id);
      if (!cover || (cover.worth < 1 && !keyIds.has(id))) return null;
      const grams = gramsOf.get(id) ?? null;
      return cover.upToGrams === null || (grams ?? DEFAULT_LINE_GRAMS) <= cover.upToGrams ? cover : null;
    };
    const have: string[] = [];
    const missing: string[] = [];
    const usesOf = new Map<QueryItem, UsedItem>();
    let allergyBits = 0;
    for (const id of lineIds) allergyBits |= allergyIds.get(id) ?? 0;
    for (const id of lineIds) {
      const cover = coverOf(id);
      if (!cover) {
        if (keyIds.has(id)) missing.push(nameOf(id));
        continue;
      }
      const own = cover.item.ingredientId === id;
      have.push(own ? nameOf(id) : `${cover.item.name} (for ${nameOf(id)})`);
      if (!keyIds.has(id)) continue;
      const needed = gramsOf.get(id) ?? null;
      const grams =
        needed === null ? cover.item.grams : cover.item.grams === null ? needed : Math.min(needed, cover.item.grams);
      const known = usesOf.get(cover.item);
      if (known) {
        // the item used as itself says so, even where it also stands in for another line of the recipe
        if (cover.worth === 1) known.standsInFor = null;
        known.grams = known.grams === null || grams === null ? known.grams ?? grams : known.grams + grams;
        continue;
      }
      usesOf.set(cover.item, {
        name: cover.item.name,
        daysLeft: cover.item.daysLeft,
        grams,
        standsInFor: cover.worth < 1 ? nameOf(id) : null,
      });
    }
    const uses = [...usesOf.values()].sort((a, b) => a.daysLeft - b.daysLeft);
    return {
      recipeId: recipe.id,
      have,
      missing,
      uses,
      group: SUGGESTION_GROUPS[missing.length === 0 ? 0 : missing.length <= FEW_MISSING ? 1 : 2],
      allergens: valuesOf(allergyBits, allergies),
      window: found.tier < URGENCY_WINDOWS.length ? URGENCY_WINDOWS[found.tier] : "none",
      rescue: found.rescue,
      fit: found.fit,
    };
  }
}

/** Counts a candidate that fails exactly one choice under that choice's bit. */
function countFailure(counts: Int32Array, failed: number): void {
  if (failed !== 0 && (failed & (failed - 1)) === 0) counts[31 - Math.clz32(failed)]++;
}

function choicesLeavingOut(
  counts: Int32Array,
  query: RankingQuery,
  occasionFilters: boolean
): RankingPage["withoutChoice"] {
  const result: RankingPage["withoutChoice"] = [];
  DIETARY_PREFERENCES.forEach((diet, bit) => {
    if (query.dietaryPreferences.includes(diet) && counts[bit] > 0)
      result.push({ choice: { kind: "diet", value: diet }, more: counts[bit] });
  });
  const bitOf = (flag: number) => 31 - Math.clz32(flag);
  if (occasionFilters && counts[bitOf(OCCASION_BIT)] > 0)
    result.push({
      choice: { kind: "occasion", value: query.mealOccasions.join(", ") },
      more: counts[bitOf(OCCASION_BIT)],
    });
  if (counts[bitOf(READY_BIT)] > 0) result.push({ choice: { kind: "ready" }, more: counts[bitOf(READY_BIT)] });
  if (counts[bitOf(QUICK_BIT)] > 0) result.push({ choice: { kind: "quick" }, more: counts[bitOf(QUICK_BIT)] });
  if (query.filters?.cuisine && counts[bitOf(CUISINE_BIT)] > 0)
    result.push({ choice: { kind: "cuisine", value: query.filters.cuisine }, more: counts[bitOf(CUISINE_BIT)] });
  if (counts[bitOf(USE_BIT)] > 0) result.push({ choice: { kind: "use" }, more: counts[bitOf(USE_BIT)] });
  return result;
}

/**
 * Walks the recipes of one covered ingredient: one more key line the cook has per slot (unless the line is
 * heavier than a stand-in allows), its worth, what it rescues of the item by window, and urgency × grams.
 * Slots seen for the first time are appended to `touched`; answers the new count.
 */
function addCover(
  list: Postings,
  cover: Cover,
  scratch: QueryScratch,
  touched: Int32Array | null,
  touchedCount: number
): number {
  const { slots, grams } = list;
  const { counts, worth, today, soon, usesMarked } = scratch;
  const { item, upToGrams } = cover;
  const cap = item.grams ?? UNKNOWN_AMOUNT_CAP_GRAMS;
  const covered = LINE_COVERED + KEY_LINE_COVERED;
  if (upToGrams === null && !item.mustUse && item.window === 2) {
    // the usual item: neither urgent, nor marked, nor a stand-in limited by weight; the grams are not read
    const added = cover.worth;
    for (let i = 0; i < list.length; i++) {
      const slot = slots[i];
      const at = slot << 1;
      const before = counts[at];
      if (touched && before === 0) touched[touchedCount++] = slot;
      counts[at] = before + covered;
      worth[at + 1] += added;
    }
    return touchedCount;
  }
  for (let i = 0; i < list.length; i++) {
    const slot = slots[i];
    const line = grams[i];
    const needed = line === line ? line : DEFAULT_LINE_GRAMS; // NaN: unknown
    if (upToGrams !== null && needed > upToGrams) continue;
    const at = slot << 1;
    if (touched && counts[at] === 0) touched[touchedCount++] = slot;
    counts[at] += covered;
    worth[at + 1] += cover.worth;
    if (item.mustUse) usesMarked[slot] = 1;
    if (item.window < 2) {
      const rescued = needed < cap ? needed : cap;
      // the share of the item used, in quarters (at least one): all of it when the cook gave no amount
      const share =
        item.grams === null ? 1 : Math.max(1, Math.round((SHARE_STEPS * rescued) / item.grams)) / SHARE_STEPS;
      if (item.window === 0) today[slot] += share * cover.worth;
      else soon[slot] += share * cover.worth;
    }
  }
  return touchedCount;
}

/**
 * For an ingredient id: the ingredient, every more general one above it and every more specific one below it
 * (pork → pork, pork shoulder, ground pork...; cheddar → cheddar, cheese). A cook who has any of them has what
 * a recipe line of the ingredient needs. Answers are cached.
 */
export function familyOf(ingredients: ReadonlyMap<number, RankingIngredient>): (id: number) => readonly number[] {
  const childrenOf = new Map<number, number[]>();
  for (const [id, ingredient] of ingredients) {
    if (ingredient.parentId === null) continue;
    const children = childrenOf.get(ingredient.parentId) ?? [];
    children.push(id);
    childrenOf.set(ingredient.parentId, children);
  }
  const cache = new Map<number, number[]>();
  const parentOf = (id: number) => ingredients.get(id)?.parentId ?? null;
  return (id) => {
    const cached = cache.get(id);
    if (cached) return cached;
    const found = [id];
    const seen = new Set(found);
    for (let parent = parentOf(id); parent !== null && !seen.has(parent); parent = parentOf(parent)) {
      seen.add(parent);
      found.push(parent);
    }
    const below = [id];
    while (below.length > 0) {
      for (const child of childrenOf.get(below.pop()!) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        found.push(child);
        below.push(child);
      }
    }
    cache.set(id, found);
    return found;
  };
}

/** Grams of each of the recipe's ingredients (lines of one ingredient added up); null where unknown. */
export function lineGrams(
  recipe: Pick<RankableRecipe, "ingredientIds" | "ingredientGrams">
): Map<number, number | null> {
  const grams = new Map<number, number | null>();
  recipe.ingredientIds.forEach((id, line) => {
    const weight = recipe.ingredientGrams?.[line] ?? null;
    const before = grams.get(id);
    grams.set(
      id,
      before === undefined ? weight : before === null || weight === null ? before ?? weight : before + weight
    );
  });
  return grams;
}

/** The recipes of columns as RankableRecipe objects (a few at a time: what a check of the index read again). */
export function recipesOfColumns(columns: RecipeColumns): RankableRecipe[] {
  return Array.from({ length: columns.count }, (_, recipe) => {
    const ingredientIds: number[] = [];
    const ingredientGrams: (number | null)[] = [];
    const keyIngredientIds: number[] = [];
    for (let line = columns.lineStarts[recipe]; line < columns.lineStarts[recipe + 1]; line++) {
      ingredientIds.push(columns.lineIds[line]);
      ingredientGrams.push(knownOrNull(columns.lineGrams[line]));
      if (columns.lineIsKey[line]) keyIngredientIds.push(columns.lineIds[line]);
    }
    return {
      id: columns.ids[recipe],
      name: columns.names[recipe],
      ingredientIds,
      ingredientGrams,
      keyIngredientIds,
      cuisines: valuesOf(columns.cuisineMasks[recipe], CUISINES),
      occasions: valuesOf(columns.occasionMasks[recipe], MEAL_OCCASIONS),
      diets: valuesOf(columns.dietMasks[recipe], DIETARY_PREFERENCES),
      rating: knownOrNull(columns.ratings[recipe]),
      minutes: knownOrNull(columns.minutes[recipe]),
      visibleTo: columns.owners[recipe],
    };
  });
}

/** The index of recipes read in columns (a whole cookbook): the same index as createRecipeIndex of those recipes. */
export function recipeIndexFromColumns(
  columns: RecipeColumns,
  ingredients: ReadonlyMap<number, RankingIngredient>
): RecipeIndex {
  const index = new SlottedRecipeIndex(ingredients);
  index.load(columns);
  return index;
}

export function createRecipeIndex(
  recipes: readonly RankableRecipe[],
  ingredients: ReadonlyMap<number, RankingIngredient>
): RecipeIndex {
  const index = new SlottedRecipeIndex(ingredients);
  index.put(recipes);
  return index;
}
