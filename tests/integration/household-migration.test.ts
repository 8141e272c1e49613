/**
 * The migration that brings households gives every existing account a household of one (its owner), moves its
 * pantry, shopping list and food log into it, and gives a pantry and a list to accounts that had none. Run on the
 * engine of the test run: SQLite, or PostgreSQL with TEST_DATABASE_URL=postgres://... (each engine its own twin).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";

const HOUSEHOLDS = "households";
const template = inject("templateDatabaseUrl");
const onPostgres = template.startsWith("postgres");
const migrations = path.resolve(onPostgres ? "prisma/postgres/migrations" : "prisma/migrations");
const sqlOf = (name: string) => readFileSync(path.join(migrations, name, "migration.sql"), "utf8");

type Database = { run(sql: string): Promise<void>; rows(sql: string): Promise<Record<string, unknown>[]> };

async function scratchDatabase(): Promise<Database> {
  if (!onPostgres) {
    const dir = mkdtempSync(path.join(tmpdir(), "household-migration-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const db = createClient({ url: `file:${path.join(dir, "migrate.db")}` });
    return {
      run: async (sql) => void (await db.executeMultiple(sql)),
      rows: async (sql) => (await db.execute(sql)).rows.map((row) => ({ ...row })),
    };
  }
  const url = new URL(template);
  const admin = url.pathname.slice(1);
  const name = `household_migration_${randomBytes(4).toString("hex")}`;
  const server = new pg.Client({ connectionString: template.replace(`/${admin}`, "/postgres") });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  afterAll(async () => {
    await db.end();
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.end();
  });
  return {
    run: async (sql) => void (await db.query(sql)),
    rows: async (sql) => (await db.query(sql)).rows as Record<string, unknown>[],
  };
}

it("gives each cook a household of one with their pantry, list and food log", async () => {
  const db = await scratchDatabase();
  const names = readdirSync(migrations)
    .filter((name) => /^\d+_/.test(name))
    .sort();
  const households = names.findIndex((name) => name.endsWith(`_${HOUSEHOLDS}`));
  for (const name of names.slice(0, households)) await db.run(sqlOf(name));

  const now = onPostgres ? "now()" : "0";
  await db.run(`
    INSERT INTO "User" ("id", "username", "email", "updatedAt") VALUES (1, 'ana', 'ana@example.com', ${now}), (2, 'ben', 'ben@example.com', ${now}), (3, 'cy', 'cy@example.com', ${now});
    INSERT INTO "Pantry" ("id", "ownerUserId") VALUES (10, 1), (11, 2);
    INSERT INTO "PantryItem" ("pantryId", "name", "nameKey", "type", "quantity", "unit", "addedOn") VALUES (10, 'milk', 'milk', 'Dairy', 1, 'l', '2026-11-20'), (11, 'egg', 'egg', 'Eggs', 6, NULL, '2026-11-21');
    INSERT INTO "ShoppingItem" ("userId", "name", "nameKey") VALUES (2, 'Bread', 'bread'), (3, 'Milk', 'milk');
    INSERT INTO "FoodLogEntry" ("userId", "ingredient", "nameKey", "kind", "source") VALUES (1, 'milk', 'milk', 'wasted', 'manual');
  `);
  await db.run(sqlOf(names[households]));

  const members = await db.rows(`
    SELECT m."userId", m."householdId", m."role", h."name", p."id" AS "pantryId", l."id" AS "listId"
    FROM "HouseholdMember" m JOIN "Household" h ON h."id" = m."householdId"
    JOIN "Pantry" p ON p."householdId" = h."id" JOIN "ShoppingList" l ON l."householdId" = h."id"
    ORDER BY m."userId"`);
  expect(members.map((row) => ({ ...row, pantryId: Number(row.pantryId) }))).toMatchObject([
    { userId: 1, householdId: 1, role: "owner", name: "ana's household", pantryId: 10, listId: 1 },
    { userId: 2, householdId: 2, role: "owner", name: "ben's household", pantryId: 11, listId: 2 },
    { userId: 3, householdId: 3, role: "owner", name: "cy's household", listId: 3 },
  ]);
  const items = await db.rows(`SELECT "pantryId", "nameKey", "quantity", "version" FROM "PantryItem" ORDER BY "id"`);
  expect(items.map((row) => ({ ...row, quantity: Number(row.quantity) }))).toEqual([
    { pantryId: 10, nameKey: "milk", quantity: 1, version: 0 },
    { pantryId: 11, nameKey: "egg", quantity: 6, version: 0 },
  ]);
  expect(await db.rows(`SELECT "listId", "nameKey" FROM "ShoppingItem" ORDER BY "id"`)).toEqual([
    { listId: 2, nameKey: "bread" },
    { listId: 3, nameKey: "milk" },
  ]);
  expect(await db.rows(`SELECT "userId", "householdId" FROM "FoodLogEntry"`)).toEqual([{ userId: 1, householdId: 1 }]);

  // the ids handed out afterwards do not collide with the ones the migration chose
  await db.run(`INSERT INTO "Household" ("name") VALUES ('new')`);
  expect((await db.rows(`SELECT MAX("id") AS "id" FROM "Household"`))[0].id).toBe(4);
});
