import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { addToPantry, editPantryItem, removePantryItem } from "~/services/pantry-store.server";
import {
  embeddingToBytes,
  loadExampleMemory,
  MISSED_ITEM_WINDOW_MS,
  saveCapture,
} from "~/services/vision/memory.server";
import { seedIngredients } from "../../prisma/seed";
import { getRequest } from "../support/requests";
import { getCook } from "~/services/cook.server";

beforeAll(async () => {
  await seedIngredients();
});
beforeEach(async () => {
  await prisma.visionExample.deleteMany();
});

/** A kept photo, as recognition leaves one: its embedding and what was found in it. */
async function photo(detected: string[], takenMsAgo = 0) {
  const embedding = Float32Array.from({ length: 128 }, () => Math.random());
  const id = randomBytes(16).toString("hex");
  await prisma.visionCapture.create({
    data: {
      id,
      embedding: embeddingToBytes(embedding),
      detected: JSON.stringify(detected),
      createdAt: new Date(Date.now() - takenMsAgo),
    },
  });
  return { id, embedding: embeddingToBytes(embedding) };
}

/** A guest whose list holds what the photo found, as camera items. */
async function guestWithCameraItems(captureId: string, names: string[]) {
  let cookie: string | null = null;
  const request = () => getRequest("/ingredient-preview", { cookie });
  const added = await addToPantry(
    await getCook(request()),
    names.map((name) => ({ name, source: "camera" as const, captureId }))
  );
  if (!added.ok) throw new Error(added.message);
  cookie = added.headers.get("Set-Cookie")!.split(";")[0];
  return { request };
}

async function lessons() {
  const rows = await prisma.visionExample.findMany({ include: { ingredient: true }, orderBy: { id: "asc" } });
  return rows.map((row) => ({
    ingredient: row.ingredient.name,
    negative: row.negative,
    source: row.source,
    embedding: Buffer.from(row.embedding),
  }));
}

/** What the memory of the model of this fingerprint holds (kept photos' embeddings: 128 figures), each example's ingredient and answer. */
async function memoryOf(model: string) {
  const memory = await loadExampleMemory(model);
  return memory
    .nearest(new Float32Array(128).fill(1), memory.size)
    .map(({ ingredient, negative }) => [ingredient, negative]);
}

describe("corrections on ingredient preview teach the recogniser", () => {
  it("renaming a found item: the photo is not the old ingredient but the new one", async () => {
    const { id, embedding } = await photo(["banana", "lemon"]);
    const guest = await guestWithCameraItems(id, ["banana", "lemon"]);
    const edited = await editPantryItem(await getCook(guest.request()), {
      key: "banana",
      name: "plantain",
      type: "Fruit",
    });
    expect(edited.ok).toBe(true);
    expect(await lessons()).toEqual([
      { ingredient: "banana", negative: true, source: "correction", embedding: Buffer.from(embedding) },
      { ingredient: "plantain", negative: false, source: "correction", embedding: Buffer.from(embedding) },
    ]);
  });

  it("deleting a found item: the photo does not show it", async () => {
    const { id } = await photo(["lemon"]);
    const guest = await guestWithCameraItems(id, ["lemon"]);
    expect((await removePantryItem(await getCook(guest.request()), "lemon")).ok).toBe(true);
    expect((await lessons()).map(({ ingredient, negative }) => [ingredient, negative])).toEqual([["lemon", true]]);
  });

  it("adding a missed item by hand soon after the photo: the photo shows it too", async () => {
    const { id } = await photo(["lemon"]);
    const guest = await guestWithCameraItems(id, ["lemon"]);
    expect((await addToPantry(await getCook(guest.request()), [{ name: "Mangoes" }])).ok).toBe(true);
    expect((await lessons()).map(({ ingredient, negative }) => [ingredient, negative])).toEqual([["mango", false]]);
  });

  it("teaches nothing from an old photo's additions, a new wording, or a name outside the catalogue", async () => {
    const old = await photo(["lemon"], MISSED_ITEM_WINDOW_MS + 60_000);
    const guest = await guestWithCameraItems(old.id, ["lemon"]);
    await addToPantry(await getCook(guest.request()), [{ name: "mango" }]);
    const { id } = await photo(["banana"]);
    const other = await guestWithCameraItems(id, ["banana"]);
    await editPantryItem(await getCook(other.request()), { key: "banana", name: "Bananas", type: "Fruit" });
    await addToPantry(await getCook(other.request()), [{ name: "grandma's chutney" }]);
    expect(await lessons()).toEqual([]);
  });

  it("a lesson belongs to the model that read the photo: another model's memory leaves it out", async () => {
    // darknet-tiny before decision 182 and the fine-tuned network make embeddings of the same length
    const embedding = Float32Array.from({ length: 128 }, () => Math.random());
    const id = await saveCapture("fine-tuned", embedding, ["lemon"]);
    const guest = await guestWithCameraItems(id, ["lemon"]);
    expect((await removePantryItem(await getCook(guest.request()), "lemon")).ok).toBe(true);
    expect(await prisma.visionExample.findMany({ select: { model: true } })).toEqual([{ model: "fine-tuned" }]);
    expect(await memoryOf("fine-tuned")).toEqual([["lemon", true]]);
    expect(await memoryOf("darknet-tiny")).toEqual([]);
  });

  it("still makes the change when the photo is no longer kept", async () => {
    const guest = await guestWithCameraItems("f".repeat(32), ["banana"]);
    const removed = await removePantryItem(await getCook(guest.request()), "banana");
    expect(removed.ok && removed.removed.name).toBe("banana");
    expect(await lessons()).toEqual([]);
  });
});
