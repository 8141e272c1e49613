/**
 * A household's shopping list (every member's: decision 093), by its id from the cook context. Adding merges into the list by name: a name already listed — through the
 * catalogue, so "tomatoes" and "tomato" are one item — keeps its entry, which also makes a repeated add
 * (a double submit) change nothing.
 */
import * as z from "zod";
import { idField } from "~/domain/id-field";
import { ingredientIconUrl, OTHER_TYPE } from "~/domain/ingredient-types";
import { shoppingQuantity } from "~/domain/menu-detail";
import { resolveName } from "~/domain/pantry";
import { unitOf } from "~/domain/quantity";
import { convertAmount, renderAmount, scaledAmount, scaleQuantity } from "~/domain/servings";
import { loadCatalogue } from "./catalogue.server";
import { isRecordNotFound, prisma } from "./db.server";
import type { Cook, MemberCook } from "./cook.server";
import { readPantry, receiveIntoPantry } from "./pantry-store.server";

/** A shopping item as the list shows it. */
export interface ShoppingItemView {
  id: number;
  name: string;
  quantity: string;
  image: string;
}

export interface NewShoppingItem {
  name: string;
  quantity: string;
}

const FALLBACK_IMAGE = ingredientIconUrl(OTHER_TYPE);

export async function listShoppingItems(listId: number): Promise<ShoppingItemView[]> {
  const rows = await prisma.shoppingItem.findMany({
    where: { listId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, quantity: true, image: true },
  });
  return rows.map((row) => ({ ...row, image: row.image ?? FALLBACK_IMAGE }));
}

/** Removes one of the list's items: the name it had, or null when it is not on this list (or went meanwhile). */
export async function removeShoppingItem(listId: number, itemId: number): Promise<string | null> {
  try {
    return (await prisma.shoppingItem.delete({ where: { id: itemId, listId }, select: { name: true } })).name;
  } catch (error) {
    if (isRecordNotFound(error)) return null;
    throw error;
  }
}

/** Adds the items not listed yet; returns the names that were added and those already on the list. */
export async function addShoppingItems(
  listId: number,
  items: readonly NewShoppingItem[]
): Promise<{ added: string[]; alreadyListed: string[] }> {
  const catalogue = await loadCatalogue();
  const byKey = new Map<string, NewShoppingItem & { nameKey: string; image: string }>();
  for (const item of items) {
    const resolved = resolveName(catalogue, item.name);
    if (!resolved || byKey.has(resolved.key)) continue;
    const image = ingredientIconUrl(resolved.type, resolved.ingredient);
    byKey.set(resolved.key, { name: resolved.name, quantity: item.quantity.trim(), nameKey: resolved.key, image });
  }
  const wanted = [...byKey.values()];
  return prisma.$transaction(async (tx) => {
    const listed = await tx.shoppingItem.findMany({
      where: { listId, nameKey: { in: wanted.map((item) => item.nameKey) } },
      select: { nameKey: true, name: true },
    });
    const listedKeys = new Set(listed.map((row) => row.nameKey));
    const fresh = wanted.filter((item) => !listedKeys.has(item.nameKey));
    for (const item of fresh) {
      await tx.shoppingItem.upsert({
        where: { listId_nameKey: { listId, nameKey: item.nameKey } },
        create: { listId, ...item },
        update: {},
      });
    }
    return { added: fresh.map((item) => item.name), alreadyListed: listed.map((row) => row.name) };
  });
}

/**
 * What to buy of picked recipe lines scaled by `factor`: a line the pantry holds part of asks for the difference
 * ("60 g (you have 140 g)"), a line it holds enough of is left out (`enough`), the others their scaled amount.
 */
export async function shoppingNeeds(
  cook: Cook,
  lines: readonly NewShoppingItem[],
  factor: number
): Promise<{ items: NewShoppingItem[]; enough: string[] }> {
  const [catalogue, pantry] = await Promise.all([loadCatalogue(), readPantry(cook)]);
  const items: NewShoppingItem[] = [];
  const enough: string[] = [];
  for (const line of lines) {
    const found = resolveName(catalogue, line.name);
    const held = found ? pantry.find((item) => item.key === found.key) : undefined;
    const needed = scaledAmount(line.quantity, factor);
    const heldAmount =
      held?.quantity && needed
        ? convertAmount(
            held.quantity,
            held.unit ? unitOf(held.unit) : null,
            needed.unit,
            found?.ingredient?.unitWeights ?? {}
          )
        : null;
    const neededAmount = needed ? needed.maxAmount ?? needed.amount! : null;
    if (heldAmount === null || neededAmount === null) {
      items.push({ name: line.name, quantity: scaleQuantity(shoppingQuantity(line.quantity), factor).text });
    } else if (heldAmount >= neededAmount) enough.push(line.name);
    else {
      const have = renderAmount(held!.quantity!, held!.unit ? unitOf(held!.unit) : null);
      items.push({
        name: line.name,
        quantity: `${renderAmount(neededAmount - heldAmount, needed!.unit)} (you have ${have})`,
      });
    }
  }
  return { items, enough };
}

/** "Got it" on one item, or "Got everything": the same fields from the list's forms and from the JSON call. */
export const GotShoppingSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("got-it"), item: idField("item") }), z.object({ intent: z.literal("got-everything") })],
  { error: "Unknown action" }
);
export type GotShopping = z.output<typeof GotShoppingSchema>;

export const NOT_ON_LIST_MESSAGE = "That item is no longer on your list.";

/** What the list says after items went into the pantry. */
export function movedMessage(names: readonly string[]): string {
  if (names.length === 1) return `${names[0]} is in your pantry now.`;
  return `${names.length} items are in your pantry now.`;
}

/**
 * Moves bought items (one, or the whole list) from the shopping list into the cook's pantry in one transaction:
 * their amount, the catalogue's place and best-before day; amounts added to what the pantry holds already.
 */
export async function moveToPantry(
  cook: MemberCook,
  got: GotShopping
): Promise<{ ok: true; moved: string[] } | { ok: false; message: string; status: number }> {
  const { listId } = cook;
  const rows = await prisma.shoppingItem.findMany({
    where: { listId, ...(got.intent === "got-it" ? { id: got.item } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, quantity: true },
  });
  if (rows.length === 0) {
    return got.intent === "got-it"
      ? { ok: false, message: NOT_ON_LIST_MESSAGE, status: 404 }
      : { ok: false, message: "Your shopping list is empty.", status: 404 };
  }
  const ids = rows.map((row) => row.id);
  const received = await receiveIntoPantry(cook.pantryId, rows, async (tx) => {
    const { count } = await tx.shoppingItem.deleteMany({ where: { listId, id: { in: ids } } });
    // a double submit: the first one moved them, this one changes nothing
    if (count !== ids.length) throw new AlreadyMoved();
  }).catch((error: unknown) => {
    if (error instanceof AlreadyMoved) return { ok: false as const, message: NOT_ON_LIST_MESSAGE };
    throw error;
  });
  if (!received.ok) return { ...received, status: received.message === NOT_ON_LIST_MESSAGE ? 404 : 409 };
  return { ok: true, moved: rows.map((row) => row.name) };
}

class AlreadyMoved extends Error {}
