import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations, isPostgresUrl } from "~/services/db.server";

export const TMP_DIR = path.resolve("tests/.tmp");

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
  }
}

/**
 * Migrates one template database per run; every test file then gets its own copy
 * (tests/support/database-per-file.ts). TEST_DATABASE_URL=postgres://... runs the suite on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  mkdirSync(TMP_DIR, { recursive: true });
  const target = process.env.TEST_DATABASE_URL;
  if (target && isPostgresUrl(target)) {
    const url = new URL(target);
    const templateName = "recipe_helper_test_template";
    const admin = new pg.Client({ connectionString: target });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    url.pathname = `/${templateName}`;
    await applyMigrations(url.toString());
    project.provide("templateDatabaseUrl", url.toString());
    return;
  }
  const templateFile = path.join(TMP_DIR, `template-${process.pid}.db`);
  rmSync(templateFile, { force: true });
  await applyMigrations(`file:${templateFile}`);
  project.provide("templateDatabaseUrl", `file:${templateFile}`);
  return () => rmSync(templateFile, { force: true });
}
