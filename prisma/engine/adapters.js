// Driver adapter factories for the offline schema engine, with fixes for what the
// wasm schema engine expects of them (see docs/prisma-offline.md).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaLibSql } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Absolute path of the database file of a `file:` SQLite URL, relative paths against the cwd. */
export function sqliteFilePath(url) {
  const withoutScheme = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.resolve(withoutScheme);
}

/** Splits a SQL script at top-level semicolons, ignoring quoted text and comments. */
function countStatements(sql) {
  let statements = 0;
  let current = "";
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (char === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
    } else if (char === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 1;
    } else if (char === "'" || char === '"' || char === "`" || char === "[") {
      const closing = char === "[" ? "]" : char;
      const end = sql.indexOf(closing, i + 1);
      current += "x";
      i = end === -1 ? sql.length : end;
    } else if (char === ";") {
      if (current.trim()) statements++;
      current = "";
    } else {
      current += char;
    }
  }
  if (current.trim()) statements++;
  return statements;
}

// libsql's execute() silently runs only the first statement of a script, and the wasm engine
// replays whole migration files through executeRaw on the shadow database.
function runScriptsWholeOnSqlite(adapter) {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length === 0 && countStatements(query.sql) > 1) {
      await adapter.executeScript(query.sql);
      return 0;
    }
    return executeRaw(query);
  };
  return adapter;
}

// adapter-pg refuses columns of the internal "char" type, which the engine's catalog queries read.
function readPgCharAsText(queryable) {
  const performIO = queryable.performIO.bind(queryable);
  queryable.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) {
      if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    }
    return result;
  };
  return queryable;
}

function patchPgAdapter(adapter) {
  readPgCharAsText(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => readPgCharAsText(await startTransaction(isolationLevel));
  return adapter;
}

export function withDatabase(url, database) {
  const target = new URL(url);
  target.pathname = `/${encodeURIComponent(database)}`;
  return target.toString();
}

export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
}

export function quoteIdentifier(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs `work` with a client connected to the server's maintenance database. */
export async function withMaintenanceClient(url, work) {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function sqliteFactory(url) {
  const libsql = new PrismaLibSql({ url });
  return {
    provider: libsql.provider,
    adapterName: libsql.adapterName,
    connect: async () => runScriptsWholeOnSqlite(await libsql.connect()),
    connectToShadowDb: async () => runScriptsWholeOnSqlite(await libsql.connectToShadowDb()),
  };
}

// adapter-pg's own shadow database ends up connected to the main database (the connection
// string wins over its `database` option), so the shadow database is made here.
function postgresFactory(url) {
  const main = new PrismaPg({ connectionString: url });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => patchPgAdapter(await main.connect()),
    connectToShadowDb: async () => {
      const shadowName = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
      await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(shadowName)}`));
      const shadow = patchPgAdapter(await new PrismaPg({ connectionString: withDatabase(url, shadowName) }).connect());
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await withMaintenanceClient(url, (client) =>
          client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(shadowName)} WITH (FORCE)`),
        );
      };
      return shadow;
    },
  };
}

export function createAdapterFactory(url) {
  return isPostgresUrl(url) ? postgresFactory(url) : sqliteFactory(url);
}

export function removeSqliteDatabase(url) {
  const file = sqliteFilePath(url);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

/** A user-facing error in the shape the Prisma CLI reads from the native engine. */
export class KnownError extends Error {
  constructor(errorCode, message) {
    super(message);
    this.errorCode = errorCode;
  }
}

/** Throws P1003 when the database does not exist, P1001 when its server is unreachable. */
export async function ensureDatabaseExists(url) {
  if (!isPostgresUrl(url)) {
    const file = sqliteFilePath(url);
    if (!fs.existsSync(file)) {
      throw new KnownError("P1003", `Database \`${path.basename(file)}\` does not exist at \`${file}\``);
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  const { host, port } = new URL(url);
  try {
    await client.connect();
  } catch (error) {
    if (error.code === "3D000") {
      throw new KnownError("P1003", `Database \`${databaseName(url)}\` does not exist on the database server at \`${host}\`.`);
    }
    throw new KnownError("P1001", `Can't reach database server at \`${host}\`:\`${port || 5432}\`\n\n${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database (for SQLite: the file and its folder); returns its name. */
export async function createDatabase(url) {
  if (!isPostgresUrl(url)) {
    const file = sqliteFilePath(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.closeSync(fs.openSync(file, "a"));
    return path.basename(file);
  }
  const name = databaseName(url);
  await withMaintenanceClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));
  return name;
}
