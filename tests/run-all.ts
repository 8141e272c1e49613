/**
 * `npm test`: unit and integration tests (vitest), then end-to-end tests (Playwright, real server,
 * Debian's Chromium, with and without JavaScript). Ends with one summary line.
 *
 * The two end-to-end projects run at once, each in its own Playwright process with its own server, database and
 * loopback stand-ins (SMTP, OpenID, recipe pages) on ports derived from E2E_PORT: nothing is shared between them
 * but the build, so neither can see the other's users or mail. Most of a browser test is waiting, so two at
 * once take little more than one.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. The end-to-end tests drive a real Chromium:\n` +
      `  install it with "apt-get install -y chromium" (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.`,
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
  ["run", "--config", "tests/vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  { cwd: root, env, stdio: "inherit" },
);
const E2E_RUNS = [
  { project: "javascript", port: 3210 },
  { project: "no-javascript", port: 3220 },
];
const e2eBuild = path.join("tests", ".tmp", "build-e2e");
const e2eStatuses = await Promise.all(
  E2E_RUNS.map(
    ({ project, port }) =>
      new Promise<number | null>((resolve) => {
        const run = spawn(bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts", "--project", project], {
          cwd: root,
          env: { ...env, E2E_PORT: String(port), E2E_BUILD_DIR: e2eBuild },
          stdio: "inherit",
        });
        run.on("close", (code) => resolve(code));
      }),
  ),
);

type Counts = { passed: number; failed: number; failures: string[] };

function counts(file: string, read: (json: any) => Counts): Counts {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1, failures: [`${path.relative(root, file)}: the runner crashed before reporting`] };
  }
}

const unitCounts = counts(vitestJson, (json) => ({
  passed: json.numPassedTests,
  failed: json.numFailedTests,
  failures: json.testResults.flatMap((file: any) =>
    file.assertionResults
      .filter((test: any) => test.status === "failed")
      .map((test: any) => `${path.relative(root, file.name)} › ${test.fullName}`),
  ),
}));

/** Playwright's JSON nests suites (file › describe › …); a test failed when its last result is not expected. */
function failedSpecs(suite: any, trail: string[] = []): string[] {
  const here = [...trail, suite.title].filter(Boolean);
  const own = (suite.specs ?? []).flatMap((spec: any) =>
    spec.tests
      .filter((test: any) => test.status === "unexpected")
      .map((test: any) => `[${test.projectName}] ${[...here, spec.title].join(" › ")}`),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child: any) => failedSpecs(child, here))];
}

const e2eCounts = E2E_RUNS.map(({ port }) =>
  counts(path.join(results, `e2e-results-${port}.json`), (json) => ({
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected,
    failures: json.suites.flatMap((suite: any) => failedSpecs(suite)),
  })),
).reduce((sum, run) => ({
  passed: sum.passed + run.passed,
  failed: sum.failed + run.failed,
  failures: [...sum.failures, ...run.failures],
}));

const passed = unitCounts.passed + e2eCounts.passed;
const failed = unitCounts.failed + e2eCounts.failed;
const ok = unit.status === 0 && e2eStatuses.every((status) => status === 0) && failed === 0 && passed > 0;
// The runners' own reports scroll away in a long log: the failures are named again at its end.
for (const failure of [...unitCounts.failures, ...e2eCounts.failures]) console.log(`failed: ${failure}`);
console.log(`\nunit+integration: ${unitCounts.passed} passed, ${unitCounts.failed} failed`);
console.log(`end-to-end: ${e2eCounts.passed} passed, ${e2eCounts.failed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
