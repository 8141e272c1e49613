/**
 * The shopping list's changes as the list's forms, their JSON twin and the replay of offline taps send them:
 * checked, applied, and — when they carry a change key — applied once per key (decision 113): the first answer is
 * kept in the database, and a repeat (a replay whose answer was lost, a second tab replaying the same queue) gets
 * that answer back without changing anything.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { addedMessage, alreadyListedMessage, removedMessage } from "~/domain/shopping-changes";
import { ShoppingChangeSchema, type ShoppingChange } from "~/domain/shopping-list-schemas";
import type { MemberCook } from "./cook.server";
import { inBackground } from "./background.server";
import { isUniqueViolation, prisma } from "./db.server";
import {
  addShoppingItems,
  movedMessage,
  moveToPantry,
  NOT_ON_LIST_MESSAGE,
  removeShoppingItem,
} from "./shopping-list.server";

/** The answer to a change: its HTTP status (200 done; 404 not on the list; 409 the pantry is full) and message. */
export type ChangeAnswer = { status: number; message: string; repeated?: true };

/** Kept long enough for a phone that was offline over a long weekend to replay its taps. */
export const KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const STILL_APPLYING_MESSAGE = "This change is being applied already.";

export const checkShoppingChange = (formData: FormData) => parseWithZod(formData, { schema: ShoppingChangeSchema });

export async function applyShoppingChange(cook: MemberCook, change: ShoppingChange): Promise<ChangeAnswer> {
  if (!change.change) return apply(cook, change);
  return once(cook.userId, change.change, () => apply(cook, change));
}

async function apply(cook: MemberCook, change: ShoppingChange): Promise<ChangeAnswer> {
  switch (change.intent) {
    case "got-it":
    case "got-everything": {
      const moved = await moveToPantry(cook, change);
      return moved.ok ? { status: 200, message: movedMessage(moved.moved) } : moved;
    }
    case "remove": {
      const removed = await removeShoppingItem(cook.listId, change.item);
      return removed === null
        ? { status: 404, message: NOT_ON_LIST_MESSAGE }
        : { status: 200, message: removedMessage(removed) };
    }
    case "add": {
      const { added, alreadyListed } = await addShoppingItems(cook.listId, [change]);
      return added.length > 0
        ? { status: 200, message: addedMessage(added[0]) }
        : { status: 200, message: alreadyListedMessage(alreadyListed[0] ?? change.name) };
    }
  }
}

/**
 * The key is claimed (a row without an answer) before the change is applied, so two requests with one key at
 * the same moment apply it once: the second finds the claim. A change that fails gives its claim back.
 */
async function once(userId: number, key: string, work: () => Promise<ChangeAnswer>): Promise<ChangeAnswer> {
  const where = { userId_key: { userId, key } };
  const earlier = await prisma.shoppingChange.findUnique({ where });
  if (earlier) return repeatOf(earlier);
  try {
    await prisma.shoppingChange.create({ data: { userId, key, status: 0, message: "" } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const claimed = await prisma.shoppingChange.findUnique({ where });
    return claimed ? repeatOf(claimed) : { status: 409, message: STILL_APPLYING_MESSAGE };
  }
  let answer: ChangeAnswer;
  try {
    answer = await work();
  } catch (error) {
    await prisma.shoppingChange.deleteMany({ where: { userId, key } });
    throw error;
  }
  await prisma.shoppingChange.update({ where, data: { status: answer.status, message: answer.message } });
  void inBackground(pruneExpiredChanges(), "Deleting expired shopping change keys failed");
  return answer;
}

/** How often a process deletes the expired keys: they only take room, so an hour late is no harm. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
let prunedAt = -Infinity;

/**
 * Deletes every user's keys kept past KEPT_MS, at most once per PRUNE_EVERY_MS in this process (the first keyed
 * change after that does it), instead of a delete with every change.
 */
export async function pruneExpiredChanges(now = Date.now()): Promise<void> {
  if (now - prunedAt < PRUNE_EVERY_MS) return;
  prunedAt = now;
  await prisma.shoppingChange.deleteMany({ where: { createdAt: { lt: new Date(now - KEPT_MS) } } });
}

function repeatOf(row: { status: number; message: string }): ChangeAnswer {
  if (row.status === 0) return { status: 409, message: STILL_APPLYING_MESSAGE };
  return { status: row.status, message: row.message, repeated: true };
}
