import { describe, expect, it } from "vitest";
import {
  answerOf,
  enqueue,
  itemsTakenOff,
  MAX_QUEUED_CHANGES,
  parseQueue,
  replayQueue,
  singleFlight,
  type QueuedChange,
  type ReplayAnswer,
} from "~/domain/offline-queue";

const LIST = 5;
const gotIt = (key: string, item: number, listId = LIST): QueuedChange => ({
  key,
  intent: "got-it",
  item,
  name: `item ${item}`,
  listId,
});
const add = (key: string, name: string): QueuedChange => ({ key, intent: "add", name, listId: LIST });

describe("queueing taps made offline", () => {
  it("keeps them in the order they were made, and a key only once (a double tap's second submit)", () => {
    let queue = enqueue([], add("k-add-0001", "oat milk"));
    queue = enqueue(queue, gotIt("k-got-0002", 7));
    queue = enqueue(queue, gotIt("k-got-0002", 7));
    expect(queue.map((change) => change.key)).toEqual(["k-add-0001", "k-got-0002"]);
  });

  it("stops taking taps at its limit rather than growing without end", () => {
    let queue: QueuedChange[] = [];
    for (let index = 0; index <= MAX_QUEUED_CHANGES; index += 1)
      queue = enqueue(queue, gotIt(`key-${index}-xxxx`, index + 1));
    expect(queue).toHaveLength(MAX_QUEUED_CHANGES);
  });

  it("hides the items a Got it or Remove takes off, not the ones it adds", () => {
    const queue = [
      gotIt("k-got-0001", 3),
      { key: "k-rem-0002", intent: "remove", item: 9, name: "flour", listId: LIST } as const,
      add("k-add-0003", "eggs"),
    ];
    expect([...itemsTakenOff(queue)]).toEqual([3, 9]);
  });

  it("reads back only well-formed changes from storage", () => {
    const stored = JSON.stringify([
      gotIt("k-got-0001", 3),
      { key: 5 },
      { key: "k-x-0002", intent: "delete-all", name: "x" },
      add("k-add-0003", "eggs"),
    ]);
    expect(parseQueue(stored).map((change) => change.key)).toEqual(["k-got-0001", "k-add-0003"]);
    expect(parseQueue("{not json")).toEqual([]);
    expect(parseQueue(null)).toEqual([]);
  });
});

describe("replaying the queue", () => {
  it("sends each change once, oldest first, and saves the queue after each answer", async () => {
    const sent: string[] = [];
    const saves: string[][] = [];
    const result = await replayQueue(
      [add("k-add-0001", "eggs"), gotIt("k-got-0002", 4)],
      LIST,
      async (change) => {
        sent.push(change.key);
        return { kind: "applied", message: "ok" };
      },
      (remaining) => saves.push(remaining.map((change) => change.key))
    );
    expect(sent).toEqual(["k-add-0001", "k-got-0002"]);
    expect(saves).toEqual([["k-got-0002"], []]);
    expect(result).toEqual({ remaining: [], applied: 2, refusals: [] });
  });

  it("drops a change the server refused and reports the server's message", async () => {
    const answers: ReplayAnswer[] = [
      { kind: "refused", message: "That item is no longer on your list." },
      { kind: "applied", message: "" },
    ];
    const result = await replayQueue(
      [gotIt("k-got-0001", 1), gotIt("k-got-0002", 2)],
      LIST,
      async () => answers.shift()!
    );
    expect(result).toEqual({ remaining: [], applied: 1, refusals: ["That item is no longer on your list."] });
  });

  it("stops at the first change without an answer and keeps it and the ones after, keys unchanged", async () => {
    const queue = [gotIt("k-got-0001", 1), gotIt("k-got-0002", 2), gotIt("k-got-0003", 3)];
    const answers: ReplayAnswer[] = [{ kind: "applied", message: "" }, { kind: "unreachable" }];
    const result = await replayQueue(queue, LIST, async () => answers.shift() ?? { kind: "applied", message: "" });
    expect(result.remaining).toEqual(queue.slice(1));
    expect(result.applied).toBe(1);
  });

  it("runs one replay at a time: a second call while one runs gets its result, sending nothing again", async () => {
    let sends = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const replay = singleFlight(() =>
      replayQueue([gotIt("k-got-0001", 1)], LIST, async () => {
        sends += 1;
        await gate;
        return { kind: "applied", message: "" };
      })
    );
    const first = replay();
    const second = replay();
    release();
    expect(await second).toEqual(await first);
    expect(sends).toBe(1);
    // once it has ended, the next call replays again
    await replay();
    expect(sends).toBe(2);
  });

  it("drops unsent the changes made on another list (queued before a sign-out)", async () => {
    const sent: string[] = [];
    const saves: string[][] = [];
    const result = await replayQueue(
      [gotIt("k-got-0001", 1, 99), gotIt("k-got-0002", 2)],
      LIST,
      async (change) => {
        sent.push(change.key);
        return { kind: "applied", message: "" };
      },
      (remaining) => saves.push(remaining.map((change) => change.key))
    );
    expect(sent).toEqual(["k-got-0002"]);
    expect(saves[0]).toEqual(["k-got-0002"]);
    expect(result.remaining).toEqual([]);
  });

  it("reads the server's status: 2xx applied, 4xx refused, signed out or unreachable waits", () => {
    expect(answerOf(200, "eggs is on your list.")).toEqual({ kind: "applied", message: "eggs is on your list." });
    expect(answerOf(404, "That item is no longer on your list.")).toEqual({
      kind: "refused",
      message: "That item is no longer on your list.",
    });
    expect(answerOf(401, "Please log in to continue")).toEqual({ kind: "unreachable" });
    expect(answerOf(0, undefined)).toEqual({ kind: "unreachable" });
    expect(answerOf(503, undefined)).toEqual({ kind: "unreachable" });
    expect(answerOf(429, "Too many")).toEqual({ kind: "unreachable" });
  });
});
