import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { cookOfUser } from "~/services/cook.server";
import { pantryItems } from "~/services/pantry-store.server";
import { applyShoppingChange, KEPT_MS, pruneExpiredChanges, PRUNE_EVERY_MS } from "~/services/shopping-changes.server";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember } from "../support/members";

beforeAll(async () => {
  await seedIngredients();
});

async function newCook() {
  const member = await signedInMember("keys");
  return { member, cook: { ...(await cookOfUser(member.id)), userId: member.id } };
}

const listNames = async (listId: number) =>
  (await prisma.shoppingItem.findMany({ where: { listId }, orderBy: { id: "asc" } })).map((item) => item.name);

describe("a shopping list change sent with its key", () => {
  it("is applied once: a repeat of an add after the item was bought does not put it back", async () => {
    const { cook } = await newCook();
    const add = { intent: "add" as const, name: "oat milk", quantity: "2 cartons", change: "add-oat-milk-1" };
    expect(await applyShoppingChange(cook, add)).toEqual({ status: 200, message: "oat milk is on your list." });
    const [item] = await prisma.shoppingItem.findMany({ where: { listId: cook.listId } });
    await applyShoppingChange(cook, { intent: "got-it", item: item.id, change: "got-oat-milk-1" });
    expect(await listNames(cook.listId)).toEqual([]);

    expect(await applyShoppingChange(cook, add)).toEqual({
      status: 200,
      message: "oat milk is on your list.",
      repeated: true,
    });
    expect(await listNames(cook.listId)).toEqual([]);
    // without a key the same add is a new one
    await applyShoppingChange(cook, { intent: "add", name: "oat milk", quantity: "" });
    expect(await listNames(cook.listId)).toEqual(["oat milk"]);
  });

  it("sent twice at once, moves the item into the pantry once and answers both as the first", async () => {
    const { cook } = await newCook();
    await applyShoppingChange(cook, { intent: "add", name: "milk", quantity: "1 l" });
    const [item] = await prisma.shoppingItem.findMany({ where: { listId: cook.listId } });
    const got = { intent: "got-it" as const, item: item.id, change: "got-milk-twice" };
    const answers = await Promise.all([applyShoppingChange(cook, got), applyShoppingChange(cook, got)]);
    expect(answers.map((answer) => answer.status)).toContain(200);
    const milk = (await pantryItems(cook.pantryId)).filter((stocked) => stocked.name === "milk");
    expect(milk).toHaveLength(1);
    expect(milk[0].quantity).toBe(1);
    expect(await applyShoppingChange(cook, got)).toEqual({
      status: 200,
      message: "milk is in your pantry now.",
      repeated: true,
    });
  });

  it("keeps the server's refusal as the answer, and one user's key is not another's", async () => {
    const first = await newCook();
    const second = await newCook();
    const gone = { intent: "remove" as const, item: 999_999, change: "remove-gone-01" };
    const refused = { status: 404, message: "That item is no longer on your list." };
    expect(await applyShoppingChange(first.cook, gone)).toEqual(refused);
    expect(await applyShoppingChange(first.cook, gone)).toEqual({ ...refused, repeated: true });

    const add = { intent: "add" as const, name: "rice", quantity: "", change: "shared-key-01" };
    await applyShoppingChange(first.cook, add);
    expect(await applyShoppingChange(second.cook, add)).toEqual({ status: 200, message: "rice is on your list." });
    expect(await listNames(second.cook.listId)).toEqual(["rice"]);
  });
});

describe("expired change keys", () => {
  it("still go, every user's, but at most once an hour in a process rather than with every change", async () => {
    const { userId } = (await newCook()).cook;
    const other = (await newCook()).cook.userId;
    // a later clock than every change this file made, so the hour since the last deletion has passed
    const now = Date.now() + 2 * PRUNE_EVERY_MS;
    const aged = (key: string, age: number, owner = userId) =>
      prisma.shoppingChange.create({
        data: { userId: owner, key, status: 200, message: "done", createdAt: new Date(now - age) },
      });
    const keys = async (owner = userId) =>
      (await prisma.shoppingChange.findMany({ where: { userId: owner }, orderBy: { key: "asc" } })).map(
        (row) => row.key
      );
    await aged("expired-1", KEPT_MS + 60_000);
    await aged("kept-1", KEPT_MS - 3 * PRUNE_EVERY_MS);
    await aged("expired-other", KEPT_MS + 60_000, other);

    await pruneExpiredChanges(now);
    expect(await keys()).toEqual(["kept-1"]);
    expect(await keys(other)).toEqual([]);

    await aged("expired-2", KEPT_MS + 60_000);
    await pruneExpiredChanges(now + 10 * 60_000);
    expect(await keys()).toEqual(["expired-2", "kept-1"]);
    await pruneExpiredChanges(now + PRUNE_EVERY_MS);
    expect(await keys()).toEqual(["kept-1"]);
  });
});
