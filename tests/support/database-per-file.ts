import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";

/** Waits for the work the file's requests left running in the background, which may still use the database. */
async function disconnectApp() {
  const { backgroundWorkEnded } = await import("~/services/background.server");
  await backgroundWorkEnded();
  const { prisma } = await import("~/services/db.server");
  await prisma.$disconnect();
  delete (globalThis as { recipeHelperPrisma?: unknown }).recipeHelperPrisma;
}

// Runs before each test file's own imports, so the app's db module connects to this file's database.
// (db.server is imported lazily here: importing it creates the client, which must see the new URL.)
const isPostgresUrl = (url: string) => url.startsWith("postgres");
const template = inject("templateDatabaseUrl");
const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;

if (isPostgresUrl(template)) {
  const url = new URL(template);
  const templateName = url.pathname.slice(1);
  const name = `recipe_helper_test_${suffix}`;
  const admin = new pg.Client({ connectionString: template.replace(`/${templateName}`, "/postgres") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  afterAll(async () => {
    await disconnectApp();
    const cleanup = new pg.Client({ connectionString: template.replace(`/${templateName}`, "/postgres") });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
} else {
  const templateFile = template.replace(/^file:/, "");
  const file = path.join(path.dirname(templateFile), `test-${suffix}.db`);
  copyFileSync(templateFile, file);
  process.env.DATABASE_URL = `file:${file}`;
  afterAll(async () => {
    await disconnectApp();
    for (const extra of ["", "-wal", "-shm", "-journal"]) rmSync(file + extra, { force: true });
  });
}
