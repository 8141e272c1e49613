import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${E2E_PORT}`;
/** The OpenID provider google.spec.ts starts on loopback, standing in for Google. */
export const GOOGLE_MOCK_PORT = E2E_PORT + 1000;
export const GOOGLE_MOCK_ISSUER = `http://127.0.0.1:${GOOGLE_MOCK_PORT}`;
export const GOOGLE_MOCK_CLIENT_ID = "recipe-helper-e2e";
/** The port password-reset.spec.ts runs an SMTP server on (loopback); the app sends its mail there. */
export const SMTP_TEST_PORT = E2E_PORT + 2000;
/** The port import.spec.ts serves recipe pages on (loopback). */
export const RECIPE_PAGES_PORT = E2E_PORT + 3000;
// One database (and uploads folder) per port, so that two runs on different ports can go at once.
const database = `tests/.tmp/e2e-${E2E_PORT}.db`;
const uploads = `tests/.tmp/e2e-uploads-${E2E_PORT}`;
/** The app's uploads folder in this run, from the project root. */
export const E2E_UPLOADS_DIR = `${root}${uploads}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  // The app's service worker answers pages and their data itself, where page.route cannot hold or change them:
  // blocked, except in offline-shopping.spec.ts, which tests it.
  serviceWorkers: "block" as const,
};

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // Per port: Playwright empties its output folder when it starts, which would delete the traces of a run on another port.
  outputDir: `${root}test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: `${root}test-results/e2e-results-${E2E_PORT}.json` }]],
  // A trace records every test as it runs; CI prints only text, so it records none there.
  use: { baseURL, trace: process.env.CI ? "off" : "retain-on-failure" },
  projects: [
    { name: "javascript", use: { ...chromium, javaScriptEnabled: true } },
    // JSON calls and headers need no browser: those specs run once, in the first project. The screens render
    // differently without JavaScript, so axe checks them in both (tests/e2e/support.ts, expectNoAxeViolations).
    {
      name: "no-javascript",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: ["**/api.spec.ts", "**/security-headers.spec.ts"],
    },
  ],
  webServer: {
    // The real production path (build, migrate, seed, remix-serve) on a database made fresh for each run.
    command: `rm -rf ${database} ${database}-wal ${database}-shm ${uploads} && npm start`,
    cwd: root,
    url: `${baseURL}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      // `npm test` runs one server per project and lets them share one build (the build takes a lock).
      BUILD_DIR: process.env.E2E_BUILD_DIR ?? `tests/.tmp/build-${E2E_PORT}`,
      DATABASE_URL: `file:./${database}`,
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
      GOOGLE_CLIENT_ID: GOOGLE_MOCK_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "e2e-google-secret",
      GOOGLE_AUTHORIZATION_URL: `${GOOGLE_MOCK_ISSUER}/authorize`,
      GOOGLE_TOKEN_URL: `${GOOGLE_MOCK_ISSUER}/token`,
      GOOGLE_JWKS_URL: `${GOOGLE_MOCK_ISSUER}/jwks`,
      GOOGLE_ISSUER: GOOGLE_MOCK_ISSUER,
      UPLOADS_DIR: uploads,
      // Every spec signs up its own users, all from 127.0.0.1.
      SIGNUP_LIMIT_PER_HOUR: "1000",
      APP_URL: baseURL,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(SMTP_TEST_PORT),
      // The committed model and starter memory, as on a fresh install (no VISION_MODEL_DIR).
      VISION_PROVIDER: "embedded",
      // import.spec.ts serves its recipe pages from loopback
      RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS: "true",
    },
  },
});
