// Fails when the database definitions drift apart:
//  - prisma/postgres/schema.prisma is not what prisma/schema.prisma generates;
//  - prisma/schema.prisma has changes that no SQLite migration creates;
//  - a SQLite migration has no PostgreSQL counterpart of the same name;
//  - with POSTGRES_URL (a PostgreSQL server it may create scratch databases on), prisma/postgres/schema.prisma
//    has changes that no PostgreSQL migration creates. Without it that check is skipped, and said so.
// Usage: tsx prisma/tools/db-check.ts [--prisma-dir DIR]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { postgresSchemaIsCurrent } from "./postgres-schema.ts";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");

/** Runs `prisma migrate diff --exit-code` from a migrations folder to a schema; returns a problem or null. */
function missingMigrationProblem(migrationsDir: string, schemaFile: string, databaseUrl: string): string | null {
  const result = spawnSync(
    path.join(projectRoot, "node_modules", ".bin", "prisma"),
    ["migrate", "diff", "--from-migrations", migrationsDir, "--to-schema", schemaFile, "--exit-code"],
    { cwd: projectRoot, encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } }
  );
  const where = path.relative(process.cwd(), migrationsDir);
  if (result.status === 0) return null;
  if (result.status === 2) {
    return `${where} does not produce ${path.relative(
      process.cwd(),
      schemaFile
    )}; create a migration (npm run db:migrate).\n${result.stdout.trim()}`;
  }
  return `Could not compare ${where} with its schema:\n${result.stdout}${result.stderr}`;
}

function migrationNames(migrationsDir: string): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name.replace(/^\d+_/, ""));
}

function main(): number {
  const { values } = parseArgs({ options: { "prisma-dir": { type: "string" } } });
  const prismaDir = path.resolve(values["prisma-dir"] ?? path.join(projectRoot, "prisma"));
  const postgresDir = path.join(prismaDir, "postgres");
  const problems: string[] = [];

  if (!postgresSchemaIsCurrent(prismaDir)) {
    problems.push("prisma/postgres/schema.prisma has drifted from prisma/schema.prisma; run `npm run db:generate`.");
  }

  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), "db-check-"));
  try {
    const sqliteProblem = missingMigrationProblem(
      path.join(prismaDir, "migrations"),
      path.join(prismaDir, "schema.prisma"),
      `file:${path.join(scratchDir, "check.db")}`
    );
    if (sqliteProblem) problems.push(sqliteProblem);
  } finally {
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }

  const postgresNames = new Set(migrationNames(path.join(postgresDir, "migrations")));
  for (const name of migrationNames(path.join(prismaDir, "migrations"))) {
    if (!postgresNames.has(name)) {
      problems.push(
        `SQLite migration "${name}" has no PostgreSQL migration of the same name in prisma/postgres/migrations.`
      );
    }
  }

  const postgresUrl = process.env.POSTGRES_URL;
  if (postgresUrl) {
    const postgresProblem = missingMigrationProblem(
      path.join(postgresDir, "migrations"),
      path.join(postgresDir, "schema.prisma"),
      postgresUrl
    );
    if (postgresProblem) problems.push(postgresProblem);
  } else {
    console.log(
      "db-check: PostgreSQL migrations not replayed (set POSTGRES_URL to a PostgreSQL server to check them)."
    );
  }

  if (problems.length > 0) {
    console.error(`db-check failed:\n\n${problems.join("\n\n")}`);
    return 1;
  }
  console.log("db-check: schemas and migrations are in sync.");
  return 0;
}

process.exitCode = main();
