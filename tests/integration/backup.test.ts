import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { backupDatabase, restoreDatabase } from "~/services/backup.server";
import { applyMigrations } from "~/services/db.server";

// Its own SQLite file, so the test means the same on the SQLite and the PostgreSQL test runs.
const dir = path.resolve("tests/.tmp");
const name = `backup-${randomBytes(4).toString("hex")}`;
const liveFile = path.join(dir, `${name}.db`);
const liveUrl = `file:${liveFile}`;
const created: string[] = [liveFile, `${liveFile}-wal`, `${liveFile}-shm`];
const backupPath = (label: string) => {
  const file = path.join(dir, `${name}-${label}.db`);
  created.push(file);
  return file;
};

async function openLive(): Promise<Client> {
  const client = createClient({ url: liveUrl });
  await client.execute("PRAGMA journal_mode = WAL");
  await client.execute("PRAGMA busy_timeout = 5000");
  return client;
}

async function namesIn(file: string): Promise<string[]> {
  const client = createClient({ url: `file:${file}` });
  const result = await client.execute("SELECT name FROM IngredientPopularity ORDER BY name");
  client.close();
  return result.rows.map((row) => String(row.name));
}

const item = (i: number) => `item-${String(i).padStart(6, "0")}`;

// Inserts item-N, item-N+1, ... one per transaction, printing a line after each commit, until killed.
const WRITER = `
import { createClient } from "@libsql/client";
const client = createClient({ url: process.env.LIVE_URL });
await client.execute("PRAGMA busy_timeout = 5000");
for (let i = Number(process.env.FIRST); ; i++) {
  await client.execute({
    sql: "INSERT INTO IngredientPopularity (name, count, updatedAt) VALUES (?, 1, CURRENT_TIMESTAMP)",
    args: ["item-" + String(i).padStart(6, "0")],
  });
  process.stdout.write("ok\\n");
}
`;

beforeAll(async () => {
  await applyMigrations(liveUrl);
  const client = await openLive();
  const rows = Array.from({ length: 20_000 }, (_, i) => ({
    sql: "INSERT INTO IngredientPopularity (name, count, updatedAt) VALUES (?, 1, CURRENT_TIMESTAMP)",
    args: [item(i)],
  }));
  await client.batch(rows, "write");
  client.close();
}, 60_000);

afterAll(() => {
  for (const file of created) rmSync(file, { force: true });
});

describe("db:backup", () => {
  it("copies a database that is being written to as one consistent snapshot", async () => {
    // The writer is another process, as the app would be: SQLite locks across processes, not within one.
    const writer = spawn(process.execPath, ["--input-type=module", "-e", WRITER], {
      env: { ...process.env, LIVE_URL: liveUrl, FIRST: "20000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    onTestFinished(() => void writer.kill());
    let writerError = "";
    writer.stderr.on("data", (chunk) => (writerError += chunk));
    const exited = once(writer, "exit");
    let acknowledged = 20_000;
    const lines = createInterface({ input: writer.stdout });
    lines.on("line", () => (acknowledged += 1));
    // The writer must still be writing while the test waits for it; if it stops, say why instead of timing out.
    const writtenUpTo = async (count: number) => {
      while (acknowledged < count) {
        if (writer.exitCode !== null) throw new Error(`The writer stopped (exit ${writer.exitCode}): ${writerError}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await writtenUpTo(20_050);

    const before = acknowledged;
    const target = backupPath("live");
    const { bytes } = await backupDatabase(liveUrl, target);
    // Well past the backup: a commit is acknowledged a moment after it is made, so a few may still be unread.
    await writtenUpTo(acknowledged + 50);
    writer.kill();
    await exited;

    expect(bytes).toBeGreaterThan(0);
    const names = await namesIn(target);
    // Everything acknowledged before the backup started is in it, nothing written after it, and it holds an
    // unbroken prefix of the writes: the state at one instant, not a mix of pages from different moments.
    expect(names.length).toBeGreaterThanOrEqual(before);
    expect(names.length).toBeLessThan((await namesIn(liveFile)).length);
    expect(names).toEqual(Array.from({ length: names.length }, (_, i) => item(i)));
  }, 90_000);

  it("refuses to overwrite an existing file", async () => {
    const target = backupPath("exists");
    writeFileSync(target, "keep me");
    await expect(backupDatabase(liveUrl, target)).rejects.toThrow(/already exists/);
  });

  it("works from the command line", async () => {
    const target = backupPath("cli");
    const { stdout } = await promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["app/cli/db-backup.server.ts", target],
      { env: { ...process.env, DATABASE_URL: liveUrl } }
    );
    expect(stdout).toMatch(/Backup written to .* integrity ok/);
    expect((await namesIn(target)).length).toBeGreaterThanOrEqual(20_000);
  });
});

describe("db:restore", () => {
  it("brings the database back to the backup's state", async () => {
    const target = backupPath("restore");
    await backupDatabase(liveUrl, target);
    const saved = await namesIn(target);

    const client = await openLive();
    await client.execute("DELETE FROM IngredientPopularity WHERE name < 'item-001000'");
    await client.execute(
      "INSERT INTO IngredientPopularity (name, count, updatedAt) VALUES ('after-backup', 1, CURRENT_TIMESTAMP)"
    );
    client.close();

    await restoreDatabase(target, liveUrl);
    expect(await namesIn(liveFile)).toEqual(saved);
  });

  it("refuses a damaged backup and leaves the database as it was", async () => {
    const damaged = backupPath("damaged");
    writeFileSync(damaged, Buffer.concat([Buffer.from("SQLite format 3\0"), randomBytes(8192)]));
    const before = await namesIn(liveFile);
    await expect(restoreDatabase(damaged, liveUrl)).rejects.toThrow();
    expect(await namesIn(liveFile)).toEqual(before);
    expect(existsSync(`${liveFile}.restoring`)).toBe(false);
  });
});
