import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Two projects: `unit` (pure modules, no database) and `integration` (each test file its own copy of a migrated
 * template database, SQLite or PostgreSQL with TEST_DATABASE_URL). `--project unit` runs one of them.
 */
export default defineConfig({
  root,
  resolve: { alias: { "~": `${root}app` } },
  test: {
    pool: "forks",
    // Vitest's default is one fewer than the cores: one worker on CI's two. Much of the integration time is spent
    // waiting (database files, timers, servers), so two side by side finish about a quarter sooner.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789" },
    projects: [
      // api-routes imports every API handler, and through them the database client: it runs with a database.
      // Pure modules share one module cache (no isolation): four times faster, and nothing they hold is per file.
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          include: ["tests/unit/**/*.test.ts"],
          exclude: ["tests/unit/api-routes.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/unit/api-routes.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/database-per-file.ts"],
        },
      },
    ],
  },
});
