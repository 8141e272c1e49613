/**
 * `npm test`: unit and integration tests (vitest), then end-to-end tests (Playwright, real server,
 * Debian's Chromium, with and without JavaScript). Ends with one summary line.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the test reporters' JSON is read untyped */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type Counts, playwrightCounts, vitestCounts } from "./support/run-summary";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian (or Ubuntu) as root: Chromium comes from the distribution's packages; anywhere else the cook is told how. */
function installChromium(): boolean {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) return false;
  console.log("Chromium was not found: installing Debian's chromium package (apt-get)...");
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args: string[]) => spawnSync("apt-get", args, { env: aptEnv, stdio: "inherit" }).status === 0;
  return run(["update", "-qq"]) && run(["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
}

if (!existsSync(chromium) && !(installChromium() && existsSync(chromium))) {
  console.error(
    `Chromium was not found at ${chromium}. The end-to-end tests drive a real Chromium. Install it with:\n` +
      `  sudo apt-get install -y chromium\n` +
      `(Debian/Ubuntu; elsewhere set CHROMIUM_PATH to a Chromium binary.)`
  );
  process.exit(1);
}

rmSync(results, { recursive: true, force: true });
mkdirSync(path.join(root, "tests", ".tmp"), { recursive: true });
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", CHROMIUM_PATH: chromium };
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

// Playwright empties test-results/ when it starts, so the vitest report goes elsewhere.
const vitestJson = path.join(root, "tests", ".tmp", "vitest-results.json");
const unit = spawnSync(
  bin("vitest"),
  [
    "run",
    "--config",
    "tests/vitest.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestJson}`,
  ],
  { cwd: root, env, stdio: "inherit" }
);
// One server for both projects, on the build the attack test (tests/integration/attacks-on-server.test.ts) made.
const E2E_PORT = 3210;
const e2e = spawnSync(bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts"], {
  cwd: root,
  env: { ...env, E2E_PORT: String(E2E_PORT), E2E_BUILD_DIR: path.join("tests", ".tmp", "build-e2e") },
  stdio: "inherit",
});

function counts(file: string, read: (json: any) => Counts): Counts {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1, failures: [`${path.relative(root, file)}: the runner crashed before reporting`] };
  }
}

const unitCounts = counts(vitestJson, (json) => vitestCounts(json, root));
const e2eCounts = counts(path.join(results, `e2e-results-${E2E_PORT}.json`), playwrightCounts);

const passed = unitCounts.passed + e2eCounts.passed;
const failed = unitCounts.failed + e2eCounts.failed;
const ok = unit.status === 0 && e2e.status === 0 && failed === 0 && passed > 0;
// The runners' own reports scroll away in a long log: the failures are named again at its end.
for (const failure of [...unitCounts.failures, ...e2eCounts.failures]) console.log(`failed: ${failure}`);
console.log(`\nunit+integration: ${unitCounts.passed} passed, ${unitCounts.failed} failed`);
console.log(`end-to-end: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
