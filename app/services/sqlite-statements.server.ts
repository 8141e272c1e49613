import { createRequire } from "node:module";

/** Distinct statements kept per database connection; Prisma's queries are a few hundred texts at most. */
const STATEMENTS_KEPT = 500;
/** Reads and writes of rows: their statements are kept. Anything else (schema changes, PRAGMA) empties the cache. */
const ROW_STATEMENT = /^\s*(select|with|insert|update|delete)\b/i;
/** A transaction's own statements change no schema: prepared as they come, nothing forgotten. */
const TRANSACTION_STATEMENT = /^\s*(begin|commit|end|rollback|savepoint|release)\b/i;

interface Statement {
  columns(): unknown;
}
interface Database {
  prepare(sql: string): Statement;
}

const keptBy = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement for `sql` on `database`, kept for the next time the same text is run (decision 166).
 * Prisma's libsql client prepares every query afresh and asks twice for its columns; preparing and describing a
 * statement cost a page about as much CPU as running its 5 to 7 queries. A kept statement is safe to run again:
 * the client sets its modes (raw rows, 64-bit integers) before each run and reads all its rows synchronously,
 * and SQLite prepares it again by itself if the schema changed. Its columns are remembered with it, so any
 * statement that is not a read or write of rows (a migration, a PRAGMA) empties this connection's cache.
 */
export function keptStatement(database: Database, sql: string, prepare: (sql: string) => Statement): Statement {
  if (TRANSACTION_STATEMENT.test(sql)) return prepare(sql);
  let kept = keptBy.get(database);
  if (!ROW_STATEMENT.test(sql)) {
    kept?.clear();
    return prepare(sql);
  }
  if (!kept) keptBy.set(database, (kept = new Map()));
  const known = kept.get(sql);
  if (known) {
    // the most recently used last: the first is the one to drop
    kept.delete(sql);
    kept.set(sql, known);
    return known;
  }
  const statement = prepare(sql);
  try {
    const columns = statement.columns();
    statement.columns = () => columns;
  } catch {
    // a statement that returns no rows may have no columns to describe: the client asks again, as it did
  }
  kept.set(sql, statement);
  if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
  return statement;
}

/** Makes every libsql connection in this process keep its prepared statements. */
export function keepSqliteStatements() {
  const prototype = (createRequire(import.meta.url)("libsql") as { prototype: Database & { keepsStatements?: true } })
    .prototype;
  if (prototype.keepsStatements) return;
  const prepare = prototype.prepare;
  prototype.prepare = function prepareOnce(this: Database, sql: string) {
    return keptStatement(this, sql, (text) => prepare.call(this, text));
  };
  prototype.keepsStatements = true;
}
