/**
 * The ranking index of the cookbook (app/domain/ranking.ts): built from the database once per process (in
 * the background as the server starts: warmRecipeIndex; the whole cookbook read in one pass into columns by
 * cookbook-columns.server.ts), then kept up to date with small reads instead of rebuilds.
 *
 * - Every search first reads the cookbook's version (CookbookVersion, one row the database's triggers bump on every
 *   write of a recipe or review, by any process: decision 122). Unchanged, the index is current; changed, the
 *   check below runs before ranking. So a recipe just saved or rated, here or by another process of the app or the
 *   recipes:import CLI, is found in its place by the very next search, and a search costs one primary-key read
 *   however large the cookbook.
 * - Without that row (a database emptied by hand) the check runs after this process's writes (cookbookChanged())
 *   and at most every CHECK_INTERVAL_MS otherwise.
 *
 * A check reads the ids of recipes deleted since the version it last saw (RecipeDeletion, which the database's
 * trigger writes with the version the deletion bumped: decision 173) and takes them out of the index in place; the
 * ids of recipes updated since the last check (a range on the Recipe.updatedAt index) and re-reads only those
 * whose update time it has not applied yet; the recipe count (a write the window missed, or a deletion older than
 * the day RecipeDeletion keeps, makes it differ from the index: full rebuild); and the recipes whose reviews changed
 * since that version (ReviewChange, written by the trigger on Review: decision 176), whose average ratings alone it
 * reads again. The ingredient catalogue is not watched: a change of a staple flag or an ingredient's name reaches
 * the index with a restart.
 */
import { recipeIndexFromColumns, recipesOfColumns, type RankableRecipe, type RecipeIndex } from "~/domain/ranking";
import { rankingIngredients } from "~/domain/ranking-catalogue";
import { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import {
  catalogueForReading,
  ColumnsWriter,
  readCookbookColumns,
  recipeRowsQuery,
  type RecipeRow,
} from "./cookbook-columns.server";
import { databaseUrl, isPostgresUrl, prisma } from "./db.server";
import { rawBigInt, rawNumber, rawNumberOrNull, type RawNumber } from "./raw-row.server";

/** How often other processes' writes are looked for, at most. */
const CHECK_INTERVAL_MS = 2_000;
/**
 * A write is stamped (Recipe.updatedAt, by the writer's clock) before its transaction commits, so it can
 * become visible after the check that followed its stamp: each check also reads the recipes updated this
 * long before the previous check started. It covers slow commits and small clock differences between hosts.
 */
const WRITE_LAG_MS = 10_000;
/** Recipe ids per query when reading changed recipes (within every database's limit on query parameters). */
const IDS_PER_QUERY = 500;
/**
 * ReviewChange keeps a day of changes (by the database's clock): an index whose last check began longer ago than
 * this (an hour short of the day, for clocks that differ) reads every rating again instead.
 */
const REVIEW_CHANGES_TRUSTED_MS = 23 * 3_600_000;

interface TrackedIndex {
  index: RecipeIndex;
  /** cookbookChanged() calls taken into account */
  changesSeen: number;
  /** when the last check started (ms) */
  checkedAt: number;
  /** update times (ms) applied, for the recipes updated since WRITE_LAG_MS before checkedAt */
  recentlyApplied: Map<number, number>;
  /** the cookbook's version read before the index was built or checked (null: no version row) */
  version: bigint | null;
}

let changes = 0;
let tracked: TrackedIndex | undefined;
let checking: Promise<void> | undefined;

/** Tells this process's index that recipes or reviews were written, so the next search reads them. */
export function cookbookChanged(): void {
  changes++;
}

/** The cookbook's version (bumped by the database on every recipe or review write), or null without its row. */
async function cookbookVersion(): Promise<bigint | null> {
  // Raw: read before every search, and a model query costs the client twice what the statement does (decision 160).
  const [row] = await prisma.$queryRaw<{ version: RawNumber }[]>`
    SELECT "version" FROM "CookbookVersion" WHERE "id" = 1`;
  return row ? rawBigInt(row.version) : null;
}

async function averageRatings(): Promise<Map<number, number>> {
  // Raw: every recipe with reviews (a million recipes: 300,000 rows), half the time of the model's groupBy.
  const rows = await prisma.$queryRaw<{ recipeId: RawNumber; rating: RawNumber }[]>`
    SELECT "recipeId", CAST(avg("rating") AS DOUBLE PRECISION) AS "rating" FROM "Review" GROUP BY "recipeId"`;
  return new Map(rows.map((row) => [rawNumber(row.recipeId), rawNumber(row.rating)]));
}

/**
 * The average rating (null: no reviews left) of the recipes whose reviews changed after the cookbook was at
 * `version`, in one statement. A review's write bumps the version and writes its recipe down in one transaction,
 * and writers bump the version one after another: every change committed after `version` was read has a later one.
 */
async function ratingsChangedAfter(version: bigint): Promise<Map<number, number | null>> {
  const rows = await prisma.$queryRaw<{ recipeId: RawNumber; rating: RawNumber | null }[]>`
    SELECT c."recipeId", CAST(avg(r."rating") AS DOUBLE PRECISION) AS "rating"
    FROM "ReviewChange" c LEFT JOIN "Review" r ON r."recipeId" = c."recipeId"
    WHERE c."version" > ${version} GROUP BY c."recipeId"`;
  return new Map(rows.map((row) => [rawNumber(row.recipeId), rawNumberOrNull(row.rating)]));
}

const isPostgres = isPostgresUrl(databaseUrl());

/**
 * The recipes whose ids are listed, as the ranking index takes them. A recipe a user keeps to themself carries
 * their id: the index ranks it for them alone, so nobody else's suggestions can be changed by adding recipes.
 */
async function readRecipes(ids: readonly number[]): Promise<RankableRecipe[]> {
  const { stapleIds, grams } = await catalogueForReading();
  const writer = new ColumnsWriter(ids.length, 0, stapleIds, grams);
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    const condition = Prisma.sql`r."id" IN (${Prisma.join(ids.slice(start, start + IDS_PER_QUERY))})`;
    for (const row of await prisma.$queryRaw<RecipeRow[]>(recipeRowsQuery(condition, isPostgres))) writer.addRow(row);
  }
  return recipesOfColumns(writer.finish());
}

type RecipeUpdate = { id: number; updatedAt: Date };

/** Ids and update times of the recipes updated since WRITE_LAG_MS before `time` (a range on the updatedAt index). */
async function updatedSince(time: number): Promise<RecipeUpdate[]> {
  return prisma.recipe.findMany({
    where: { updatedAt: { gte: new Date(time - WRITE_LAG_MS) } },
    select: { id: true, updatedAt: true },
  });
}

function updateTimes(updates: RecipeUpdate[]): Map<number, number> {
  return new Map(updates.map((recipe) => [recipe.id, recipe.updatedAt.getTime()]));
}

async function buildIndex(version: bigint | null): Promise<TrackedIndex> {
  const changesSeen = changes;
  const checkedAt = Date.now();
  const catalogue = await loadCatalogue();
  const ingredients = rankingIngredients(catalogue.ingredients, ingredientIdOf);
  // Read before the recipes, so a recipe updated while they are read is read again by the next check.
  const recent = await updatedSince(checkedAt);
  const index = recipeIndexFromColumns(await readCookbookColumns(), ingredients);
  return { index, changesSeen, checkedAt, recentlyApplied: updateTimes(recent), version };
}

/**
 * Ids of the recipes deleted after the cookbook was at `version`. A deletion bumps the version and writes its row
 * in one transaction, and writers bump the version one after another: every deletion committed after `version`
 * was read has a later version.
 */
async function deletedAfter(version: bigint | null): Promise<Set<number>> {
  if (version === null) return new Set();
  const rows = await prisma.recipeDeletion.findMany({
    where: { version: { gt: version } },
    select: { recipeId: true },
  });
  return new Set(rows.map((row) => row.recipeId));
}

async function check(current: TrackedIndex, version: bigint | null): Promise<TrackedIndex> {
  const changesSeen = changes;
  const checkedAt = Date.now();
  const [deleted, updated] = await Promise.all([deletedAfter(current.version), updatedSince(current.checkedAt)]);
  current.index.remove(deleted);
  // a recipe saved again under a deleted one's id (written by hand) is read again whatever its update time
  for (const id of deleted) current.recentlyApplied.delete(id);
  const unapplied = updated
    .filter((recipe) => current.recentlyApplied.get(recipe.id) !== recipe.updatedAt.getTime())
    .map((recipe) => recipe.id);
  if (unapplied.length > 0) current.index.put(await readRecipes(unapplied));
  const count = await prisma.recipe.count();
  if (count !== current.index.size) return buildIndex(version);
  // without a version (its row deleted by hand) or after a day, the changes cannot be told apart: every rating
  if (current.version === null || checkedAt - current.checkedAt > REVIEW_CHANGES_TRUSTED_MS)
    current.index.setRatings(await averageRatings());
  else current.index.updateRatings(await ratingsChangedAfter(current.version));
  const recent = updated.filter((recipe) => recipe.updatedAt.getTime() >= checkedAt - WRITE_LAG_MS);
  return {
    index: current.index,
    changesSeen,
    checkedAt,
    recentlyApplied: updateTimes(recent),
    version,
  };
}

/** Whether the index needs no check for a search that began with `changesBefore` calls and read `version`. */
function isCurrent(current: TrackedIndex, changesBefore: number, calledAt: number, version: bigint | null): boolean {
  // A version at or after the search's: the index holds every write committed before the search began.
  if (version !== null && current.version !== null) return current.version >= version;
  return current.changesSeen >= changesBefore && current.checkedAt + CHECK_INTERVAL_MS > calledAt;
}

/**
 * The index, up to date with every write committed before the call, in any process (by the cookbook's version).
 * One check at a time: concurrent searches share it.
 */
export async function currentRecipeIndex(): Promise<RecipeIndex> {
  return (await currentCookbook()).index;
}

/**
 * The current index (currentRecipeIndex) and the cookbook's version read as the call began (null without the
 * version row): while a later call reads the same version, no recipe or review has been written since.
 */
export async function currentCookbook(): Promise<{ index: RecipeIndex; version: bigint | null }> {
  const calledAt = Date.now();
  const changesBefore = changes;
  const version = await cookbookVersion();
  for (;;) {
    const current = tracked;
    if (current && isCurrent(current, changesBefore, calledAt, version)) return { index: current.index, version };
    // The version is read before the check or build reads anything, so a write it misses bumps it again.
    checking ??= (async () => {
      const before = await cookbookVersion();
      tracked = current ? await check(current, before) : await buildIndex(before);
    })().finally(() => {
      checking = undefined;
    });
    // A check begun before this call may have read an older version: the loop compares again.
    await checking;
  }
}

/**
 * Builds the index in the background when the server starts (entry.server), so that the first search finds
 * it ready instead of waiting seconds for a large cookbook. Never rejects: on a failure (a database not set
 * up yet) it logs, and the first search builds the index as it would have.
 */
export async function warmRecipeIndex(): Promise<void> {
  try {
    await currentRecipeIndex();
  } catch (error) {
    console.warn(
      "Suggestions index: not built at start; the first search will build it:",
      error instanceof Error ? error.message : error
    );
  }
}
