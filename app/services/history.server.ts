/** The recipes a user opened, newest first. Opening the same recipe again straight away adds no new entry. */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { visibleTo } from "./recipe-access.server";
import { MENU_CARD_FIELDS, toMenuCard, type MenuCard } from "./menu-card.server";
import { withSharedPhotos } from "./recipe-pictures.server";
import { rawDate, rawNumber, type RawDate, type RawNumber } from "./raw-row.server";

/** A history entry as the history list and GET /api/history/<userId> show it. */
export interface HistoryEntryView extends MenuCard {
  history_id: number;
  user_id: number;
  created_at: string;
}

/** Reopening the recipe last opened within this time (reloads, coming back from a list) is the same visit. */
export const REPEAT_VISIT_MS = 30 * 60 * 1000;
/** Entries a list shows; older ones stay stored. */
export const HISTORY_LIST_LIMIT = 100;

const entryFields = {
  id: true,
  userId: true,
  createdAt: true,
  recipe: { select: MENU_CARD_FIELDS },
} as const;

type StoredEntry = Prisma.HistoryEntryGetPayload<{ select: typeof entryFields }>;

function toView(entry: StoredEntry): HistoryEntryView {
  return {
    history_id: entry.id,
    user_id: entry.userId,
    ...toMenuCard(entry.recipe),
    created_at: entry.createdAt.toISOString(),
  };
}

const newestFirst: Prisma.HistoryEntryOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/**
 * Records that the user opened the recipe, unless their latest entry is this recipe opened less than
 * REPEAT_VISIT_MS ago. Answers the entry that stands for the visit (and whether it is new), or null when the
 * recipe does not exist or the user may not see it.
 */
export async function recordHistory(
  userId: number,
  recipeId: number,
  now = new Date()
): Promise<{ entryId: number; created: boolean } | null> {
  type Latest = { id: number; recipeId: number; createdAt: Date } | null;
  const isRepeat = (latest: Latest): latest is NonNullable<Latest> =>
    latest !== null && latest.recipeId === recipeId && now.getTime() - latest.createdAt.getTime() < REPEAT_VISIT_MS;
  // Raw: every visit to a recipe reads it (decision 160).
  const latestOf = async (client: Pick<typeof prisma, "$queryRaw">): Promise<Latest> => {
    const [row] = await client.$queryRaw<{ id: RawNumber; recipeId: RawNumber; createdAt: RawDate }[]>`
      SELECT "id", "recipeId", "createdAt" FROM "HistoryEntry" WHERE "userId" = ${userId}
      ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`;
    return row ? { id: rawNumber(row.id), recipeId: rawNumber(row.recipeId), createdAt: rawDate(row.createdAt) } : null;
  };
  // Reloading the recipe screen only reads: the transaction (one at a time on SQLite) is kept for the write.
  const latest = await latestOf(prisma);
  if (isRepeat(latest)) return { entryId: latest.id, created: false };
  return prisma.$transaction(async (tx) => {
    if ((await tx.recipe.count({ where: { id: recipeId, ...visibleTo(userId) } })) === 0) return null;
    const current = await latestOf(tx);
    if (isRepeat(current)) return { entryId: current.id, created: false };
    const created = await tx.historyEntry.create({ data: { userId, recipeId, createdAt: now }, select: { id: true } });
    return { entryId: created.id, created: true };
  });
}

export async function findHistoryEntry(entryId: number): Promise<HistoryEntryView> {
  return toView(await prisma.historyEntry.findUniqueOrThrow({ where: { id: entryId }, select: entryFields }));
}

export async function listHistory(userId: number): Promise<HistoryEntryView[]> {
  const rows = await prisma.historyEntry.findMany({
    // a recipe its author has not shared is listed for its author only
    where: { userId, recipe: visibleTo(userId) },
    orderBy: newestFirst,
    take: HISTORY_LIST_LIMIT,
    select: entryFields,
  });
  return withSharedPhotos(rows.map(toView));
}

/** The recipe the user opened last, or null. */
export async function lastOpenedRecipeId(userId: number): Promise<number | null> {
  const latest = await prisma.historyEntry.findFirst({
    where: { userId },
    orderBy: newestFirst,
    select: { recipeId: true },
  });
  return latest?.recipeId ?? null;
}
