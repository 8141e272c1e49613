import path from "node:path";

/** ../shared (or SHARED_DIR): data the tests read, never copy. */
export const SHARED_DIR = path.resolve(process.env.SHARED_DIR ?? "../shared");

export const sharedPath = (...parts: string[]) => path.join(SHARED_DIR, ...parts);

/** CI (CI=true, as .ci/run sets it, or REQUIRE_SHARED=1 anywhere): a suite that needs ../shared must not skip. */
export function sharedRequired(env: Record<string, string | undefined> = process.env): boolean {
  const ci = (env.CI ?? "").toLowerCase();
  return (ci !== "" && ci !== "false" && ci !== "0") || env.REQUIRE_SHARED === "1";
}

/**
 * Whether a suite that reads `missing` (a folder of ../shared) skips. Locally it skips with a warning (vitest and
 * Playwright themselves only say "skipped"); in CI its absence is an error, so a run cannot pass green with those
 * tests silently left out.
 */
export function skipWithoutShared(suite: string, available: boolean, missing: string): boolean {
  if (available) return false;
  const why = `${suite}: ${missing} is absent (it comes from ../shared; SHARED_DIR names it elsewhere)`;
  if (sharedRequired()) {
    throw new Error(`${why}. CI does not skip them: give this machine the shared folder (or unset CI to skip).`);
  }
  console.warn(`Skipping ${why}.`);
  return true;
}
