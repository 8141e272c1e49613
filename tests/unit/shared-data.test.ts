/** A suite that needs ../shared skips locally with a warning, but fails the run in CI rather than vanish from it. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedRequired, skipWithoutShared } from "../support/shared-data";

describe("a suite whose ../shared data is missing", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("is skipped locally, with a warning that names what is missing", () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("REQUIRE_SHARED", "");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(skipWithoutShared("the camera tests", false, "data/images/grocery-dev")).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("Skipping the camera tests: data/images/grocery-dev is absent")
    );
  });

  it("fails in CI (CI=true as .ci/run sets it, or REQUIRE_SHARED=1) instead of skipping", () => {
    vi.stubEnv("CI", "true");
    expect(() => skipWithoutShared("the camera tests", false, "data/images/grocery-dev")).toThrow(
      /the camera tests: data\/images\/grocery-dev is absent.*CI does not skip them/
    );
    vi.stubEnv("CI", "");
    vi.stubEnv("REQUIRE_SHARED", "1");
    expect(() => skipWithoutShared("the camera tests", false, "data/images/grocery-dev")).toThrow();
  });

  it("runs wherever the data is there, CI or not", () => {
    vi.stubEnv("CI", "true");
    expect(skipWithoutShared("the camera tests", true, "data/images/grocery-dev")).toBe(false);
  });

  it("reads CI as CI services set it: true or 1 on, unset, empty, false or 0 off", () => {
    for (const ci of ["true", "1", "TRUE"]) expect(sharedRequired({ CI: ci })).toBe(true);
    for (const ci of [undefined, "", "false", "0"]) expect(sharedRequired({ CI: ci })).toBe(false);
  });
});
