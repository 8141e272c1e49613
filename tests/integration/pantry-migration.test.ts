/**
 * The SQLite migration that gives each cook a Pantry moves their UserIngredient rows into it: same names, keys,
 * types, sources and photos, the day they were added, place and best-before left to the catalogue's estimate.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, expect, it } from "vitest";

const MIGRATIONS = path.resolve("prisma/migrations");
const PANTRY_MIGRATION = "20261125123837_pantry_items";
const dir = mkdtempSync(path.join(tmpdir(), "pantry-migration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sqlOf = (name: string) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");

it("moves each cook's ingredients into their own pantry", async () => {
  const db = createClient({ url: `file:${path.join(dir, "migrate.db")}` });
  const migrations = readdirSync(MIGRATIONS)
    .filter((name) => /^\d+_/.test(name))
    .sort();
  for (const name of migrations.slice(0, migrations.indexOf(PANTRY_MIGRATION))) await db.executeMultiple(sqlOf(name));

  await db.executeMultiple(`
    INSERT INTO "User" ("id", "username", "email", "updatedAt") VALUES (1, 'ana', 'ana@example.com', 0), (2, 'ben', 'ben@example.com', 0), (3, 'cy', 'cy@example.com', 0);
    INSERT INTO "UserIngredient" ("userId", "name", "nameKey", "type", "source", "captureId", "createdAt") VALUES
      (1, 'Tomatoes', 'tomato', 'Vegetables', 'manual', NULL, '2026-11-20 08:30:00'),
      (2, 'egg', 'egg', 'Eggs', 'camera', 'cap-9', 1763596800000),
      (1, 'pork', 'pork', 'Meat sausages and fish', 'manual', NULL, '2026-11-22T19:00:00.000Z');
  `);
  await db.executeMultiple(sqlOf(PANTRY_MIGRATION));

  const pantries = await db.execute(`SELECT "id", "ownerUserId" FROM "Pantry" ORDER BY "ownerUserId"`);
  expect(pantries.rows.map((row) => row.ownerUserId)).toEqual([1, 2]);
  const items = await db.execute(`
    SELECT p."ownerUserId", i."name", i."nameKey", i."type", i."source", i."captureId", i."addedOn", i."storage", i."bestBefore", i."quantity"
    FROM "PantryItem" i JOIN "Pantry" p ON p."id" = i."pantryId" ORDER BY i."id"`);
  expect(items.rows.map((row) => ({ ...row }))).toEqual([
    {
      ownerUserId: 1,
      name: "Tomatoes",
      nameKey: "tomato",
      type: "Vegetables",
      source: "manual",
      captureId: null,
      addedOn: "2026-11-20",
      storage: null,
      bestBefore: null,
      quantity: null,
    },
    {
      ownerUserId: 2,
      name: "egg",
      nameKey: "egg",
      type: "Eggs",
      source: "camera",
      captureId: "cap-9",
      addedOn: "2025-11-20",
      storage: null,
      bestBefore: null,
      quantity: null,
    },
    {
      ownerUserId: 1,
      name: "pork",
      nameKey: "pork",
      type: "Meat sausages and fish",
      source: "manual",
      captureId: null,
      addedOn: "2026-11-22",
      storage: null,
      bestBefore: null,
      quantity: null,
    },
  ]);
  const tables = await db.execute(
    `SELECT "name" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'UserIngredient'`
  );
  expect(tables.rows).toEqual([]);
  db.close();
});
