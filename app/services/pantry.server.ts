/**
 * The user's current ingredient list ("pantry"): in the session for a guest, for a signed-in user in PantryItem
 * (one row per name key) of the Pantry they own. A guest's list is merged into the account at sign-in
 * (createUserSession). Items carry an optional amount and unit, where they are kept, the day they were added and
 * a best-before day (the catalogue's estimate unless the cook gave one).
 * Every change returns the headers the caller must send (the session cookie, for a guest).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Session } from "@remix-run/node";
import {
  MAX_PANTRY_ITEMS,
  NAME_REQUIRED_MESSAGE,
  PANTRY_FULL_MESSAGE,
  PANTRY_TYPES,
  TYPE_INVALID_MESSAGE,
  alreadyListedMessage,
  applyDetailsChange,
  cleanName,
  completeItem,
  mergeItems,
  resolveName,
  validItems,
  type DetailsChange,
  type PantryItem,
  type PantrySource,
  type StoredPantryItem,
} from "~/domain/pantry";
import { INGREDIENT_ADDED } from "~/domain/ingredient-added";
import { isValidAmount, todayUtc, type Storage } from "~/domain/pantry-details";
import { isPantryUnit, type PantryUnit } from "~/domain/pantry-units";
import { parseQuantity, toGrams } from "~/domain/quantity";
import { convertAmount } from "~/domain/servings";
import type { Prisma } from "~/generated/prisma/client";
import type { Catalogue } from "~/domain/catalogue";
import { ingredientIconUrl, OTHER_TYPE } from "~/domain/ingredient-types";
import { checkIngredientEdit } from "~/domain/pantry-edit-check";
import { detailsOfEdit, HomeActionSchema, SearchActionSchema, SearchListSchema } from "~/domain/pantry-schemas";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";
import { getSession, redirectWithFlash, sessionStorage } from "./session.server";
import { noteCorrection, noteMissedIngredients } from "./vision/memory.server";

export type { DetailsChange, PantryItem, PantrySource };

/** The session value holding a guest's list. */
export const GUEST_PANTRY_KEY = "pantry";

export interface NewPantryEntry {
  name: string;
  source?: PantrySource;
  /** the photo a camera item was recognised in */
  captureId?: string | null;
  quantity?: number | null;
  unit?: PantryUnit | null;
  /** where it is kept; the catalogue's usual place when not given */
  storage?: Storage | null;
  /** the catalogue's estimate for the place when not given */
  bestBefore?: string | null;
}

/**
 * A correction of something the camera found: the item's name before, the name after (null when the item was
 * deleted) and the photo it came from. Returned by editPantryItem and removePantryItem for camera items only.
 */
export interface CameraCorrection {
  captureId: string;
  previousName: string;
  correctedName: string | null;
}

type Failure = { ok: false; message: string; field: "name" | "type" | "key" | "quantity" };
type Success<T> = { ok: true; items: PantryItem[]; headers: Headers } & T;
export type PantryResult<T = object> = Success<T> | Failure;

interface Owner {
  session: Session;
  userId: number | null;
}

async function ownerOf(request: Request): Promise<Owner> {
  const session = await getSession(request);
  const userId = session.get("userId");
  return { session, userId: typeof userId === "number" ? userId : null };
}

type ItemRow = {
  id: number;
  nameKey: string;
  name: string;
  type: string;
  source: string;
  captureId: string | null;
  quantity: number | null;
  unit: string | null;
  storage: string | null;
  addedOn: string;
  bestBefore: string | null;
};

const storedOf = (rows: ItemRow[]): StoredPantryItem[] => validItems(rows.map((row) => ({ ...row, key: row.nameKey })));

/** A signed-in cook's items as stored, first added first. */
const userRows = (userId: number) =>
  prisma.pantryItem.findMany({ where: { pantry: { ownerUserId: userId } }, orderBy: { id: "asc" } });

async function itemsOf({ session, userId }: Owner): Promise<PantryItem[]> {
  if (userId !== null) return pantryItemsOfUser(userId);
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  return validItems(session.get(GUEST_PANTRY_KEY)).map((item) => completeItem(catalogue, item, today));
}

/** A signed-in cook's pantry (created with its first item). */
export async function pantryIdOf(userId: number): Promise<number> {
  const pantry = await prisma.pantry.upsert({
    where: { ownerUserId: userId },
    create: { ownerUserId: userId },
    update: {},
    select: { id: true },
  });
  return pantry.id;
}

/** A guest's list is saved by committing the session; a user's rows were written already. */
async function saved(owner: Owner, items: PantryItem[]): Promise<Headers> {
  const headers = new Headers();
  if (owner.userId === null) {
    owner.session.set(GUEST_PANTRY_KEY, items);
    headers.append("Set-Cookie", await sessionStorage.commitSession(owner.session));
  }
  return headers;
}

const detailsOf = (item: PantryItem) => ({
  quantity: item.quantity,
  unit: item.unit,
  storage: item.storage,
  addedOn: item.addedOn,
  bestBefore: item.bestBefore,
});

const rowOf = (pantryId: number, item: PantryItem) => ({
  pantryId,
  nameKey: item.key,
  name: item.name,
  type: item.type,
  source: item.source,
  captureId: item.captureId,
  ...detailsOf(item),
});

/** Adds the items to a user's rows (an item whose key is already there is left as it is). */
async function insertRows(userId: number, items: PantryItem[]): Promise<void> {
  const pantryId = await pantryIdOf(userId);
  await prisma.$transaction(
    items.map((item) =>
      prisma.pantryItem.upsert({
        where: { pantryId_nameKey: { pantryId, nameKey: item.key } },
        create: rowOf(pantryId, item),
        update: {},
      })
    )
  );
}

/** Counts catalogue names people search for or add, for Home's most-searched toggles. */
async function countPopularity(names: string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await prisma.$transaction(
      names.map((name) =>
        prisma.ingredientPopularity.upsert({
          where: { name },
          create: { name, count: 1 },
          update: { count: { increment: 1 } },
        })
      )
    );
  } finally {
    popularityCounted++;
  }
}

/** Entries as new items: names resolved through the catalogue, details the cook left out estimated. */
function newItems(catalogue: Catalogue, entries: readonly NewPantryEntry[], today: string) {
  return entries.flatMap((entry) => {
    const found = resolveName(catalogue, entry.name);
    if (!found) return [];
    const source: PantrySource = entry.source === "camera" ? "camera" : "manual";
    const stored: StoredPantryItem = {
      key: found.key,
      name: found.name,
      type: found.type,
      source,
      captureId: source === "camera" ? entry.captureId ?? null : null,
      id: null,
      quantity: entry.quantity ?? null,
      unit: entry.quantity == null ? null : entry.unit ?? null,
      storage: entry.storage ?? null,
      addedOn: today,
      bestBefore: entry.bestBefore ?? null,
    };
    return [{ found, item: completeItem(catalogue, stored, today) }];
  });
}

/** A signed-in cook's items, with their ids, first added first. */
export async function pantryItemsOfUser(userId: number): Promise<PantryItem[]> {
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  return storedOf(await userRows(userId)).map((item) => completeItem(catalogue, item, today));
}

/** Puts names (resolved through the catalogue, details estimated) in a signed-in cook's pantry: scripts, benches. */
export async function addToUserPantry(userId: number, names: readonly string[]): Promise<void> {
  const resolved = newItems(
    await loadCatalogue(),
    names.map((name) => ({ name })),
    todayUtc()
  );
  await insertRows(
    userId,
    mergeItems(
      [],
      resolved.map(({ item }) => item)
    ).items
  );
}

/** A bought amount as the pantry keeps it: its own unit when the pantry knows it, else grams; none when unclear. */
function boughtAmount(
  catalogue: Catalogue,
  name: string,
  text: string
): { quantity: number; unit: PantryUnit | null } | null {
  const quantity = parseQuantity(text);
  if (quantity.amount === null || quantity.negligible) return null;
  const amount = quantity.maxAmount ?? quantity.amount;
  if (quantity.unit === null || (isPantryUnit(quantity.unit) && !quantity.gramsPerUnit)) {
    return isValidAmount(amount) ? { quantity: amount, unit: quantity.unit === "piece" ? null : quantity.unit } : null;
  }
  const grams = toGrams(quantity, resolveName(catalogue, name)?.ingredient?.unitWeights ?? {});
  return grams !== null && isValidAmount(grams) ? { quantity: Math.round(grams), unit: "g" } : null;
}

/**
 * Food bought goes into a signed-in cook's pantry: new items with their amount, the catalogue's usual place and
 * best-before day; an item already there gets the bought amount added when the units compare (its day stays: the
 * older food goes first). `alsoInTransaction` runs in the same transaction (the shopping list's rows removed),
 * so nothing is half moved.
 */
export async function receiveIntoPantry(
  userId: number,
  bought: readonly { name: string; quantity: string }[],
  alsoInTransaction: (tx: Prisma.TransactionClient) => Promise<void>
): Promise<{ ok: true; added: string[]; topped: string[] } | { ok: false; message: string }> {
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  const existing = await pantryItemsOfUser(userId);
  const fresh: PantryItem[] = [];
  const topped: { item: PantryItem; quantity: number }[] = [];
  for (const entry of bought) {
    const amount = boughtAmount(catalogue, entry.name, entry.quantity);
    const [resolved] = newItems(catalogue, [{ name: entry.name, ...amount }], today);
    if (!resolved || fresh.some((item) => item.key === resolved.item.key)) continue;
    const held = existing.find((item) => item.key === resolved.item.key);
    if (!held) fresh.push(resolved.item);
    else if (held.quantity !== null && amount) {
      const weights = resolved.found.ingredient?.unitWeights ?? {};
      const more = convertAmount(amount.quantity, amount.unit, held.unit, weights);
      const total = more === null ? null : Math.round((held.quantity + more) * 100) / 100;
      if (total !== null && isValidAmount(total)) topped.push({ item: held, quantity: total });
    }
  }
  if (existing.length + fresh.length > MAX_PANTRY_ITEMS) return { ok: false, message: PANTRY_FULL_MESSAGE };
  const pantryId = await pantryIdOf(userId);
  await prisma.$transaction(async (tx) => {
    for (const item of fresh) await tx.pantryItem.create({ data: rowOf(pantryId, item) });
    for (const { item, quantity } of topped) {
      await tx.pantryItem.updateMany({ where: { pantryId, nameKey: item.key }, data: { quantity } });
    }
    await alsoInTransaction(tx);
  });
  return { ok: true, added: fresh.map((item) => item.name), topped: topped.map(({ item }) => item.name) };
}

export async function readPantry(request: Request): Promise<PantryItem[]> {
  return itemsOf(await ownerOf(request));
}

/**
 * Adds ingredients by name. Blank names are refused when they are all there is (a manual add); among several
 * (a camera result) they are skipped. Names already in the list are left alone: `added` holds what is new.
 */
export async function addToPantry(
  request: Request,
  entries: readonly NewPantryEntry[]
): Promise<PantryResult<{ added: PantryItem[]; alreadyListed: PantryItem[] }>> {
  const resolved = newItems(await loadCatalogue(), entries, todayUtc());
  if (resolved.length === 0) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };

  const owner = await ownerOf(request);
  const existing = await itemsOf(owner);
  const { items, added, full } = mergeItems(
    existing,
    resolved.map(({ item }) => item)
  );
  const alreadyListed = existing.filter((item) => resolved.some(({ item: wanted }) => wanted.key === item.key));
  if (full && added.length === 0) return { ok: false, message: PANTRY_FULL_MESSAGE, field: "name" };

  if (owner.userId !== null && added.length > 0) await insertRows(owner.userId, added);
  const headers = added.length > 0 ? await saved(owner, items) : new Headers();
  const addedKeys = new Set(added.map((item) => item.key));
  await countPopularity(
    resolved
      .filter(({ found }) => found.ingredient && addedKeys.has(found.key))
      .map(({ found }) => found.ingredient!.name)
  );
  await noteMissedIngredients(existing, added);
  return { ok: true, items, added, alreadyListed, headers };
}

// Forms are parsed here rather than in the route modules: a route module that so much as imports zod (even
// for its action only) sends it to the browser with the screen.

/** Home's posts: a most-searched toggle, or START RANDOM without JavaScript. */
export const parseHomeAction = (formData: FormData) => parseWithZod(formData, { schema: HomeActionSchema });

/** Search's posts: add an ingredient, or toggle a recommended one. */
export const parseSearchAction = (formData: FormData) => parseWithZod(formData, { schema: SearchActionSchema });
export const parseSearchList = (formData: FormData) => parseWithZod(formData, { schema: SearchListSchema });

/** Ingredient preview's edit form: the submission, and the change for editPantryItem when it is valid. */
export function parseIngredientEdit(formData: FormData) {
  const submission = checkIngredientEdit(formData);
  const change =
    submission.status === "success"
      ? { ...submission.value, details: detailsOfEdit(formData, submission.value) }
      : null;
  return { submission, change };
}
export { INGREDIENT_EDIT_CONSTRAINT } from "~/domain/pantry-edit-check";

/** Search's recommended toggles: removes the ingredient when it is listed, adds it otherwise. */
export async function togglePantryItem(
  request: Request,
  name: string
): Promise<PantryResult<{ nowListed: boolean; item: PantryItem }>> {
  const found = resolveName(await loadCatalogue(), name);
  if (!found) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };
  const listed = (await readPantry(request)).find((item) => item.key === found.key);
  if (listed) {
    const removal = await removePantryItem(request, listed.key);
    return removal.ok ? { ...removal, nowListed: false, item: listed } : removal;
  }
  const addition = await addToPantry(request, [{ name }]);
  return addition.ok
    ? { ...addition, nowListed: true, item: addition.added[0] ?? addition.alreadyListed[0] }
    : addition;
}

/**
 * A toggle posted from a screen (Search's recommended ingredients, Home's most searched): adds the ingredient or
 * removes it, then back to `back` with 'Ingredient added.', what was removed, or why nothing changed.
 */
export async function toggleAndGoBack(request: Request, name: string, back: string): Promise<Response> {
  const toggled = await togglePantryItem(request, name);
  if (!toggled.ok) return redirectWithFlash(back, { type: "error", message: toggled.message });
  const message = toggled.nowListed ? INGREDIENT_ADDED : `${toggled.item.name} removed from your list.`;
  return redirectWithFlash(back, { type: "success", message }, toggled.headers);
}

const notListed = (): Failure => ({ ok: false, message: "That ingredient is no longer in your list.", field: "key" });

/**
 * The one place an item is changed or deleted (`after` null): writes it and, for an item the camera found,
 * reports the correction (the name before, the name after or null, the photo).
 */
async function replaceItem(
  owner: Owner,
  existing: PantryItem[],
  before: PantryItem,
  after: PantryItem | null
): Promise<Success<{ correction: CameraCorrection | null }> | Failure> {
  if (owner.userId !== null) {
    const where = { pantry: { ownerUserId: owner.userId }, nameKey: before.key };
    const written = after
      ? await prisma.pantryItem.updateMany({
          where,
          data: { nameKey: after.key, name: after.name, type: after.type, ...detailsOf(after) },
        })
      : await prisma.pantryItem.deleteMany({ where });
    if (written.count === 0) return notListed();
  }
  const items = existing.flatMap((item) => (item.key !== before.key ? [item] : after ? [after] : []));
  const corrected = before.source === "camera" && before.captureId && after?.name !== before.name;
  const correction = corrected
    ? { captureId: before.captureId!, previousName: before.name, correctedName: after?.name ?? null }
    : null;
  if (correction) await noteCorrection(correction);
  return { ok: true, items, correction, headers: await saved(owner, items) };
}

/**
 * Renames and/or retypes an item, and changes its details (applyDetailsChange: the amount, unit, place, day).
 * When the name changes to another ingredient and the type was left as it was, the type follows the new name
 * (renaming "tomato" to "pork" makes it meat). A camera item stays a camera item; a new name comes back as a
 * `correction`.
 */
export async function editPantryItem(
  request: Request,
  change: { key: string; name: string; type: string; details?: DetailsChange }
): Promise<PantryResult<{ item: PantryItem; correction: CameraCorrection | null }>> {
  if (!(PANTRY_TYPES as readonly string[]).includes(change.type)) {
    return { ok: false, message: TYPE_INVALID_MESSAGE, field: "type" };
  }
  const catalogue = await loadCatalogue();
  const owner = await ownerOf(request);
  const existing = await itemsOf(owner);
  const before = existing.find((item) => item.key === change.key);
  if (!before) return notListed();
  const found = resolveName(catalogue, change.name);
  if (!found) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };
  const clash = existing.find((item) => item.key === found.key && item.key !== before.key);
  if (clash) return { ok: false, message: alreadyListedMessage(clash.name), field: "name" };
  const detailed = applyDetailsChange(catalogue, before, change.details ?? {}, todayUtc());
  if (!detailed.ok) return detailed;

  const renamedToAnother = found.key !== before.key;
  const type = renamedToAnother && change.type === before.type ? found.type : change.type;
  const item: PantryItem = { ...detailed.item, key: found.key, name: found.name, type };
  const result = await replaceItem(owner, existing, before, item);
  if (!result.ok) return result;
  if (renamedToAnother && found.ingredient) await countPopularity([found.ingredient.name]);
  return { ...result, item };
}

/** Deletes an item; for a camera item the deletion comes back as a `correction` with correctedName null. */
export async function removePantryItem(
  request: Request,
  key: string
): Promise<PantryResult<{ removed: PantryItem; correction: CameraCorrection | null }>> {
  const owner = await ownerOf(request);
  const existing = await itemsOf(owner);
  const removed = existing.find((item) => item.key === key);
  if (!removed) return notListed();
  const result = await replaceItem(owner, existing, removed, null);
  return result.ok ? { ...result, removed } : result;
}

export async function clearPantry(request: Request): Promise<{ items: PantryItem[]; headers: Headers }> {
  const owner = await ownerOf(request);
  if (owner.userId !== null) await prisma.pantryItem.deleteMany({ where: { pantry: { ownerUserId: owner.userId } } });
  return { items: [], headers: await saved(owner, []) };
}

/**
 * Adds a guest's list (the session value under GUEST_PANTRY_KEY) to the account, skipping names the account
 * already has and anything past the size limit. Called by createUserSession.
 */
export async function mergeGuestPantry(userId: number, guestValue: unknown): Promise<void> {
  const guestItems = validItems(guestValue);
  if (guestItems.length === 0) return;
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  const complete = (items: StoredPantryItem[]) => items.map((item) => completeItem(catalogue, item, today));
  const { added } = mergeItems(complete(storedOf(await userRows(userId))), complete(guestItems), MAX_PANTRY_ITEMS);
  if (added.length > 0) await insertRows(userId, added);
}

/** Counts a search that named a catalogue ingredient. */
export async function recordIngredientSearch(query: string): Promise<void> {
  const found = resolveName(await loadCatalogue(), query);
  if (found?.ingredient) await countPopularity([found.ingredient.name]);
}

/**
 * The most-searched list read last, used again for MOST_SEARCHED_FRESH_MS: every load of Home shows it. A count
 * made by this process shows at once (a read that began before it is not kept); other processes' within that time.
 */
let mostSearchedRead: { at: number; counted: number; limit: number; rows: { name: string }[] } | undefined;
let popularityCounted = 0;
const MOST_SEARCHED_FRESH_MS = 2_000;

/** The ingredients people search for and add most, most popular first (catalogue names and types). */
export async function mostSearchedIngredients(limit: number): Promise<{ name: string; type: string }[]> {
  const catalogue = await loadCatalogue();
  const kept = mostSearchedRead;
  const fresh =
    kept && kept.limit === limit && kept.counted === popularityCounted && Date.now() - kept.at < MOST_SEARCHED_FRESH_MS;
  let rows = fresh ? kept.rows : undefined;
  if (!rows) {
    const started = { at: Date.now(), counted: popularityCounted, limit };
    rows = await readMostSearched(limit);
    if (started.counted === popularityCounted) mostSearchedRead = { ...started, rows };
  }
  return rows.map((row) => ({ name: row.name, type: catalogue.byName(row.name)?.type ?? OTHER_TYPE }));
}

function readMostSearched(limit: number) {
  return prisma.ingredientPopularity.findMany({
    orderBy: [{ count: "desc" }, { updatedAt: "desc" }],
    take: limit,
    select: { name: true },
  });
}

/**
 * Picture URLs for ingredient names (our /icons/... pictures: the catalogue's own, else its type's), for
 * the names not in `cached` (compared case-insensitively), each name once.
 */
export async function ingredientImages(
  names: readonly string[],
  cached: readonly string[] = []
): Promise<{ ingredient: string; imageUrl: string }[]> {
  const catalogue = await loadCatalogue();
  const skip = new Set(cached.map((name) => cleanName(name).toLowerCase()));
  const images: { ingredient: string; imageUrl: string }[] = [];
  for (const ingredient of names) {
    const lower = cleanName(ingredient).toLowerCase();
    if (!lower || skip.has(lower)) continue;
    skip.add(lower);
    const found = resolveName(catalogue, ingredient);
    images.push({ ingredient, imageUrl: ingredientIconUrl(found?.type ?? OTHER_TYPE, found?.ingredient) });
  }
  return images;
}

/** A client inside prisma.$transaction, so that a pantry change and what records it are written together. */
export type Transaction = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** A signed-in cook's item as it stands, inside a transaction (null when it is not in their pantry). */
export async function pantryItemInTransaction(
  tx: Transaction,
  userId: number,
  key: string
): Promise<PantryItem | null> {
  const row = await tx.pantryItem.findFirst({ where: { pantry: { ownerUserId: userId }, nameKey: key } });
  if (!row) return null;
  const [item] = storedOf([row]);
  return item ? completeItem(await loadCatalogue(), item, todayUtc()) : null;
}

/**
 * Sets an item's amount (null: unknown) or removes it, inside a transaction; false when the item is not there
 * any more (a change from another tab got there first), so that the caller can roll back.
 */
export async function setPantryAmount(
  tx: Transaction,
  userId: number,
  key: string,
  change: { remove: true } | { remove: false; quantity: number | null; unit: PantryUnit | null }
): Promise<boolean> {
  const where = { pantry: { ownerUserId: userId }, nameKey: key };
  const written = change.remove
    ? await tx.pantryItem.deleteMany({ where })
    : await tx.pantryItem.updateMany({
        where,
        data: { quantity: change.quantity, unit: change.quantity === null ? null : change.unit },
      });
  return written.count === 1;
}

/**
 * Puts an item back as it was (an undo): recreated when it is gone; when it is there, `addBack` (in its unit) is
 * added to what it holds now, or its amount set to the one it had when it holds none.
 */
export async function putBackPantryItem(
  tx: Transaction,
  userId: number,
  before: PantryItem,
  addBack: number
): Promise<void> {
  const current = await pantryItemInTransaction(tx, userId, before.key);
  if (!current) {
    const pantry = await tx.pantry.upsert({
      where: { ownerUserId: userId },
      create: { ownerUserId: userId },
      update: {},
      select: { id: true },
    });
    await tx.pantryItem.create({ data: rowOf(pantry.id, before) });
    return;
  }
  if (before.quantity === null) return;
  const quantity =
    current.quantity === null ? before.quantity : current.unit === before.unit ? current.quantity + addBack : null;
  if (quantity === null) return;
  await setPantryAmount(tx, userId, before.key, {
    remove: false,
    quantity: Number(quantity.toFixed(3)),
    unit: before.unit,
  });
}
