/**
 * `npm test`'s last lines: a run that fails must not end saying "0 failed", whatever failed (a test, or a test file
 * that could not even load, as when ../shared is missing in CI).
 */
import { describe, expect, it } from "vitest";
import { playwrightCounts, vitestCounts } from "../support/run-summary";

describe("npm test's summary", () => {
  it("counts a vitest file that failed to load as failed, beside the failed tests, and names it", () => {
    const json = {
      numPassedTests: 3,
      numFailedTests: 1,
      numFailedTestSuites: 2,
      testResults: [
        { name: "/repo/tests/unit/a.test.ts", status: "passed", assertionResults: [{ status: "passed" }] },
        {
          name: "/repo/tests/unit/b.test.ts",
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "b works" },
            { status: "failed", fullName: "b breaks", failureMessages: ["expected 1 to be 2"] },
          ],
        },
        {
          name: "/repo/tests/unit/c.test.ts",
          status: "failed",
          message: "Failed to load ../shared/recipes.json",
          assertionResults: [],
        },
      ],
    };
    const counts = vitestCounts(json, "/repo");
    expect(counts.passed).toBe(3);
    expect(counts.failed).toBe(2);
    expect(counts.failures).toEqual([
      "tests/unit/b.test.ts › b breaks\n    expected 1 to be 2",
      "tests/unit/c.test.ts\n    Failed to load ../shared/recipes.json",
    ]);
  });

  it("counts a Playwright spec that threw while loading as failed", () => {
    const json = {
      stats: { expected: 5, flaky: 1, unexpected: 0 },
      errors: [{ message: "Error: ../shared/photos not found" }],
      suites: [],
    };
    expect(playwrightCounts(json)).toEqual({
      passed: 6,
      failed: 1,
      failures: ["error\n    Error: ../shared/photos not found"],
    });
  });
});
