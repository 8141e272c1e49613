import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { isPostgresUrl } from "~/services/db.server";

function sqliteFileOf(databaseUrl: string): string {
  if (isPostgresUrl(databaseUrl)) {
    throw new Error("db:backup and db:restore handle the SQLite database; for PostgreSQL use pg_dump and pg_restore.");
  }
  return path.resolve(databaseUrl.replace(/^file:/, "").split("?")[0]);
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function integrityOf(file: string): Promise<string> {
  const client = createClient({ url: `file:${file}` });
  try {
    const result = await client.execute("PRAGMA integrity_check");
    return result.rows.map((row) => String(row[0])).join("; ");
  } finally {
    client.close();
  }
}

/**
 * A consistent copy of a live database. `VACUUM INTO` reads the whole database inside one read transaction,
 * so writers carry on (WAL) and the copy is the state at one instant, compacted, with no WAL of its own.
 * (libsql's driver does not implement SQLite's backup() call; this is the SQL-level equivalent.)
 */
export async function backupDatabase(
  databaseUrl: string,
  targetFile: string
): Promise<{ file: string; bytes: number }> {
  const source = sqliteFileOf(databaseUrl);
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  const target = path.resolve(targetFile);
  if (existsSync(target)) throw new Error(`${target} already exists; choose another name`);
  mkdirSync(path.dirname(target), { recursive: true });
  const client = createClient({ url: `file:${source}` });
  try {
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute(`VACUUM INTO ${sqlString(target)}`);
  } finally {
    client.close();
  }
  const integrity = await integrityOf(target);
  if (integrity !== "ok") throw new Error(`The copy failed its integrity check: ${integrity}`);
  return { file: target, bytes: statSync(target).size };
}

/**
 * Puts a backup in place of the database. Run it with the server stopped: the file is swapped whole
 * (copy beside it, then rename), and the old WAL is removed so none of its pages are replayed over the backup.
 */
export async function restoreDatabase(backupFile: string, databaseUrl: string): Promise<{ file: string }> {
  const backup = path.resolve(backupFile);
  if (!existsSync(backup)) throw new Error(`No backup at ${backup}`);
  const integrity = await integrityOf(backup);
  if (integrity !== "ok") throw new Error(`The backup failed its integrity check, nothing was changed: ${integrity}`);
  const target = sqliteFileOf(databaseUrl);
  mkdirSync(path.dirname(target), { recursive: true });
  const staging = `${target}.restoring`;
  copyFileSync(backup, staging);
  for (const extra of ["-wal", "-shm", "-journal"]) rmSync(target + extra, { force: true });
  renameSync(staging, target);
  return { file: target };
}
