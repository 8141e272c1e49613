/** What the suggestions screen filters and sorts on beyond the ranking: cuisines, occasions and rating. */
import type { SuggestionFacts } from "~/domain/suggestion-view";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";

type ExtraFacts = Pick<SuggestionFacts, "cuisines" | "occasions" | "rating">;

export async function withSuggestionFacts<Item extends { menu_id: number }>(
  items: Item[]
): Promise<(Item & ExtraFacts)[]> {
  const ids = items.map((item) => item.menu_id);
  if (ids.length === 0) return [];
  // One statement for both (decision 160): a recipe's cuisines and occasions, and its average rating in a row of
  // its own (kind "rating").
  const rows = await prisma.$queryRaw<
    { recipeId: number; kind: string; value: string | null; rating: number | null }[]
  >`
    SELECT t."recipeId", t."kind", t."value", NULL AS "rating"
    FROM "RecipeTag" t
    WHERE t."recipeId" IN (${Prisma.join(ids)}) AND t."kind" IN ('cuisine', 'occasion')
    UNION ALL
    SELECT r."recipeId", 'rating' AS "kind", NULL AS "value", CAST(AVG(r."rating") AS DOUBLE PRECISION) AS "rating"
    FROM "Review" r
    WHERE r."recipeId" IN (${Prisma.join(ids)})
    GROUP BY r."recipeId"`;
  const factsOf = new Map(
    ids.map((id) => [id, { cuisines: [] as string[], occasions: [] as string[], rating: null as number | null }])
  );
  for (const row of rows) {
    const facts = factsOf.get(Number(row.recipeId));
    if (!facts) continue;
    if (row.kind === "cuisine") facts.cuisines.push(row.value!);
    else if (row.kind === "occasion") facts.occasions.push(row.value!);
    else if (row.rating !== null) facts.rating = Number(row.rating);
  }
  return items.map((item) => ({ ...item, ...factsOf.get(item.menu_id)! }));
}
