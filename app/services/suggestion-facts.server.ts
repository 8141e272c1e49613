/** What the suggestions screen filters and sorts on beyond the ranking: cuisines, occasions and rating. */
import type { SuggestionFacts } from "~/domain/suggestion-view";
import { prisma } from "./db.server";

type ExtraFacts = Pick<SuggestionFacts, "cuisines" | "occasions" | "rating">;

export async function withSuggestionFacts<Item extends { menu_id: number }>(
  items: Item[]
): Promise<(Item & ExtraFacts)[]> {
  const ids = items.map((item) => item.menu_id);
  if (ids.length === 0) return [];
  const [tags, ratings] = await Promise.all([
    prisma.recipeTag.findMany({
      where: { recipeId: { in: ids }, kind: { in: ["cuisine", "occasion"] } },
      select: { recipeId: true, kind: true, value: true },
    }),
    prisma.review.groupBy({ by: ["recipeId"], where: { recipeId: { in: ids } }, _avg: { rating: true } }),
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.recipeId, row._avg.rating]));
  return items.map((item) => {
    const own = tags.filter((tag) => tag.recipeId === item.menu_id);
    return {
      ...item,
      cuisines: own.filter((tag) => tag.kind === "cuisine").map((tag) => tag.value),
      occasions: own.filter((tag) => tag.kind === "occasion").map((tag) => tag.value),
      rating: ratingOf.get(item.menu_id) ?? null,
    };
  });
}
