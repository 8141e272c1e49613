/**
 * A user's shopping list. Adding merges into the list by name (spec 4): a name already listed — through the
 * catalogue, so "tomatoes" and "tomato" are one item — keeps its entry, which also makes a repeated add
 * (a double submit) change nothing.
 */
import * as z from "zod";
import { idField } from "~/domain/ids";
import { ingredientIconUrl, OTHER_TYPE } from "~/domain/ingredient-types";
import { resolveName } from "~/domain/pantry";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";

/** A shopping item as the list shows it (spec 3 Shopping item). */
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

export async function listShoppingItems(userId: number): Promise<ShoppingItemView[]> {
  const rows = await prisma.shoppingItem.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, quantity: true, image: true },
  });
  return rows.map((row) => ({ ...row, image: row.image ?? FALLBACK_IMAGE }));
}

/** Adds the items not listed yet; returns the names that were added and those already on the list. */
export async function addShoppingItems(
  userId: number,
  items: readonly NewShoppingItem[],
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
      where: { userId, nameKey: { in: wanted.map((item) => item.nameKey) } },
      select: { nameKey: true, name: true },
    });
    const listedKeys = new Set(listed.map((row) => row.nameKey));
    const fresh = wanted.filter((item) => !listedKeys.has(item.nameKey));
    for (const item of fresh) {
      await tx.shoppingItem.upsert({
        where: { userId_nameKey: { userId, nameKey: item.nameKey } },
        create: { userId, ...item },
        update: {},
      });
    }
    return { added: fresh.map((item) => item.name), alreadyListed: listed.map((row) => row.name) };
  });
}

/** Removes one of the user's items; false when it was not theirs or is gone already. */
export async function removeShoppingItem(userId: number, itemId: number): Promise<boolean> {
  const { count } = await prisma.shoppingItem.deleteMany({ where: { id: itemId, userId } });
  return count > 0;
}

const RemovalSchema = z.object({ intent: z.literal("remove", { error: "Unknown action" }), item: idField("item") });

/**
 * The list's Remove form ({ intent: "remove", item }), checked. Parsed here rather than in the route module: a
 * route that so much as imports zod carries it to the browser.
 */
export const parseRemoval = (formData: FormData) => RemovalSchema.safeParse(Object.fromEntries(formData));
