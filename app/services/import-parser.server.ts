/**
 * Reads uploaded, pasted and fetched recipe documents in a worker thread (decision 081): a hostile file can cost at
 * most its budget of one worker, never the event loop that serves every other request. Past the budget the worker is
 * ended and the cook reads PARSE_TOO_SLOW.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import type { ParseResult } from "~/domain/recipe-import/draft";
import type { ExportReading } from "~/domain/recipe-import/apps/export-file";
import type { ParseOutcome, ParseTask } from "~/domain/recipe-import/parse-task";
import { ImportError } from "./import-fetch.server";
import { PoolBusyError, WorkerMemoryError, WorkerPool, WorkerTimeoutError } from "./worker-pool.server";

/** Wall-clock time one document may take to read: real pages take milliseconds to a few hundred. */
export const PARSE_BUDGET_MS = 3_000;
export const PARSE_TOO_SLOW = "This page took too long to read";
export const PARSE_TOO_LARGE = "This page needs too much memory to read";
export const IMPORT_BUSY = "Recipe import is busy; please try again in a minute";

let pool: WorkerPool<ParseTask, ParseResult | ExportReading> | null = null;

function parserPool(): WorkerPool<ParseTask, ParseResult | ExportReading> {
  pool ??= new WorkerPool<ParseTask, ParseResult | ExportReading>({
    // Beside the server build (build/index.js), made by app/cli/build-workers.mjs. `remix dev` rebuilds the server
    // alone, so outside production the source is read (through tsx), never a bundle older than it.
    builtFile:
      process.env.NODE_ENV === "production"
        ? fileURLToPath(new URL("./import-parser-worker.js", import.meta.url))
        : undefined,
    sourceFile: "app/services/import-parser.worker.ts",
    // One core stays with the event loop.
    size: Math.max(1, Math.min(4, availableParallelism() - 1)),
    budgetMs: PARSE_BUDGET_MS,
    // At most this many wait: about ten seconds of reading at worst, then "busy".
    maxQueue: 8,
    // A 5 MB page reads in well under 100 MB.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    idleMs: 60_000,
  });
  return pool;
}

/** The task read in a worker; an ImportError the cook can read when it took too long, too much memory or waited. */
export async function parseInWorker<Task extends ParseTask>(
  task: Task,
  budgetMs?: number
): Promise<ParseOutcome<Task>> {
  try {
    return (await parserPool().run(task, budgetMs)) as ParseOutcome<Task>;
  } catch (error) {
    if (error instanceof WorkerTimeoutError) throw new ImportError(PARSE_TOO_SLOW);
    if (error instanceof WorkerMemoryError) throw new ImportError(PARSE_TOO_LARGE);
    if (error instanceof PoolBusyError) throw new ImportError(IMPORT_BUSY);
    throw error;
  }
}
