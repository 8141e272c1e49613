/** What the suggestions screen sorts on beyond the ranking: a recipe's average rating. */
import type { SuggestionFacts } from "~/domain/suggestion-view";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { rawNumber, rawNumberOrNull, type RawNumber } from "./raw-row.server";

/**
 * The items with their average star rating (null before the first review), for the "best rated" sort: no card shows
 * it, so the other sorts do not read it (decision 166).
 */
export async function withRatings<Item extends { menu_id: number }>(
  items: Item[]
): Promise<(Item & Pick<SuggestionFacts, "rating">)[]> {
  const ids = items.map((item) => item.menu_id);
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<{ recipeId: RawNumber; rating: RawNumber | null }[]>`
    SELECT r."recipeId", CAST(AVG(r."rating") AS DOUBLE PRECISION) AS "rating"
    FROM "Review" r
    WHERE r."recipeId" IN (${Prisma.join(ids)})
    GROUP BY r."recipeId"`;
  const ratingOf = new Map(rows.map((row) => [rawNumber(row.recipeId), rawNumberOrNull(row.rating)]));
  return items.map((item) => ({ ...item, rating: ratingOf.get(item.menu_id) ?? null }));
}
