import type { SubmissionResult } from "@conform-to/react";
import { useState, type FormEvent } from "react";
import { useLazyFormCheck, type FormCheck } from "~/components/use-lazy-form-check";
import { AUTH_REQUEST_TIMEOUT_MS, ConnectionError, postJson, serverMessage, type JsonReply } from "~/domain/api-client";

export type StatusMessage = { type: "success" | "error"; message: string };

type Options = {
  /** the form's check (its zod schema's), fetched with import() once the form is on screen */
  loadCheck: () => Promise<FormCheck>;
  /** conform's reply from the action, when the form was posted without JavaScript */
  lastResult: SubmissionResult<string[]> | undefined;
  url: string;
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
 * An auth form: checked in the browser as `useLazyFormCheck` does it (a field when left, the whole form on
 * submit, once the check has arrived), and, with JavaScript, sent as the spec's JSON call so the screen shows the
 * server's message, a timeout or a lost connection exactly as the spec words them, then moves on after the spec's
 * delay. Without JavaScript the same form posts normally and the action answers with conform's reply or a redirect.
 */
export function useJsonForm(options: Options) {
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const { errors, formProps, check } = useLazyFormCheck(options.loadCheck, options.lastResult);

  async function submit(payload: unknown) {
    setPending(true);
    setStatus(null);
    try {
      const reply = await postJson(options.url, payload, AUTH_REQUEST_TIMEOUT_MS);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return; // a field is wrong: shown, not sent
    event.preventDefault();
    void submit(Object.fromEntries(new FormData(event.currentTarget)));
  };

  return { errors, formProps: { ...formProps, onSubmit }, check, pending, status };
}
