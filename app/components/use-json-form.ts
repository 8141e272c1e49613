import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type * as z from "zod";
import { AUTH_REQUEST_TIMEOUT_MS, ConnectionError, postJson, serverMessage, type JsonReply } from "~/domain/api-client";

export type StatusMessage = { type: "success" | "error"; message: string };

type Options<Schema extends z.ZodObject> = {
  id: string;
  schema: Schema;
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
 * An auth form: validated by its zod schema as the user types (after the first submit), and, with
 * JavaScript, sent as the spec's JSON call so the screen shows the server's message, a timeout or a lost
 * connection exactly as the spec words them, then moves on after the spec's delay. Without JavaScript the
 * same form posts normally and the action answers with conform's reply or a redirect.
 */
export function useJsonForm<Schema extends z.ZodObject>(options: Options<Schema>) {
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<StatusMessage | null>(null);

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

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    constraint: getZodConstraint(options.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status === "success") void submit(submission.value);
    },
  });

  return { form, fields, pending, status };
}
