/**
 * The worker pool untrusted parsing runs in (decision 081): a task past its budget ends its worker and fails with a
 * timeout, one past its memory cap fails alone, a full queue refuses at once, and all the while the event loop of
 * this process keeps answering.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  PoolBusyError,
  WorkerMemoryError,
  WorkerPool,
  WorkerTimeoutError,
  type WorkerPoolOptions,
} from "~/services/worker-pool.server";
import type { BusyTask } from "../support/workers/busy-worker";

const options: WorkerPoolOptions = {
  sourceFile: "tests/support/workers/busy-worker.ts",
  size: 1,
  budgetMs: 1_000,
  maxQueue: 2,
  resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
  idleMs: 30_000,
};
const pool = new WorkerPool<BusyTask, string>(options);
afterAll(() => pool.close());

/** How late a timer of 10 ms fires, at worst, while `work` runs: the event loop's delay. */
async function loopDelayDuring(work: Promise<unknown>): Promise<number> {
  let worst = 0;
  let running = true;
  void work.finally(() => (running = false)).catch(() => {});
  while (running) {
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    worst = Math.max(worst, performance.now() - start - 10);
  }
  return worst;
}

describe("the worker pool", () => {
  it("runs a task in a worker and answers its result", async () => {
    expect(await pool.run({ echo: "hello" })).toBe("hello");
  });

  it("passes on an error the task throws", async () => {
    await expect(pool.run({ fail: "no recipe here" })).rejects.toThrow("no recipe here");
  });

  it("ends a task past its budget, while this process's event loop keeps answering, and serves the next", async () => {
    const started = performance.now();
    const stuck = pool.run({ spinMs: 60_000 });
    const delay = await loopDelayDuring(stuck);
    await expect(stuck).rejects.toBeInstanceOf(WorkerTimeoutError);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(options.budgetMs - 5);
    expect(took).toBeLessThan(options.budgetMs + 1_000);
    expect(delay).toBeLessThan(200);
    expect(await pool.run({ echo: "after" })).toBe("after");
  });

  it("ends a task that needs more memory than the cap, and serves the next", async () => {
    await expect(pool.run({ fillMemory: true }, 20_000)).rejects.toBeInstanceOf(WorkerMemoryError);
    expect(await pool.run({ echo: "after" })).toBe("after");
  });

  it("refuses a task at once when the queue is full, and keeps the ones it took", async () => {
    const running = pool.run({ spinMs: 300 });
    const waiting = [pool.run({ echo: "one" }), pool.run({ echo: "two" })];
    await expect(pool.run({ echo: "three" })).rejects.toBeInstanceOf(PoolBusyError);
    expect(await running).toBe("spun");
    expect(await Promise.all(waiting)).toEqual(["one", "two"]);
  });
});
