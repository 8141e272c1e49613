/**
 * The whole cookbook read as the ranking index's columns (RecipeColumns), for building the index: counted first,
 * so every column is made at its final length, then read in one streamed pass of one row per recipe (its lines,
 * tags and average rating joined by the database), each row written straight into the columns: no object per
 * recipe or per line.
 *
 * On SQLite the pass is a statement of its own connection (the libsql driver Prisma's adapter uses), iterated a
 * hundred rows at a time inside one read transaction, so the counts and the rows are of one snapshot, and the event
 * loop let go every ROWS_PER_TURN rows. On
 * PostgreSQL it is a cursor in a repeatable-read transaction, fetched a page at a time through Prisma.
 */
import { existsSync } from "node:fs";
import Database from "libsql";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { parseQuantity, toGrams, type Quantity } from "~/domain/quantity";
import { bitsOf, grown, type RecipeColumns } from "~/domain/ranking";
import { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { databaseUrl, isPostgresUrl, prisma, sqliteFilePath } from "./db.server";
import { rawNumber, rawNumberOrNull, type RawNumber } from "./raw-row.server";

/** Joins lines (char(31) in the query): the unit separator, a control character no typed quantity holds. */
const LINE_SEPARATOR = "\u001f";
/** Quantity texts whose reading is remembered (a cookbook's lines repeat a few thousand: "1 onion", "200 g"). */
const QUANTITIES_REMEMBERED = 50_000;
/** Tag lists whose masks are remembered ("cuisine:Italian|occasion:Dinner": a cookbook has a few hundred). */
const TAG_LISTS_REMEMBERED = 10_000;
/** SQLite rows read in one turn of the event loop (about 20 ms on this machine). */
const ROWS_PER_TURN = 2_000;
/** Rows per FETCH of the PostgreSQL cursor. */
const ROWS_PER_FETCH = 5_000;
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** How long the PostgreSQL read may take (a million recipes: about a minute on a busy machine). */
const READ_TIMEOUT_MS = 30 * 60_000;

/** One recipe as the reading query answers it (SQLite: an array in this order; PostgreSQL: named columns). */
export interface RecipeRow {
  id: RawNumber;
  name: string;
  /** the lines with an ingredient, in order, each "ingredientId:quantity", joined by LINE_SEPARATOR */
  lines: string | null;
  /** each "kind:value", joined by "|" */
  tags: string | null;
  rating: RawNumber | null;
  visibleTo: RawNumber;
  prepTime: RawNumber | null;
  cookingTime: RawNumber | null;
}

/** The reading query for the recipes whose ids pass `condition` (on r."id"), one row per recipe, by id. */
export function recipeRowsQuery(condition: Prisma.Sql, postgres: boolean): Prisma.Sql {
  // The separators are written as SQL (no parameters), so PostgreSQL can declare a cursor over the query.
  const joined = (value: string, separator: string, order = "") =>
    postgres ? `string_agg(${value}::text, ${separator}${order})` : `group_concat(${value}, ${separator}${order})`;
  const lineSeparator = postgres ? "chr(31)" : "char(31)";
  return Prisma.sql`
    SELECT r."id", r."name",
      (SELECT ${Prisma.raw(
        joined(
          `l."ingredientId" || ':' || replace(l."quantity", ${lineSeparator}, ' ')`,
          lineSeparator,
          ' ORDER BY l."position"'
        )
      )}
        FROM "RecipeIngredient" l WHERE l."recipeId" = r."id" AND l."ingredientId" IS NOT NULL) AS "lines",
      (SELECT ${Prisma.raw(joined(`t."kind" || ':' || t."value"`, "'|'"))}
        FROM "RecipeTag" t WHERE t."recipeId" = r."id") AS "tags",
      (SELECT CAST(avg(v."rating") AS DOUBLE PRECISION) FROM "Review" v WHERE v."recipeId" = r."id") AS "rating",
      r."visibleTo", r."prepTime", r."cookingTime"
    FROM "Recipe" r WHERE ${condition} ORDER BY r."id"`;
}

/** Grams of a line's quantity text for its ingredient (rounded), NaN when the text does not tell. */
export class GramsReader {
  private readonly quantities = new Map<string, Quantity>();

  constructor(private readonly unitWeights: ReadonlyMap<number | null, Record<string, number>>) {}

  grams(text: string, ingredientId: number): number {
    let quantity = this.quantities.get(text);
    if (quantity === undefined) {
      quantity = parseQuantity(text);
      if (this.quantities.size >= QUANTITIES_REMEMBERED) this.quantities.clear();
      this.quantities.set(text, quantity);
    }
    const grams = toGrams(quantity, this.unitWeights.get(ingredientId) ?? {});
    return grams === null ? Number.NaN : Math.round(grams);
  }
}

interface CatalogueReading {
  stapleIds: Set<number | null>;
  grams: GramsReader;
}

/** Made once per catalogue (a catalogue changed is a new object): every index check reads recipes with it. */
const readingOf = new WeakMap<object, CatalogueReading>();

/** What reading the cookbook needs of the catalogue: the staples (not key ingredients) and each one's unit weights. */
export async function catalogueForReading(): Promise<CatalogueReading> {
  const catalogue = await loadCatalogue();
  let reading = readingOf.get(catalogue);
  if (!reading) {
    reading = {
      stapleIds: new Set(catalogue.ingredients.filter((ingredient) => ingredient.isStaple).map(ingredientIdOf)),
      grams: new GramsReader(
        new Map(catalogue.ingredients.map((ingredient) => [ingredientIdOf(ingredient), ingredient.unitWeights]))
      ),
    };
    readingOf.set(catalogue, reading);
  }
  return reading;
}

/** The diet, cuisine and occasion masks of a recipe's joined tags. */
export function tagMasks(tags: string | null): [diets: number, cuisines: number, occasions: number] {
  const byKind: Record<string, string[]> = { diet: [], cuisine: [], occasion: [] };
  for (const tag of tags ? tags.split("|") : []) {
    const separator = tag.indexOf(":");
    byKind[tag.slice(0, separator)]?.push(tag.slice(separator + 1));
  }
  return [
    bitsOf(byKind.diet, DIETARY_PREFERENCES),
    bitsOf(byKind.cuisine, CUISINES),
    bitsOf(byKind.occasion, MEAL_OCCASIONS),
  ];
}

/** Columns filled row by row; made for the counted recipes and lines, grown only if more come (a count raced). */
export class ColumnsWriter {
  private readonly columns: RecipeColumns;
  private lines = 0;
  private readonly tagLists = new Map<string | null, [number, number, number]>();

  constructor(
    recipes: number,
    lines: number,
    private readonly stapleIds: ReadonlySet<number | null>,
    private readonly gramsReader: GramsReader
  ) {
    this.columns = {
      count: 0,
      ids: new Int32Array(recipes),
      names: new Array<string>(recipes),
      owners: new Int32Array(recipes),
      dietMasks: new Uint16Array(recipes),
      cuisineMasks: new Uint16Array(recipes),
      occasionMasks: new Uint8Array(recipes),
      ratings: new Float64Array(recipes),
      minutes: new Float32Array(recipes),
      lineStarts: new Int32Array(recipes + 1),
      lineIds: new Int32Array(lines),
      lineGrams: new Float64Array(lines),
      lineIsKey: new Uint8Array(lines),
    };
  }

  add(
    id: number,
    name: string,
    lines: string | null,
    tags: string | null,
    rating: number | null,
    visibleTo: number,
    prepTime: number | null,
    cookingTime: number | null
  ): void {
    const columns = this.columns;
    const recipe = columns.count++;
    if (recipe >= columns.ids.length) this.growRecipes(recipe + 1);
    columns.ids[recipe] = id;
    columns.names[recipe] = name;
    columns.owners[recipe] = visibleTo;
    let masks = this.tagLists.get(tags);
    if (masks === undefined) {
      masks = tagMasks(tags);
      if (this.tagLists.size >= TAG_LISTS_REMEMBERED) this.tagLists.clear();
      this.tagLists.set(tags, masks);
    }
    [columns.dietMasks[recipe], columns.cuisineMasks[recipe], columns.occasionMasks[recipe]] = masks;
    columns.ratings[recipe] = rating ?? Number.NaN;
    columns.minutes[recipe] =
      prepTime === null && cookingTime === null ? Number.NaN : (prepTime ?? 0) + (cookingTime ?? 0);
    if (lines) {
      for (let start = 0; start <= lines.length; ) {
        let end = lines.indexOf(LINE_SEPARATOR, start);
        if (end < 0) end = lines.length;
        // "ingredientId:quantity": the id's digits read in place, the quantity cut out; a piece of another shape
        // (the query blanks the separator out of quantities, so none should come) is passed over, never misread
        let ingredientId = 0;
        let at = start;
        for (let code = lines.charCodeAt(at); at < end && code >= 48 && code <= 57; code = lines.charCodeAt(++at)) {
          ingredientId = ingredientId * 10 + (code - 48);
        }
        if (at > start && at < end && lines.charCodeAt(at) === 58 /* : */) {
          this.addLine(ingredientId, this.gramsReader.grams(lines.slice(at + 1, end), ingredientId));
        }
        start = end + 1;
      }
    }
    columns.lineStarts[recipe + 1] = this.lines;
  }

  /** A row as a query through Prisma answers it (numbers may come as bigints on PostgreSQL). */
  addRow(row: RecipeRow): void {
    this.add(
      rawNumber(row.id),
      row.name,
      row.lines,
      row.tags,
      rawNumberOrNull(row.rating),
      rawNumber(row.visibleTo),
      rawNumberOrNull(row.prepTime),
      rawNumberOrNull(row.cookingTime)
    );
  }

  private addLine(ingredientId: number, grams: number): void {
    const columns = this.columns;
    if (this.lines >= columns.lineIds.length) this.growLines(this.lines + 1);
    columns.lineIds[this.lines] = ingredientId;
    columns.lineGrams[this.lines] = grams;
    columns.lineIsKey[this.lines++] = this.stapleIds.has(ingredientId) ? 0 : 1;
  }

  /** Room for more recipes than were counted (a count raced a save): grown as the index grows its arrays. */
  private growRecipes(needed: number): void {
    const columns = this.columns;
    columns.ids = grown(columns.ids, needed);
    columns.owners = grown(columns.owners, needed);
    columns.dietMasks = grown(columns.dietMasks, needed);
    columns.cuisineMasks = grown(columns.cuisineMasks, needed);
    columns.occasionMasks = grown(columns.occasionMasks, needed);
    columns.ratings = grown(columns.ratings, needed);
    columns.minutes = grown(columns.minutes, needed);
    columns.lineStarts = grown(columns.lineStarts, needed + 1);
  }

  private growLines(needed: number): void {
    const columns = this.columns;
    columns.lineIds = grown(columns.lineIds, needed);
    columns.lineGrams = grown(columns.lineGrams, needed);
    columns.lineIsKey = grown(columns.lineIsKey, needed);
  }

  /** The columns written (the index takes only the first `count` recipes and the lines they name). */
  finish(): RecipeColumns {
    this.columns.names.length = this.columns.count;
    return this.columns;
  }
}

/** SQLite: the counts and the rows in one read transaction of a connection of its own, rows streamed. */
async function readSqlite(stapleIds: ReadonlySet<number | null>, grams: GramsReader): Promise<RecipeColumns> {
  const file = sqliteFilePath(databaseUrl());
  // libsql would make a new empty file: the app's database is read, or the build fails saying which file it missed
  if (!existsSync(file)) throw new Error(`The cookbook's database file ${file} does not exist`);
  const database = new Database(file, {
    timeout: SQLITE_BUSY_TIMEOUT_MS,
  });
  try {
    database.exec("BEGIN");
    const [recipes] = database.prepare('SELECT count(*) FROM "Recipe"').raw(true).get() as [number];
    const [lines] = database
      .prepare('SELECT count(*) FROM "RecipeIngredient" WHERE "ingredientId" IS NOT NULL')
      .raw(true)
      .get() as [number];
    const writer = new ColumnsWriter(recipes, lines, stapleIds, grams);
    const query = recipeRowsQuery(Prisma.sql`1 = 1`, false);
    const rows = database
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.values) as Iterable<
      [number, string, string | null, string | null, number | null, number, number | null, number | null]
    >;
    let read = 0;
    for (const [id, name, lineList, tags, rating, visibleTo, prepTime, cookingTime] of rows) {
      writer.add(id, name, lineList, tags, rating, visibleTo, prepTime, cookingTime);
      // the driver reads synchronously: other requests are let through between stretches of rows
      if (++read % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    database.exec("COMMIT");
    return writer.finish();
  } catch (error) {
    // a statement left open keeps the snapshot (and the WAL behind it) until the collector finds it
    if (database.inTransaction) database.exec("ROLLBACK");
    throw error;
  } finally {
    database.close();
  }
}

/** PostgreSQL: the counts and a cursor over the rows in one repeatable-read transaction, a page per FETCH. */
async function readPostgres(stapleIds: ReadonlySet<number | null>, grams: GramsReader): Promise<RecipeColumns> {
  let columns: RecipeColumns | undefined;
  await prisma.$transaction(
    async (transaction) => {
      const [{ recipes, lines }] = await transaction.$queryRaw<{ recipes: RawNumber; lines: RawNumber }[]>`
        SELECT (SELECT count(*) FROM "Recipe") AS "recipes",
          (SELECT count(*) FROM "RecipeIngredient" WHERE "ingredientId" IS NOT NULL) AS "lines"`;
      const writer = new ColumnsWriter(rawNumber(recipes), rawNumber(lines), stapleIds, grams);
      await transaction.$executeRawUnsafe(
        `DECLARE cookbook NO SCROLL CURSOR FOR ${recipeRowsQuery(Prisma.sql`TRUE`, true).sql}`
      );
      for (;;) {
        const rows = await transaction.$queryRawUnsafe<RecipeRow[]>(`FETCH ${ROWS_PER_FETCH} FROM cookbook`);
        for (const row of rows) writer.addRow(row);
        if (rows.length < ROWS_PER_FETCH) break;
      }
      // kept outside: what the callback answers stays referenced by the client after the transaction
      columns = writer.finish();
    },
    {
      // the PostgreSQL client's level (the type is the SQLite client's, which knows only Serializable)
      isolationLevel: "RepeatableRead" as unknown as Prisma.TransactionIsolationLevel,
      timeout: READ_TIMEOUT_MS,
      maxWait: READ_TIMEOUT_MS,
    }
  );
  return columns!;
}

/** Every recipe of the cookbook, in id order, as the ranking index's columns. */
export async function readCookbookColumns(): Promise<RecipeColumns> {
  const { stapleIds, grams } = await catalogueForReading();
  return isPostgresUrl(databaseUrl()) ? readPostgres(stapleIds, grams) : readSqlite(stapleIds, grams);
}
