import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { newChangeKey } from "~/domain/shopping-changes";
import { replayShoppingQueue, setCurrentList, useShoppingQueue } from "./shopping-queue";

/**
 * Gives the submitted form a fresh change key (its hidden "change" field), so that the server applies this tap
 * once however often it is sent (decision 113). A form's onSubmit runs before Remix reads its fields.
 */
export function stampChangeKey(event: FormEvent<HTMLFormElement>) {
  const field = event.currentTarget.elements.namedItem("change");
  if (field instanceof HTMLInputElement) field.value = newChangeKey();
}

export function ChangeKeyField() {
  return <input type="hidden" name="change" defaultValue="" />;
}

/** Sends the queued taps when the screen opens online and whenever the connection returns; then reloads the list. */
export function useReplayWhenOnline(listId: number) {
  setCurrentList(listId);
  const revalidator = useRevalidator();
  // its identity changes with every state: the effect reads the latest through a ref and runs once per screen
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let open = true;
    const replay = () => {
      if (!navigator.onLine) return;
      void replayShoppingQueue().then((result) => {
        if (open && (result.applied > 0 || result.refusals.length > 0)) latest.current.revalidate();
      });
    };
    replay();
    window.addEventListener("online", replay);
    return () => {
      open = false;
      window.removeEventListener("online", replay);
    };
  }, []);
}

const changes = (count: number) => (count === 1 ? "1 change" : `${count} changes`);

/** Offline, the changes waiting, and what the last replay sent or the server refused. */
export function OfflineStatus() {
  const { queue, online, lastSent } = useShoppingQueue();
  return (
    <div className="offline-status" role="status">
      {online ? null : (
        <p className="offline-banner">
          You are offline. This is your list as it was when you last opened it; your changes are kept and sent when you
          are back online.
        </p>
      )}
      {queue.length > 0 ? (
        <p className="offline-waiting">{changes(queue.length)} waiting to be sent.</p>
      ) : lastSent ? (
        <p className="offline-sent">
          {lastSent.sent === 1 ? "1 change was sent." : `${lastSent.sent} changes were sent.`}
        </p>
      ) : null}
      {queue.length === 0 && lastSent?.refusals.length ? (
        <ul className="offline-refusals form-message form-message-error">
          {lastSent.refusals.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
