/**
 * A small pool of worker threads for work on untrusted input that must not hold up the event loop (decision 081).
 * Each task gets a wall-clock budget that starts when a worker takes it (not while it waits in the queue); past it
 * that worker is terminated and replaced, and the task fails with WorkerTimeoutError. Each worker runs under
 * `resourceLimits`, so a task that needs too much memory ends that worker alone (WorkerMemoryError). The queue is
 * bounded: when it is full a task is refused at once (PoolBusyError). Idle workers are ended after a while and never
 * keep the process alive.
 *
 * A worker module serves tasks with `serveTasks` (worker-task.server.ts): it says when it is ready, then answers
 * each `{ task }` message with `{ ok, result }` or `{ ok: false, error }`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

export class WorkerTimeoutError extends Error {}
export class WorkerMemoryError extends Error {}
export class PoolBusyError extends Error {}

export interface WorkerPoolOptions {
  /** the built worker module (JavaScript), used when it exists */
  builtFile?: string;
  /** the worker's TypeScript source, loaded through tsx when there is no build (tests, `remix dev`, scripts) */
  sourceFile: string;
  size: number;
  budgetMs: number;
  maxQueue: number;
  resourceLimits: ResourceLimits;
  idleMs: number;
}

interface Job {
  task: unknown;
  budgetMs: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

type Reply = { ready: true } | { ok: true; result: unknown } | { ok: false; error: string };

/** A worker running `file`: the built JavaScript as it is, TypeScript source through tsx's loader. */
function startWorker(options: WorkerPoolOptions): Worker {
  const { resourceLimits } = options;
  if (options.builtFile && existsSync(options.builtFile)) return new Worker(options.builtFile, { resourceLimits });
  const source = pathToFileURL(path.resolve(options.sourceFile)).href;
  const tsconfig = path.resolve("tsconfig.json");
  // Node does not apply `--import tsx` to a worker's own module, so the loader is registered before importing it.
  const code = `import("tsx/esm/api").then(({ register }) => { register({ tsconfig: ${JSON.stringify(
    tsconfig
  )} }); return import(${JSON.stringify(source)}); })`;
  return new Worker(code, { eval: true, resourceLimits });
}

export class WorkerPool<Task, Result> {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `task` in a worker within `budgetMs` (the pool's budget unless given). */
  run(task: Task, budgetMs = this.options.budgetMs): Promise<Result> {
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new PoolBusyError("the pool is busy"));
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ task, budgetMs, resolve: resolve as (result: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Ends every worker; tasks still running or waiting fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error("the pool was closed"));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error("the pool was closed"))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((candidate) => candidate.ready && !candidate.job);
      if (!slot) break;
      this.assign(slot, this.queue.shift()!);
    }
    const starting = this.slots.filter((slot) => !slot.ready).length;
    for (let more = this.queue.length - starting; more > 0 && this.slots.length < this.options.size; more--) {
      this.spawn();
    }
  }

  private assign(slot: Slot, job: Job): void {
    clearTimeout(slot.timer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(
      () => void this.retire(slot, new WorkerTimeoutError(`the task took more than ${job.budgetMs} ms`)),
      job.budgetMs
    );
    slot.worker.postMessage({ task: job.task });
  }

  private spawn(): void {
    const worker = startWorker(this.options);
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null };
    this.slots.push(slot);
    worker.on("message", (reply: Reply) => this.answered(slot, reply));
    worker.on("error", (error: Error & { code?: string }) => {
      const failure =
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new WorkerMemoryError("the task needed too much memory") : error;
      // A worker that cannot even start fails the tasks waiting for it rather than being started again forever.
      if (!slot.ready) for (const job of this.queue.splice(0)) job.reject(failure);
      void this.retire(slot, failure);
    });
    worker.on("exit", () => void this.retire(slot, new Error("the worker stopped")));
  }

  private answered(slot: Slot, reply: Reply): void {
    if ("ready" in reply) {
      slot.ready = true;
    } else {
      const job = slot.job;
      if (!job) return;
      clearTimeout(slot.timer);
      slot.job = null;
      slot.worker.unref();
      slot.timer = setTimeout(() => void this.retire(slot), this.options.idleMs);
      slot.timer.unref();
      if (reply.ok) job.resolve(reply.result);
      else job.reject(new Error(reply.error));
    }
    this.dispatch();
  }

  /** Takes the slot out of the pool and ends its worker; its task, if any, fails with `error`. */
  private async retire(slot: Slot, error?: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    if (job) job.reject(error ?? new Error("the worker stopped"));
    await slot.worker.terminate();
    this.dispatch();
  }
}
