import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "~/generated/prisma-postgres/client";
import { usernameKey } from "~/domain/text-safety";
import { keepSqliteStatements } from "~/services/sqlite-statements.server";

export const DEFAULT_DATABASE_URL = "file:./data/recipe-helper.db";

/** The database this process uses (read when asked: tests and benches set DATABASE_URL before they connect). */
export const databaseUrl = () => process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The error of a write that broke a unique constraint (e.g. a name or a pair already taken), on either database:
 * P2002 from Prisma's own queries; from raw SQL (recipe-store's multi-row inserts) the driver adapter's kind.
 */
export const isUniqueViolation = (error: unknown) => {
  const { code, meta } = (error ?? {}) as {
    code?: string;
    meta?: { driverAdapterError?: { cause?: { kind?: string } } };
  };
  return code === "P2002" || meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation";
};
/** Prisma's answer when the row a write names (a delete's, an update's) is not there. */
export const isRecordNotFound = (error: unknown) => (error as { code?: string } | null)?.code === "P2025";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The URL with a relative SQLite path made absolute against the process cwd. */
function resolvedDatabaseUrl(url: string): string {
  if (isPostgresUrl(url)) return url;
  const [filePath, query] = url.replace(/^file:/, "").split("?");
  return `file:${path.resolve(filePath)}${query === undefined ? "" : `?${query}`}`;
}

/** The absolute path of the SQLite database file a URL names (percent-decoded, as Prisma's libsql client reads it). */
export function sqliteFilePath(url: string): string {
  const filePath = resolvedDatabaseUrl(url)
    .replace(/^file:/, "")
    .split("?")[0];
  try {
    return decodeURIComponent(filePath);
  } catch {
    return filePath;
  }
}

class SqliteAdapterFactory extends PrismaLibSql {
  async connect() {
    const adapter = await super.connect();
    // WAL lets readers work while a write is in progress; the setting persists in the file.
    await adapter.executeScript("PRAGMA journal_mode = WAL;");
    return adapter;
  }
}

/** A write's arguments with U+0000 removed from every string (dates, bytes and other objects left alone). */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutNul(entry)]));
  }
  return value;
}

/**
 * Neither database keeps U+0000 in text (PostgreSQL refuses it, SQLite through libsql cuts the text there), so it
 * is dropped from every string written or searched for: such input is stored whole, minus that character.
 */
const dropNulCharacters = {
  query: {
    $allModels: {
      $allOperations: ({ args, query }: { args: unknown; query: (args: unknown) => Promise<unknown> }) =>
        query(withoutNul(args)),
    },
  },
};

/** Parameters per statement of insertRows: within SQLite's (32,766) and PostgreSQL's (65,535) limits. */
const PARAMETERS_PER_INSERT = 10_000;

type Cell = string | number | Date | null;
const quoted = (name: string) => `"${name}"`;

/** Multi-row INSERT statements of the rows, each within PARAMETERS_PER_INSERT, U+0000 dropped from their text. */
function insertStatements(table: string, columns: readonly string[], rows: readonly Cell[][], suffix = Prisma.empty) {
  const target = Prisma.raw(`${quoted(table)} (${columns.map(quoted).join(", ")})`);
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
  const statements: Prisma.Sql[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = rows
      .slice(start, start + perStatement)
      .map((row) => Prisma.sql`(${Prisma.join(row.map((value) => withoutNul(value)))})`);
    statements.push(Prisma.sql`INSERT INTO ${target} VALUES ${Prisma.join(values)}${suffix}`);
  }
  return statements;
}

/**
 * Inserts many rows with multi-row INSERT statements, U+0000 dropped from their text as the client does. For bulk
 * writes only: planning a createMany of thousands of rows costs the client more than the database's writing.
 * `table` and `columns` are identifiers of the schema, never user input.
 */
export async function insertRows(
  client: Pick<PrismaClient, "$executeRaw">,
  table: string,
  columns: readonly string[],
  rows: readonly Cell[][]
): Promise<void> {
  for (const statement of insertStatements(table, columns, rows)) await client.$executeRaw(statement);
}

/** insertRows answering the `returning` columns of the rows inserted (in no particular order). */
export async function insertRowsReturning<Row>(
  client: Pick<PrismaClient, "$queryRaw">,
  table: string,
  columns: readonly string[],
  rows: readonly Cell[][],
  returning: readonly string[]
): Promise<Row[]> {
  const suffix = Prisma.raw(` RETURNING ${returning.map(quoted).join(", ")}`);
  const inserted: Row[] = [];
  for (const statement of insertStatements(table, columns, rows, suffix)) {
    inserted.push(...(await client.$queryRaw<Row[]>(statement)));
  }
  return inserted;
}

/** User data with the key of the username it sets (so "Alice" cannot join while "alice" exists). */
function withUsernameKey(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withUsernameKey);
  const { username } = (data ?? {}) as { username?: unknown };
  return typeof username === "string" ? { ...(data as object), usernameKey: usernameKey(username) } : data;
}

/** Every write of a username writes its key: one unique index makes names unique regardless of case. */
const keyUsernames = {
  query: {
    user: {
      $allOperations: ({
        operation,
        args,
        query,
      }: {
        operation: string;
        args: unknown;
        query: (args: unknown) => Promise<unknown>;
      }) => {
        const write = args as { data?: unknown; create?: unknown; update?: unknown };
        if (!/^(create|update|upsert)/.test(operation)) return query(args);
        return query({
          ...write,
          ...(write.data !== undefined ? { data: withUsernameKey(write.data) } : {}),
          ...(write.create !== undefined ? { create: withUsernameKey(write.create) } : {}),
          ...(write.update !== undefined ? { update: withUsernameKey(write.update) } : {}),
        });
      },
    },
  },
};

/** A database client for `url` (the app's own is `prisma`; a tool watching several databases makes one per database). */
export function createPrismaClient(url: string): PrismaClient {
  if (isPostgresUrl(url)) {
    // Same models as the SQLite client, so one type serves both.
    return new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: url }) })
      .$extends(dropNulCharacters)
      .$extends(keyUsernames) as unknown as PrismaClient;
  }
  const sqliteUrl = resolvedDatabaseUrl(url);
  keepSqliteStatements();
  mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });
  return new PrismaClient({
    adapter: new SqliteAdapterFactory({ url: sqliteUrl, timeout: SQLITE_BUSY_TIMEOUT_MS }),
  })
    .$extends(dropNulCharacters)
    .$extends(keyUsernames) as unknown as PrismaClient;
}

const globalForPrisma = globalThis as unknown as { recipeHelperPrisma?: PrismaClient };

/** The app's database client; one per process, kept across dev-server reloads. */
export const prisma: PrismaClient = (globalForPrisma.recipeHelperPrisma ??= createPrismaClient(databaseUrl()));

/**
 * Brings the database up to the committed migrations (`prisma migrate deploy`), creating it
 * if needed. Run from the project root: it uses node_modules/.bin/prisma and prisma.config.ts.
 */
export async function applyMigrations(url = databaseUrl()): Promise<void> {
  const prismaCli = path.resolve("node_modules", ".bin", "prisma");
  try {
    await promisify(execFile)(prismaCli, ["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: resolvedDatabaseUrl(url) },
    });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma migrate deploy failed:\n${stdout}${stderr}`, { cause: error });
  }
}
