// The Prisma CLI runs fully offline through our schema engine (prisma/engine/), and
// `npm run db:check` catches schema and migration drift.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scratchRoot = path.join(root, "tests", ".tmp");

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: { ...process.env, ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const prisma = (args: string[], databaseUrl: string) =>
  run(path.join(root, "node_modules", ".bin", "prisma"), args, { DATABASE_URL: databaseUrl });

const dbCheck = (prismaDir: string, env: Record<string, string> = {}) =>
  run(path.join(root, "node_modules", ".bin", "tsx"), ["prisma/tools/db-check.ts", "--prisma-dir", prismaDir], env);

function modelNames(schemaFile: string): string[] {
  return [...fs.readFileSync(schemaFile, "utf8").matchAll(/^model (\w+) \{/gm)].map((match) => match[1]);
}

function committedMigrations(migrationsDir: string) {
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      name: entry.name,
      checksum: createHash("sha256")
        .update(fs.readFileSync(path.join(migrationsDir, entry.name, "migration.sql")))
        .digest("hex"),
    }));
}

let scratchDir: string;

beforeAll(() => {
  fs.mkdirSync(scratchRoot, { recursive: true });
  scratchDir = fs.mkdtempSync(path.join(scratchRoot, "prisma-offline-"));
});

afterAll(() => {
  fs.rmSync(scratchDir, { recursive: true, force: true });
});

describe("Prisma CLI on SQLite, offline", () => {
  let databaseUrl: string;

  beforeAll(() => {
    databaseUrl = `file:${path.join(scratchDir, "fresh", "app.db")}`;
  });

  it("migrate deploy creates every table of a fresh database and records each migration's sha256", async () => {
    const deploy = prisma(["migrate", "deploy"], databaseUrl);
    expect(deploy.output).toContain("All migrations have been successfully applied.");
    expect(deploy.status).toBe(0);

    const client = createClient({ url: databaseUrl });
    try {
      const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map(
        (row) => row.name
      );
      expect(tables).toEqual(
        expect.arrayContaining([...modelNames(path.join(root, "prisma", "schema.prisma")), "_prisma_migrations"])
      );

      const applied = (
        await client.execute(
          "SELECT migration_name AS name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name"
        )
      ).rows.map((row) => ({ name: row.name, checksum: row.checksum }));
      expect(applied).toEqual(committedMigrations(path.join(root, "prisma", "migrations")));
    } finally {
      client.close();
    }
  });

  it("migrate status then reports the database up to date", () => {
    const status = prisma(["migrate", "status"], databaseUrl);
    expect(status.output).toContain("Database schema is up to date!");
    expect(status.status).toBe(0);
  });

  it("migrate diff finds no difference between the migrations and the schema", () => {
    const diff = prisma(
      [
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema",
        "prisma/schema.prisma",
        "--exit-code",
      ],
      databaseUrl
    );
    expect(diff.output).toContain("No difference detected.");
    expect(diff.status).toBe(0);
  });
});

describe("db:check", () => {
  function copyOfPrismaDir(name: string): string {
    const copy = path.join(scratchDir, name);
    fs.mkdirSync(copy, { recursive: true });
    for (const entry of ["schema.prisma", "migrations", "postgres"]) {
      fs.cpSync(path.join(root, "prisma", entry), path.join(copy, entry), { recursive: true });
    }
    return copy;
  }

  it("passes on the committed schemas and migrations", () => {
    const check = dbCheck(copyOfPrismaDir("unchanged"));
    expect(check.output).toContain("schemas and migrations are in sync");
    expect(check.status).toBe(0);
  });

  it("fails when the schema changes without a migration or a regenerated PostgreSQL schema", () => {
    const drifted = copyOfPrismaDir("drifted");
    const schemaFile = path.join(drifted, "schema.prisma");
    fs.writeFileSync(
      schemaFile,
      fs
        .readFileSync(schemaFile, "utf8")
        .replace("  country      String?\n", "  country      String?\n  nickname     String?\n")
    );

    const check = dbCheck(drifted);
    expect(check.status).toBe(1);
    expect(check.output).toContain("prisma/postgres/schema.prisma has drifted from prisma/schema.prisma");
    expect(check.output).toMatch(/migrations does not produce .*schema\.prisma; create a migration/);
  });

  it("fails when a SQLite migration has no PostgreSQL counterpart", () => {
    const unpaired = copyOfPrismaDir("unpaired");
    fs.rmSync(path.join(unpaired, "postgres", "migrations"), { recursive: true });

    const check = dbCheck(unpaired);
    expect(check.status).toBe(1);
    expect(check.output).toContain('SQLite migration "init" has no PostgreSQL migration');
  });
});

const postgresUrl = process.env.TEST_POSTGRES_URL;

if (!postgresUrl) {
  console.log(
    "prisma-offline: PostgreSQL tests not run: set TEST_POSTGRES_URL (e.g. from `tests/support/postgres.sh start`)."
  );
} else {
  describe("Prisma CLI on PostgreSQL, offline", () => {
    const databaseName = `prisma_offline_${randomBytes(4).toString("hex")}`;
    const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString();

    afterAll(async () => {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    });

    it("migrate deploy creates the database, every table, and records each migration's sha256", async () => {
      const deploy = prisma(["migrate", "deploy"], databaseUrl);
      expect(deploy.output).toContain("All migrations have been successfully applied.");
      expect(deploy.status).toBe(0);

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const tables = (
          await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
        ).rows.map((row) => row.table_name);
        expect(tables).toEqual(
          expect.arrayContaining([
            ...modelNames(path.join(root, "prisma", "postgres", "schema.prisma")),
            "_prisma_migrations",
          ])
        );
        const applied = (
          await client.query(
            "SELECT migration_name AS name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name"
          )
        ).rows;
        expect(applied).toEqual(committedMigrations(path.join(root, "prisma", "postgres", "migrations")));
      } finally {
        await client.end();
      }
    });

    it("migrate status then reports the database up to date", () => {
      const status = prisma(["migrate", "status"], databaseUrl);
      expect(status.output).toContain("Database schema is up to date!");
      expect(status.status).toBe(0);
    });

    it("db:check replays the PostgreSQL migrations and finds them complete", () => {
      const check = dbCheck(path.join(root, "prisma"), { POSTGRES_URL: postgresUrl });
      expect(check.output).not.toContain("PostgreSQL migrations not replayed");
      expect(check.output).toContain("schemas and migrations are in sync");
      expect(check.status).toBe(0);
    });
  });
}
