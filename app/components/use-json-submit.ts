import { useState } from "react";
import { ConnectionError, postJson, serverMessage, type JsonReply } from "~/domain/api-client";

export type StatusMessage = { type: "success" | "error"; message: string };

type Options = {
  url: string;
  timeoutMs: number;
  successStatus: number;
  successMessage: string;
  defaultError: string;
  /** Runs after the success message has been shown for this long. */
  successDelayMs: number;
  onSuccess: () => void;
  /** Lets the screen show an error its own way (e.g. on a field); return true when handled. */
  onError?: (reply: JsonReply, message: string) => boolean;
};

/**
 * With JavaScript, an auth form is sent as the spec's JSON call, so the screen can show the server's
 * message, a timeout or a lost connection exactly as the spec words them, then move on after a delay.
 */
export function useJsonSubmit(options: Options) {
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<StatusMessage | null>(null);

  async function submit(payload: unknown) {
    setPending(true);
    setStatus(null);
    try {
      const reply = await postJson(options.url, payload, options.timeoutMs);
      if (reply.status === options.successStatus) {
        setStatus({ type: "success", message: serverMessage(reply, options.successMessage) });
        setTimeout(options.onSuccess, options.successDelayMs);
        return;
      }
      const message = serverMessage(reply, options.defaultError);
      if (!options.onError?.(reply, message)) setStatus({ type: "error", message });
    } catch (error) {
      setStatus({ type: "error", message: error instanceof ConnectionError ? error.message : options.defaultError });
    }
    setPending(false);
  }

  return { pending, status, submit };
}
