/**
 * Shopping list taps made while offline ("Got it", Remove, Add), kept in order with the change key each was given,
 * and sent again once the connection returns. Pure: the browser's storage and fetch are passed in. A change leaves
 * the queue once the server answered it (applied or refused); one the server could not be reached for stays, with
 * its key, so sending it again is harmless: the server applies a key once (decision 113).
 */

export const QUEUED_INTENTS = ["got-it", "remove", "add"] as const;
export type QueuedIntent = (typeof QUEUED_INTENTS)[number];

export interface QueuedChange {
  key: string;
  intent: QueuedIntent;
  /** the list item tapped (Got it, Remove) */
  item?: number;
  /** the item's name, to tell the cook what is waiting */
  name: string;
  quantity?: string;
  /** the list it was made on: a change queued before a sign-out is not sent for whoever signs in next */
  listId: number;
}

/** What the server said to one change: done, refused with its message (already removed, say), or no answer. */
export type ReplayAnswer =
  | { kind: "applied"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "unreachable" };

export interface ReplayResult {
  remaining: QueuedChange[];
  applied: number;
  /** the server's messages for the changes it refused */
  refusals: string[];
}

/** A queue keeps at most this many changes: a tap beyond is refused rather than stored without end. */
export const MAX_QUEUED_CHANGES = 100;

/** The queue with `change` at its end; a key already queued is not queued twice (a double tap's second submit). */
export function enqueue(queue: readonly QueuedChange[], change: QueuedChange): QueuedChange[] {
  if (queue.some((queued) => queued.key === change.key)) return [...queue];
  if (queue.length >= MAX_QUEUED_CHANGES) return [...queue];
  return [...queue, change];
}

/** The list items a queued Got it or Remove takes off the list, to hide them until the server has answered. */
export function itemsTakenOff(queue: readonly QueuedChange[]): Set<number> {
  return new Set(
    queue.flatMap((change) => (change.intent !== "add" && change.item !== undefined ? [change.item] : []))
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A queue read back from storage; anything that is not a well-formed change is dropped. */
export function parseQueue(stored: string | null): QueuedChange[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (entry): entry is QueuedChange =>
        isRecord(entry) &&
        typeof entry.key === "string" &&
        typeof entry.name === "string" &&
        (QUEUED_INTENTS as readonly unknown[]).includes(entry.intent) &&
        Number.isInteger(entry.listId) &&
        (entry.item === undefined || Number.isInteger(entry.item)) &&
        (entry.quantity === undefined || typeof entry.quantity === "string")
    )
    .slice(0, MAX_QUEUED_CHANGES);
}

/**
 * Sends the queued changes one at a time, oldest first (an add then a Got it of the same item keeps its order);
 * those made on another list than the signed-in cook's (before a sign-out) are dropped unsent.
 * `saved` is told the queue left after each answer, so that a tab closed half way does not send the answered ones
 * again. The first change without an answer stops the replay: it and the ones after wait for the next.
 */
export async function replayQueue(
  queue: readonly QueuedChange[],
  listId: number,
  send: (change: QueuedChange) => Promise<ReplayAnswer>,
  saved: (remaining: QueuedChange[]) => void = () => undefined
): Promise<ReplayResult> {
  let remaining = queue.filter((change) => change.listId === listId);
  if (remaining.length < queue.length) saved(remaining);
  let applied = 0;
  const refusals: string[] = [];
  while (remaining.length > 0) {
    const answer = await send(remaining[0]);
    if (answer.kind === "unreachable") break;
    if (answer.kind === "applied") applied += 1;
    else refusals.push(answer.message);
    remaining = remaining.slice(1);
    saved(remaining);
  }
  return { remaining, applied, refusals };
}

/**
 * One replay at a time: a call while one runs (an `online` event and the screen opening at once, say) gets the
 * running one's result instead of sending the same changes again.
 */
export function singleFlight<Result>(run: () => Promise<Result>): () => Promise<Result> {
  let running: Promise<Result> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * What the server's HTTP answer to a replayed change means: 2xx applied, 4xx refused with its message, anything
 * else no answer — a 401 too (signed out in the meantime: the change waits for the cook to sign in again), and a
 * 408 or 429 (try later).
 */
export function answerOf(status: number, message: string | undefined): ReplayAnswer {
  if (status >= 200 && status < 300) return { kind: "applied", message: message ?? "" };
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
    return { kind: "refused", message: message || "The list did not take this change." };
  }
  return { kind: "unreachable" };
}
