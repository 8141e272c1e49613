/**
 * The pantry's storage: a guest's list in their session, a household's in PantryItem rows of its Pantry (decision
 * 025, 093). Every function takes the cook the request resolved (cook.server.ts) or a pantry id; none reads the
 * request. Items carry an optional amount and unit, where they are kept, the day they were added and a best-before
 * day (the catalogue's estimate unless the cook gave one). Every change returns the headers the caller must send
 * (the session cookie, for a guest). A stored item's `version` rises with each change: an edit made on what a
 * member saw before another changed it is refused, and amounts change in place, so two members lose nothing.
 */
import {
  MAX_PANTRY_ITEMS,
  NAME_REQUIRED_MESSAGE,
  PANTRY_FULL_MESSAGE,
  PANTRY_TYPES,
  TYPE_INVALID_MESSAGE,
  alreadyListedMessage,
  applyDetailsChange,
  completeItem,
  mergeItems,
  resolveName,
  validItems,
  type DetailsChange,
  type PantryItem,
  type PantrySource,
  type StoredPantryItem,
} from "~/domain/pantry";
import { describeAmount, isValidAmount, todayUtc, type Storage } from "~/domain/pantry-details";
import { isPantryUnit, type PantryUnit } from "~/domain/pantry-units";
import { parseQuantity, toGrams } from "~/domain/quantity";
import { convertAmount } from "~/domain/servings";
import type { Catalogue } from "~/domain/catalogue";
import { loadCatalogue } from "./catalogue.server";
import { cookOfUser, type Cook } from "./cook.server";
import { prisma } from "./db.server";
import { countPopularity } from "./ingredient-popularity.server";
import { sessionStorage } from "./session.server";
import { noteCorrection, noteMissedIngredients } from "./vision/memory.server";
import { rawNumber, rawNumberOrNull, type RawNumber } from "./raw-row.server";

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

type Failure = { ok: false; message: string; field: "name" | "type" | "key" | "quantity" | "version" };
type Success<T> = { ok: true; items: PantryItem[]; headers: Headers } & T;
export type PantryResult<T = object> = Success<T> | Failure;

type ItemRow = {
  id: RawNumber;
  nameKey: string;
  name: string;
  type: string;
  source: string;
  captureId: string | null;
  quantity: RawNumber | null;
  unit: string | null;
  storage: string | null;
  addedOn: string;
  bestBefore: string | null;
  version: RawNumber;
};

const storedOf = (rows: ItemRow[]): StoredPantryItem[] => validItems(rows.map((row) => ({ ...row, key: row.nameKey })));

async function completed(stored: StoredPantryItem[]): Promise<PantryItem[]> {
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  return stored.map((item) => completeItem(catalogue, item, today));
}

/** A household's items, with their ids, first added first. */
export async function pantryItems(pantryId: number, client: Transaction = prisma): Promise<PantryItem[]> {
  // Raw: read by nearly every page, and a model query costs the client twice what the statement does (decision 160).
  const rows = await client.$queryRaw<ItemRow[]>`
    SELECT "id", "nameKey", "name", "type", "source", "captureId", "quantity", "unit", "storage", "addedOn",
      "bestBefore", "version"
    FROM "PantryItem" WHERE "pantryId" = ${pantryId} ORDER BY "id"`;
  return completed(
    storedOf(
      rows.map((row) => ({
        ...row,
        id: rawNumber(row.id),
        version: rawNumber(row.version),
        quantity: rawNumberOrNull(row.quantity),
      }))
    )
  );
}

/** The cook's list: their household's, or the guest's from the session. */
export async function readPantry(cook: Cook): Promise<PantryItem[]> {
  if (cook.pantryId !== null) return pantryItems(cook.pantryId);
  return completed(validItems(cook.session.get(GUEST_PANTRY_KEY)));
}

/** A guest's list is saved by committing the session; a household's rows were written already. */
async function saved(cook: Cook, items: PantryItem[]): Promise<Headers> {
  const headers = new Headers();
  if (cook.pantryId === null) {
    cook.session.set(GUEST_PANTRY_KEY, items);
    headers.append("Set-Cookie", await sessionStorage.commitSession(cook.session));
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

/** An item as a row of a pantry. */
export const rowOf = (pantryId: number, item: PantryItem) => ({
  pantryId,
  nameKey: item.key,
  name: item.name,
  type: item.type,
  source: item.source,
  captureId: item.captureId,
  ...detailsOf(item),
});

/** Adds the items to a pantry's rows (an item whose key is already there is left as it is). */
async function insertRows(pantryId: number, items: PantryItem[]): Promise<void> {
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
      version: 0,
      quantity: entry.quantity ?? null,
      unit: entry.quantity == null ? null : entry.unit ?? null,
      storage: entry.storage ?? null,
      addedOn: today,
      bestBefore: entry.bestBefore ?? null,
    };
    return [{ found, item: completeItem(catalogue, stored, today) }];
  });
}

/** Puts names (resolved through the catalogue, details estimated) in a signed-in cook's pantry: scripts, benches. */
export async function addToUserPantry(userId: number, names: readonly string[]): Promise<void> {
  const { pantryId } = await cookOfUser(userId);
  const resolved = newItems(
    await loadCatalogue(),
    names.map((name) => ({ name })),
    todayUtc()
  );
  await insertRows(
    pantryId,
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
 * Food bought goes into a household's pantry: new items with their amount, the catalogue's usual place and
 * best-before day; an item already there gets the bought amount added when the units compare (its day stays: the
 * older food goes first), as an increment, so that a member's change meanwhile is not undone. `alsoInTransaction`
 * runs in the same transaction (the shopping list's rows removed), so nothing is half moved.
 */
export async function receiveIntoPantry(
  pantryId: number,
  bought: readonly { name: string; quantity: string }[],
  alsoInTransaction: (tx: Transaction) => Promise<void>
): Promise<{ ok: true; added: string[]; topped: string[] } | { ok: false; message: string }> {
  const catalogue = await loadCatalogue();
  const today = todayUtc();
  const existing = await pantryItems(pantryId);
  const fresh: PantryItem[] = [];
  const topped: { item: PantryItem; more: number }[] = [];
  for (const entry of bought) {
    const amount = boughtAmount(catalogue, entry.name, entry.quantity);
    const [resolved] = newItems(catalogue, [{ name: entry.name, ...amount }], today);
    if (!resolved || fresh.some((item) => item.key === resolved.item.key)) continue;
    const held = existing.find((item) => item.key === resolved.item.key);
    if (!held) fresh.push(resolved.item);
    else if (held.quantity !== null && amount) {
      const weights = resolved.found.ingredient?.unitWeights ?? {};
      const more = convertAmount(amount.quantity, amount.unit, held.unit, weights);
      const total = more === null ? null : held.quantity + more;
      if (more !== null && total !== null && isValidAmount(total)) {
        topped.push({ item: held, more: Math.round(more * 100) / 100 });
      }
    }
  }
  if (existing.length + fresh.length > MAX_PANTRY_ITEMS) return { ok: false, message: PANTRY_FULL_MESSAGE };
  await prisma.$transaction(async (tx) => {
    for (const item of fresh) {
      await tx.pantryItem.upsert({
        where: { pantryId_nameKey: { pantryId, nameKey: item.key } },
        create: rowOf(pantryId, item),
        update: {},
      });
    }
    for (const { item, more } of topped) {
      await tx.pantryItem.updateMany({
        where: { pantryId, nameKey: item.key, unit: item.unit, quantity: { not: null } },
        data: { quantity: { increment: more }, version: { increment: 1 } },
      });
    }
    await alsoInTransaction(tx);
  });
  return { ok: true, added: fresh.map((item) => item.name), topped: topped.map(({ item }) => item.name) };
}

/**
 * Adds ingredients by name. Blank names are refused when they are all there is (a manual add); among several
 * (a camera result) they are skipped. Names already in the list are left alone: `added` holds what is new.
 */
export async function addToPantry(
  cook: Cook,
  entries: readonly NewPantryEntry[]
): Promise<PantryResult<{ added: PantryItem[]; alreadyListed: PantryItem[] }>> {
  const resolved = newItems(await loadCatalogue(), entries, todayUtc());
  if (resolved.length === 0) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };

  const existing = await readPantry(cook);
  const { added, full } = mergeItems(
    existing,
    resolved.map(({ item }) => item)
  );
  const alreadyListed = existing.filter((item) => resolved.some(({ item: wanted }) => wanted.key === item.key));
  if (full && added.length === 0) return { ok: false, message: PANTRY_FULL_MESSAGE, field: "name" };

  let items = [...existing, ...added];
  if (cook.pantryId !== null && added.length > 0) {
    await insertRows(cook.pantryId, added);
    items = await pantryItems(cook.pantryId);
  }
  const headers = added.length > 0 ? await saved(cook, items) : new Headers();
  const addedKeys = new Set(added.map((item) => item.key));
  await countPopularity(
    resolved
      .filter(({ found }) => found.ingredient && addedKeys.has(found.key))
      .map(({ found }) => found.ingredient!.name)
  );
  await noteMissedIngredients(existing, added);
  const stored = added.map((item) => items.find((listed) => listed.key === item.key) ?? item);
  return { ok: true, items, added: stored, alreadyListed, headers };
}

/** Search's recommended toggles: removes the ingredient when it is listed, adds it otherwise. */
export async function togglePantryItem(
  cook: Cook,
  name: string
): Promise<PantryResult<{ nowListed: boolean; item: PantryItem }>> {
  const found = resolveName(await loadCatalogue(), name);
  if (!found) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };
  const listed = (await readPantry(cook)).find((item) => item.key === found.key);
  if (listed) {
    const removal = await removePantryItem(cook, listed.key);
    return removal.ok ? { ...removal, nowListed: false, item: listed } : removal;
  }
  const addition = await addToPantry(cook, [{ name }]);
  return addition.ok
    ? { ...addition, nowListed: true, item: addition.added[0] ?? addition.alreadyListed[0] }
    : addition;
}

export const NOT_LISTED_MESSAGE = "That ingredient is no longer in your list.";
const notListed = (): Failure => ({ ok: false, message: NOT_LISTED_MESSAGE, field: "key" });

/** What a member is told when another changed the item after they saw it: nothing of theirs was saved. */
export function staleEditMessage(now: PantryItem): string {
  const amount = describeAmount(now.quantity, now.unit);
  return `Someone changed ${now.name} while you were editing${
    amount ? ` (it now says ${amount})` : ""
  }. Your change was not saved: check it and save again.`;
}

/**
 * The one place an item is changed or deleted (`after` null): written only when the row is still the version the
 * change was made on (`seen`, else the one read); for an item the camera found, the correction is reported (the
 * name before, the name after or null, the photo).
 */
async function replaceItem(
  cook: Cook,
  existing: PantryItem[],
  before: PantryItem,
  after: PantryItem | null,
  seen: number
): Promise<Success<{ correction: CameraCorrection | null }> | Failure> {
  let items = existing.flatMap((item) => (item.key !== before.key ? [item] : after ? [after] : []));
  if (cook.pantryId !== null) {
    const where = { pantryId: cook.pantryId, nameKey: before.key, version: seen };
    const written = after
      ? await prisma.pantryItem.updateMany({
          where,
          data: {
            nameKey: after.key,
            name: after.name,
            type: after.type,
            ...detailsOf(after),
            version: { increment: 1 },
          },
        })
      : await prisma.pantryItem.deleteMany({ where });
    if (written.count === 0) {
      const now = (await pantryItems(cook.pantryId)).find((item) => item.key === before.key);
      return now ? { ok: false, message: staleEditMessage(now), field: "version" } : notListed();
    }
    items = await pantryItems(cook.pantryId);
  }
  const corrected = before.source === "camera" && before.captureId && after?.name !== before.name;
  const correction = corrected
    ? { captureId: before.captureId!, previousName: before.name, correctedName: after?.name ?? null }
    : null;
  if (correction) await noteCorrection(correction);
  return { ok: true, items, correction, headers: await saved(cook, items) };
}

/**
 * Renames and/or retypes an item, and changes its details (applyDetailsChange: the amount, unit, place, day).
 * When the name changes to another ingredient and the type was left as it was, the type follows the new name
 * (renaming "tomato" to "pork" makes it meat). A camera item stays a camera item; a new name comes back as a
 * `correction`. `version`: the item's version the cook saw; when another member changed it since, nothing is
 * written and the refusal says so.
 */
export async function editPantryItem(
  cook: Cook,
  change: { key: string; name: string; type: string; details?: DetailsChange; version?: number | null }
): Promise<PantryResult<{ item: PantryItem; correction: CameraCorrection | null }>> {
  if (!(PANTRY_TYPES as readonly string[]).includes(change.type)) {
    return { ok: false, message: TYPE_INVALID_MESSAGE, field: "type" };
  }
  const catalogue = await loadCatalogue();
  const existing = await readPantry(cook);
  const before = existing.find((item) => item.key === change.key);
  if (!before) return notListed();
  if (cook.pantryId !== null && change.version != null && change.version !== before.version) {
    return { ok: false, message: staleEditMessage(before), field: "version" };
  }
  const found = resolveName(catalogue, change.name);
  if (!found) return { ok: false, message: NAME_REQUIRED_MESSAGE, field: "name" };
  const clash = existing.find((item) => item.key === found.key && item.key !== before.key);
  if (clash) return { ok: false, message: alreadyListedMessage(clash.name), field: "name" };
  const detailed = applyDetailsChange(catalogue, before, change.details ?? {}, todayUtc());
  if (!detailed.ok) return detailed;

  const renamedToAnother = found.key !== before.key;
  const type = renamedToAnother && change.type === before.type ? found.type : change.type;
  const edited: PantryItem = { ...detailed.item, key: found.key, name: found.name, type };
  const result = await replaceItem(cook, existing, before, edited, change.version ?? before.version);
  if (!result.ok) return result;
  if (renamedToAnother && found.ingredient) await countPopularity([found.ingredient.name]);
  const item = result.items.find((listed) => listed.key === edited.key) ?? edited;
  return { ...result, item };
}

/** Deletes an item; for a camera item the deletion comes back as a `correction` with correctedName null. */
export async function removePantryItem(
  cook: Cook,
  key: string,
  version?: number | null
): Promise<PantryResult<{ removed: PantryItem; correction: CameraCorrection | null }>> {
  const existing = await readPantry(cook);
  const removed = existing.find((item) => item.key === key);
  if (!removed) return notListed();
  if (cook.pantryId !== null && version != null && version !== removed.version) {
    return { ok: false, message: staleEditMessage(removed), field: "version" };
  }
  const result = await replaceItem(cook, existing, removed, null, version ?? removed.version);
  return result.ok ? { ...result, removed } : result;
}

export async function clearPantry(cook: Cook): Promise<{ items: PantryItem[]; headers: Headers }> {
  if (cook.pantryId !== null) await prisma.pantryItem.deleteMany({ where: { pantryId: cook.pantryId } });
  return { items: [], headers: await saved(cook, []) };
}

/**
 * Adds a guest's list (the session value under GUEST_PANTRY_KEY) to a household's pantry, skipping names it
 * already has and anything past the size limit. Called at sign-in.
 */
export async function mergeGuestPantry(pantryId: number, guestValue: unknown): Promise<void> {
  const guestItems = await completed(validItems(guestValue));
  if (guestItems.length === 0) return;
  const { added } = mergeItems(await pantryItems(pantryId), guestItems, MAX_PANTRY_ITEMS);
  if (added.length > 0) await insertRows(pantryId, added);
}

/**
 * Puts an amount of something in a household's pantry inside a transaction (a meal's leftovers, with what records
 * the meal): a new item, or, when one of that name is there already, its amount added to (counted, no unit) and its
 * place and day replaced by these. A refusal (a blank name, a full pantry) says why; the caller rolls back.
 */
export async function stockInTransaction(
  tx: Transaction,
  pantryId: number,
  entry: NewPantryEntry & { quantity: number }
): Promise<{ ok: true } | { ok: false; message: string }> {
  const [resolved] = newItems(await loadCatalogue(), [entry], todayUtc());
  if (!resolved) return { ok: false, message: NAME_REQUIRED_MESSAGE };
  const { item } = resolved;
  const where = { pantryId, nameKey: item.key };
  const held = await tx.pantryItem.findFirst({ where, select: { id: true } });
  if (!held && (await tx.pantryItem.count({ where: { pantryId } })) >= MAX_PANTRY_ITEMS) {
    return { ok: false, message: PANTRY_FULL_MESSAGE };
  }
  // One statement, not a read then a create: two members saying the same dish's servings at once must not both
  // create the item (the second would break the name's uniqueness on PostgreSQL).
  const stocked = await tx.pantryItem.upsert({
    where: { pantryId_nameKey: where },
    create: rowOf(pantryId, item),
    update: {
      quantity: { increment: entry.quantity },
      unit: null,
      storage: item.storage,
      bestBefore: item.bestBefore,
      version: { increment: 1 },
    },
    select: { id: true, quantity: true },
  });
  // an item held without an amount stays without one after the increment (null + n is null): it takes this one
  if (stocked.quantity === null) {
    await tx.pantryItem.update({ where: { id: stocked.id }, data: { quantity: entry.quantity } });
  }
  return { ok: true };
}

/** A client inside prisma.$transaction, so that a pantry change and what records it are written together. */
export type Transaction = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

/** A pantry's item as it stands, inside a transaction (null when it is not in the pantry). */
export async function pantryItemInTransaction(
  tx: Transaction,
  pantryId: number,
  key: string
): Promise<PantryItem | null> {
  const row = await tx.pantryItem.findFirst({ where: { pantryId, nameKey: key } });
  if (!row) return null;
  const [item] = await completed(storedOf([row]));
  return item ?? null;
}

/**
 * Sets an item's amount (null: unknown) or removes it, inside a transaction, when it is still the version read
 * (`item.version`); false when it is not there any more or another member changed it meanwhile, so that the
 * caller can roll back.
 */
export async function setPantryAmount(
  tx: Transaction,
  pantryId: number,
  item: Pick<PantryItem, "key" | "version">,
  change: { remove: true } | { remove: false; quantity: number | null; unit: PantryUnit | null }
): Promise<boolean> {
  const where = { pantryId, nameKey: item.key, version: item.version };
  const written = change.remove
    ? await tx.pantryItem.deleteMany({ where })
    : await tx.pantryItem.updateMany({
        where,
        data: {
          quantity: change.quantity,
          unit: change.quantity === null ? null : change.unit,
          version: { increment: 1 },
        },
      });
  return written.count === 1;
}

/**
 * Puts an item back as it was (an undo): recreated when it is gone; when it is there, `addBack` (in its unit) is
 * added to what it holds now, or its amount set to the one it had when it holds none.
 */
export async function putBackPantryItem(
  tx: Transaction,
  pantryId: number,
  before: PantryItem,
  addBack: number
): Promise<void> {
  const current = await pantryItemInTransaction(tx, pantryId, before.key);
  if (!current) {
    await tx.pantryItem.create({ data: rowOf(pantryId, before) });
    return;
  }
  if (before.quantity === null) return;
  const quantity =
    current.quantity === null ? before.quantity : current.unit === before.unit ? current.quantity + addBack : null;
  if (quantity === null) return;
  await setPantryAmount(tx, pantryId, current, {
    remove: false,
    quantity: Number(quantity.toFixed(3)),
    unit: before.unit,
  });
}
