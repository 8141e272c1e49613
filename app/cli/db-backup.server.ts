/**
 * npm run db:backup -- [target file]
 * Copies the live SQLite database named by DATABASE_URL (default ./data/recipe-helper.db) while the app keeps running.
 */
import { existsSync } from "node:fs";
import { backupDatabase } from "~/services/backup.server";
import { DEFAULT_DATABASE_URL } from "~/services/db.server";

if (existsSync(".env")) process.loadEnvFile(".env");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const target = process.argv[2] ?? `backups/recipe-helper-${stamp}.db`;
try {
  const { file, bytes } = await backupDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, target);
  console.log(`Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity ok)`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
