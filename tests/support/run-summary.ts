/**
 * What `npm test` (tests/run-all.ts) reports from the runners' JSON: passed and failed counts and the failures named
 * again at the end of a long log. A test file that failed to load counts as failed, as it fails the run.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the test reporters' JSON is read untyped */
import { readFileSync } from "node:fs";
import path from "node:path";

export type Counts = { passed: number; failed: number; failures: string[] };

/** The start of a failure's message, so that a CI log cut to its tail still says why. */
const firstLines = (messages: unknown[] | undefined) =>
  (messages ?? []).map((message) => `\n    ${String(message).split("\n").slice(0, 6).join("\n    ")}`).join("");

/** Vitest's JSON report: failed tests, and files that failed before any test ran (an error while loading them). */
export function vitestCounts(json: any, root: string): Counts {
  const loadErrors = json.testResults.filter(
    (file: any) => file.status === "failed" && !file.assertionResults.some((test: any) => test.status === "failed")
  );
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests + loadErrors.length,
    failures: json.testResults.flatMap((file: any) => {
      // a file that failed before any test ran (../shared missing in CI, say)
      if (loadErrors.includes(file)) return [`${path.relative(root, file.name)}${firstLines([file.message])}`];
      return file.assertionResults
        .filter((test: any) => test.status === "failed")
        .map((test: any) => `${path.relative(root, file.name)} › ${test.fullName}${firstLines(test.failureMessages)}`);
    }),
  };
}

/** What the page showed when the test failed (Playwright's error context: its accessibility tree), for a CI log without traces. */
function pageAtFailure(attachments: { name: string; path?: string }[] | undefined): string {
  const context = attachments?.find((attachment) => attachment.name === "error-context" && attachment.path);
  if (!context?.path) return "";
  try {
    const [, snapshot] = readFileSync(context.path, "utf8").split("# Page snapshot");
    if (!snapshot) return "";
    const lines = snapshot.trim().split("\n").slice(0, 60);
    return `\n    the page then:\n      ${lines.join("\n      ")}`;
  } catch {
    return "";
  }
}

/** Playwright's JSON nests suites (file › describe › …); a test failed when its last result is not expected. */
function failedSpecs(suite: any, trail: string[] = []): string[] {
  const here = [...trail, suite.title].filter(Boolean);
  const own = (suite.specs ?? []).flatMap((spec: any) =>
    spec.tests
      .filter((test: any) => test.status === "unexpected")
      .map(
        (test: any) =>
          `[${test.projectName}] ${[...here, spec.title].join(" › ")}` +
          firstLines(test.results.at(-1)?.errors?.map((error: any) => error.message)) +
          pageAtFailure(test.results.at(-1)?.attachments)
      )
  );
  return [...own, ...(suite.suites ?? []).flatMap((child: any) => failedSpecs(child, here))];
}

/** Playwright's JSON report: unexpected results, and errors outside any test (a spec file that threw while loading). */
export function playwrightCounts(json: any): Counts {
  const errors = json.errors ?? [];
  return {
    passed: json.stats.expected + json.stats.flaky,
    failed: json.stats.unexpected + errors.length,
    failures: [
      ...errors.map((error: any) => `error${firstLines([error.message])}`),
      ...json.suites.flatMap((suite: any) => failedSpecs(suite)),
    ],
  };
}
