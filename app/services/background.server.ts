/**
 * Work a request starts and does not wait for: a mail, the use-soon email check, the photo sweep. A failure is
 * logged with what failed, since a rejection nobody handles stops the Node process (and with it every cook's
 * request). The work is also counted, so that whoever closes the database (a test file's teardown) can wait for it.
 */
const running = new Set<Promise<boolean>>();

/** Runs `work` on its own; answers whether it succeeded, once it has ended (the answer never rejects). */
export function inBackground(work: Promise<unknown>, failure: string): Promise<boolean> {
  const task: Promise<boolean> = work
    .then(
      () => true,
      (error: unknown) => {
        console.error(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    )
    .finally(() => running.delete(task));
  running.add(task);
  return task;
}

/** Resolves once the background work started so far, and any it started in turn, has ended. */
export async function backgroundWorkEnded(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}

// The graceful stop (app/cli/graceful-shutdown.mjs) waits for this work before the process exits.
(globalThis as Record<symbol, unknown>)[Symbol.for("recipe-helper.background-work-ended")] = backgroundWorkEnded;
