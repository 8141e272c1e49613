/**
 * The gate in front of the app (app/cli/admission.mjs): a few requests worked on at once, the rest answered in
 * the order they came, a request waiting on something slow not holding the others up, a client that left before
 * its turn skipped.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAdmission, skipsTheQueue } from "~/cli/admission.mjs";

afterEach(() => vi.useRealTimers());

/** Tasks named in the order they started; each one's `done` kept to end it when the test says. */
function recorder() {
  const started: string[] = [];
  const done = new Map<string, () => void>();
  const task = (name: string) => (finish: () => void) => {
    started.push(name);
    done.set(name, finish);
  };
  return { started, done, task };
}

describe("the admission gate", () => {
  it("works on `limit` tasks at once and starts the waiting ones in the order they came", () => {
    const gate = createAdmission(2, 10_000);
    const { started, done, task } = recorder();
    for (const name of ["a", "b", "c", "d", "e"]) gate.admit(task(name));
    expect(started).toEqual(["a", "b"]);
    expect(gate.counts).toEqual({ running: 2, waiting: 3 });
    done.get("b")!();
    expect(started).toEqual(["a", "b", "c"]);
    done.get("a")!();
    done.get("c")!();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("counts a task once, however often it says it is done", () => {
    const gate = createAdmission(1, 10_000);
    const { started, done, task } = recorder();
    for (const name of ["a", "b", "c"]) gate.admit(task(name));
    done.get("a")!();
    done.get("a")!();
    expect(started).toEqual(["a", "b"]);
    expect(gate.counts).toEqual({ running: 1, waiting: 1 });
  });

  it("skips a waiting task whose client left", () => {
    const gate = createAdmission(1, 10_000);
    const { started, done, task } = recorder();
    gate.admit(task("a"));
    const cancelB = gate.admit(task("b"));
    gate.admit(task("c"));
    cancelB();
    done.get("a")!();
    expect(started).toEqual(["a", "c"]);
  });

  it("lets the next task start when one has held its place for `holdMs` (a slow request stalls no one)", () => {
    vi.useFakeTimers();
    const gate = createAdmission(1, 250);
    const { started, task } = recorder();
    gate.admit(task("slow"));
    gate.admit(task("next"));
    vi.advanceTimersByTime(249);
    expect(started).toEqual(["slow"]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(["slow", "next"]);
  });

  it("with a limit of 0 starts every task at once", () => {
    const gate = createAdmission(0, 250);
    const { started, task } = recorder();
    for (const name of ["a", "b", "c"]) gate.admit(task(name));
    expect(started).toEqual(["a", "b", "c"]);
  });
});

describe("what goes past the queue", () => {
  it("built assets and the health probe, so that a busy process still answers its load balancer", () => {
    expect(skipsTheQueue("/build/_shared/chunk-SLRUQ5UI.js")).toBe(true);
    expect(skipsTheQueue("/build/routes/menu-detail.$id-5ZLLKFIM.js?v=1")).toBe(true);
    expect(skipsTheQueue("/healthz")).toBe(true);
  });

  it("not a page dressed as an asset: the path is read as the router reads it", () => {
    for (const page of ["/home", "/build/../home", "/build/%2e%2e/home", "/build/..%2Fhome", "/build\\..\\home"]) {
      expect(skipsTheQueue(page), page).toBe(false);
    }
    expect(skipsTheQueue("/healthz/../home")).toBe(false);
    expect(skipsTheQueue("/healthzz")).toBe(false);
    expect(skipsTheQueue(undefined)).toBe(false);
  });
});
