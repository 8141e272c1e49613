/**
 * npm run db:restore -- <backup file>
 * Replaces the SQLite database named by DATABASE_URL with a backup. Stop the server first.
 */
import { existsSync } from "node:fs";
import { restoreDatabase } from "~/services/backup.server";
import { DEFAULT_DATABASE_URL } from "~/services/db.server";

if (existsSync(".env")) process.loadEnvFile(".env");
const backup = process.argv[2];
if (!backup) {
  console.error("Usage: npm run db:restore -- <backup file>   (stop the server first)");
  process.exitCode = 2;
} else {
  try {
    const { file } = await restoreDatabase(backup, process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
    console.log(`Restored ${backup} to ${file}`);
  } catch (error) {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
