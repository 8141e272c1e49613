/**
 * Small forms that change one thing on the current screen (a favourite, a ticked step, a picked ingredient).
 * The action answers every post with a redirect back to the screen (with a flash for a message). Without
 * JavaScript the browser follows it. With JavaScript the form is a fetcher's: the screen's clientAction
 * (stayOnScreen) does not follow a redirect back to the screen, so it keeps its place and its history entry
 * while Remix reloads its data, and the screen shows the change at once from the submissions still in flight
 * (usePendingIntents).
 */
import { useFetcher, useFetchers, useFormAction, type ClientActionFunctionArgs } from "@remix-run/react";
import type { ButtonHTMLAttributes, FormEvent, ReactNode } from "react";
import { escapeHtml } from "~/domain/html-text";

export type IntentFields = { intent: string } & Record<string, string>;

/** The form's own submit button: its label, and what it says (disabled) while the form is being sent. */
export type IntentButton = { label: ReactNode; busyLabel: ReactNode } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "children"
>;

export function IntentForm({
  fetcherKey,
  fields,
  className,
  onSubmit,
  button,
  children,
}: {
  /** one key per thing changed, so that changing another thing does not cancel this submission */
  fetcherKey: string;
  fields: IntentFields;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** a submit button after the children, busy while the form is sent and its answer loads */
  button?: IntentButton;
  children?: ReactNode;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  const action = useFormAction();
  const busy = fetcher.state !== "idle";
  // A plain form sent by the fetcher as fetcher.Form sends it: fetcher.Form costs the server about as much as
  // a Link to render, and a recipe screen has twenty of these (decision 167's consequences).
  return (
    <form
      method="post"
      action={action}
      className={className}
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        fetcher.submit(submitter ?? event.currentTarget, { method: "post" });
      }}
    >
      <span hidden dangerouslySetInnerHTML={{ __html: hiddenFields(fields) }} />
      {children}
      {button ? <SubmitButton busy={busy} {...button} /> : null}
    </form>
  );
}

/** The form's fields as hidden inputs in one piece of markup, each of which React would write attribute by attribute. */
export const hiddenFields = (fields: IntentFields) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`)
    .join("");

/** A submit button that says what it is doing (busyLabel, disabled) while its form is on its way. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  className = "button button-secondary",
  disabled,
  ...rest
}: IntentButton & { busy: boolean }) {
  return (
    <button type="submit" className={className} disabled={busy || disabled} {...rest}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The fields of the submissions with this intent still in flight, oldest first. */
export function usePendingIntents(intent: string): IntentFields[] {
  return useFetchers().flatMap((fetcher) => {
    const fields = fetcher.state === "idle" || !fetcher.formData ? undefined : Object.fromEntries(fetcher.formData);
    return fields?.intent === intent ? [fields as IntentFields] : [];
  });
}

/** What a submission gets back when the server sent it back to the screen it came from. */
export type StayedOnScreen = { stayed: true };

/**
 * The clientAction of a screen whose forms the action answers with a redirect back to the screen: that redirect
 * is not followed (the data is reloaded all the same, the flash with it); a redirect anywhere else is.
 */
export async function stayOnScreen({ serverAction }: ClientActionFunctionArgs): Promise<StayedOnScreen | unknown> {
  try {
    return await serverAction();
  } catch (thrown) {
    if (!(thrown instanceof Response) || !thrown.headers.has("Location")) throw thrown;
    const target = new URL(thrown.headers.get("Location")!, window.location.href);
    if (target.pathname !== window.location.pathname) throw thrown;
    return { stayed: true } satisfies StayedOnScreen;
  }
}
