/**
 * The browser's side of the offline shopping list: taps made without a connection are kept in localStorage (so a
 * reload or a closed tab keeps them) and sent as JSON page calls (POST /shoppinglist) when the connection returns,
 * each with its change key (decision 113). The queue's rules are app/domain/offline-queue.ts.
 */
import { useSyncExternalStore } from "react";
import {
  answerOf,
  enqueue,
  parseQueue,
  replayQueue,
  singleFlight,
  type QueuedChange,
  type ReplayAnswer,
  type ReplayResult,
} from "~/domain/offline-queue";

const STORAGE_KEY = "recipe-helper:shopping-queue";
export const LIST_PATH = "/shoppinglist";

/** What the last replay did, for the list to say (until the next replay or a tap). */
export type SentSummary = { sent: number; refusals: string[] };

type Snapshot = { queue: QueuedChange[]; online: boolean; lastSent: SentSummary | null };

const listeners = new Set<() => void>();
let storedRaw: string | null | undefined;
let snapshot: Snapshot = { queue: [], online: true, lastSent: null };
let lastSent: SentSummary | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function refresh() {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  const online = navigator.onLine;
  if (raw === storedRaw && online === snapshot.online && lastSent === snapshot.lastSent) return;
  storedRaw = raw;
  snapshot = { queue: parseQueue(raw), online, lastSent };
  for (const listener of listeners) listener();
}

function save(queue: QueuedChange[]) {
  if (queue.length === 0) storage()?.removeItem(STORAGE_KEY);
  else storage()?.setItem(STORAGE_KEY, JSON.stringify(queue));
  refresh();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener("online", refresh);
    window.addEventListener("offline", refresh);
    window.addEventListener("storage", refresh);
  }
  refresh();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("online", refresh);
    window.removeEventListener("offline", refresh);
    window.removeEventListener("storage", refresh);
  };
}

const SERVER_SNAPSHOT: Snapshot = { queue: [], online: true, lastSent: null };

/** The queue, whether the browser thinks it is online, and what the last replay sent. */
export function useShoppingQueue(): Snapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => SERVER_SNAPSHOT
  );
}

/** The signed-in cook's list, as the screen last loaded it: taps are queued for it and replayed only to it. */
let currentListId = 0;
export function setCurrentList(listId: number) {
  currentListId = listId;
}

/** Keeps a tap for later; the list hides what it takes off and shows what it adds as waiting. */
export function queueChange(change: Omit<QueuedChange, "listId">) {
  refresh();
  lastSent = null;
  save(enqueue(snapshot.queue, { ...change, listId: currentListId }));
}

/** The queued change a list form's fields describe (Got it, Remove, Add with their key), or null. */
export function queuedChangeOf(fields: Record<string, FormDataEntryValue>): Omit<QueuedChange, "listId"> | null {
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string).trim() : "");
  const key = text("change");
  const intent = text("intent");
  if (!key) return null;
  if (intent === "add") {
    return text("name") ? { key, intent, name: text("name"), quantity: text("quantity") || undefined } : null;
  }
  if (intent !== "got-it" && intent !== "remove") return null;
  const item = Number(text("item"));
  return Number.isInteger(item) && item > 0 ? { key, intent, item, name: text("name") } : null;
}

async function send(change: QueuedChange): Promise<ReplayAnswer> {
  try {
    const response = await fetch(LIST_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        intent: change.intent,
        change: change.key,
        ...(change.intent === "add" ? { name: change.name, quantity: change.quantity ?? "" } : { item: change.item }),
      }),
      credentials: "same-origin",
      // a signed-out cook is sent to /login: that is no answer, and the change waits for them to sign in
      redirect: "manual",
    });
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return answerOf(response.status, typeof body?.message === "string" ? body.message : undefined);
  } catch {
    return { kind: "unreachable" };
  }
}

/** Sends what is queued (one replay at a time); the list reloads its data afterwards when anything was answered. */
export const replayShoppingQueue = singleFlight(async (): Promise<ReplayResult> => {
  refresh();
  const result = await replayQueue(snapshot.queue, currentListId, send, save);
  if (result.applied > 0 || result.refusals.length > 0) {
    lastSent = { sent: result.applied + result.refusals.length, refusals: result.refusals };
    refresh();
  }
  return result;
});
