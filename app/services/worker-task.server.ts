/** The worker side of worker-pool.server.ts: says it is ready, then answers each task with its result or error. */
import { parentPort } from "node:worker_threads";

export function serveTasks<Task, Result>(handle: (task: Task) => Result | Promise<Result>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", async ({ task }: { task: Task }) => {
    try {
      port.postMessage({ ok: true, result: await handle(task) });
    } catch (error) {
      port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port.postMessage({ ready: true });
}
