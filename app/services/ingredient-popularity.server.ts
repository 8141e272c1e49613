/** How often catalogue ingredients are searched for or added, for Home's most-searched toggles. */
import { resolveName } from "~/domain/pantry";
import { OTHER_TYPE } from "~/domain/ingredient-types";
import { loadCatalogue } from "./catalogue.server";
import { prisma } from "./db.server";

/** Counts catalogue names people search for or add. */
export async function countPopularity(names: string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await prisma.$transaction(
      names.map((name) =>
        prisma.ingredientPopularity.upsert({
          where: { name },
          create: { name, count: 1 },
          update: { count: { increment: 1 } },
        })
      )
    );
  } finally {
    popularityCounted++;
  }
}

/** Counts a search that named a catalogue ingredient. */
export async function recordIngredientSearch(query: string): Promise<void> {
  const found = resolveName(await loadCatalogue(), query);
  if (found?.ingredient) await countPopularity([found.ingredient.name]);
}

/**
 * The most-searched list read last, used again for MOST_SEARCHED_FRESH_MS: every load of Home shows it. A count
 * made by this process shows at once (a read that began before it is not kept); other processes' within that time.
 */
let mostSearchedRead: { at: number; counted: number; limit: number; rows: { name: string }[] } | undefined;
let popularityCounted = 0;
const MOST_SEARCHED_FRESH_MS = 2_000;

/** The ingredients people search for and add most, most popular first (catalogue names and types). */
export async function mostSearchedIngredients(limit: number): Promise<{ name: string; type: string }[]> {
  const catalogue = await loadCatalogue();
  const kept = mostSearchedRead;
  const fresh =
    kept && kept.limit === limit && kept.counted === popularityCounted && Date.now() - kept.at < MOST_SEARCHED_FRESH_MS;
  let rows = fresh ? kept.rows : undefined;
  if (!rows) {
    const started = { at: Date.now(), counted: popularityCounted, limit };
    rows = await readMostSearched(limit);
    if (started.counted === popularityCounted) mostSearchedRead = { ...started, rows };
  }
  return rows.map((row) => ({ name: row.name, type: catalogue.byName(row.name)?.type ?? OTHER_TYPE }));
}

function readMostSearched(limit: number) {
  return prisma.ingredientPopularity.findMany({
    orderBy: [{ count: "desc" }, { updatedAt: "desc" }],
    take: limit,
    select: { name: true },
  });
}
