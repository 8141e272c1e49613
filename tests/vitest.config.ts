import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { "~": `${root}app` } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/database-per-file.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test", SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789" },
  },
});
