import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { keptStatement } from "~/services/sqlite-statements.server";

interface Statement {
  raw(toggle: boolean): Statement;
  all(...args: unknown[]): unknown[][];
  run(...args: unknown[]): { changes: number };
  columns(): { name: string }[];
}
interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
}
const Database = createRequire(import.meta.url)("libsql") as new (path: string) => Database;

function countingDatabase() {
  const database = new Database(":memory:");
  const prepared: string[] = [];
  const prepare = (sql: string) => {
    prepared.push(sql);
    return database.prepare(sql);
  };
  const statement = (sql: string) => keptStatement(database, sql, prepare) as unknown as Statement;
  return { database, prepared, statement };
}

describe("prepared statements kept per connection (decision 166)", () => {
  it("prepares a read once and answers each run with that run's arguments", () => {
    const { database, prepared, statement } = countingDatabase();
    database.exec("CREATE TABLE pantry (name TEXT, days INTEGER)");
    for (const [name, days] of [
      ["onion", 30],
      ["spinach", 2],
    ])
      statement("INSERT INTO pantry VALUES (?, ?)").run(name, days);
    const soon = (days: number) =>
      statement("SELECT name FROM pantry WHERE days <= ? ORDER BY name").raw(true).all(days);
    expect(soon(7)).toEqual([["spinach"]]);
    expect(soon(60)).toEqual([["onion"], ["spinach"]]);
    expect(prepared).toEqual([
      "INSERT INTO pantry VALUES (?, ?)",
      "SELECT name FROM pantry WHERE days <= ? ORDER BY name",
    ]);
  });

  it("keeps what it prepared across a transaction (every Prisma transaction sends BEGIN and COMMIT)", () => {
    const { database, prepared, statement } = countingDatabase();
    database.exec("CREATE TABLE pantry (name TEXT)");
    const names = () => statement("SELECT name FROM pantry").raw(true).all();
    expect(names()).toEqual([]);
    statement("BEGIN DEFERRED").run();
    statement("INSERT INTO pantry VALUES ('leek')").run();
    statement("COMMIT").run();
    expect(names()).toEqual([["leek"]]);
    expect(prepared.filter((sql) => sql === "SELECT name FROM pantry")).toHaveLength(1);
  });

  it("forgets what it kept when the schema changes, so a kept statement's columns are never stale", () => {
    const { prepared, statement } = countingDatabase();
    statement("CREATE TABLE pantry (name TEXT)").run();
    expect(
      statement("SELECT * FROM pantry")
        .columns()
        .map((column) => column.name)
    ).toEqual(["name"]);
    statement("ALTER TABLE pantry ADD COLUMN days INTEGER").run();
    statement("INSERT INTO pantry VALUES ('onion', 30)").run();
    expect(
      statement("SELECT * FROM pantry")
        .columns()
        .map((column) => column.name)
    ).toEqual(["name", "days"]);
    expect(statement("SELECT * FROM pantry").raw(true).all()).toEqual([["onion", 30]]);
    expect(prepared.filter((sql) => sql === "SELECT * FROM pantry")).toHaveLength(2);
  });
});
