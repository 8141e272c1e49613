/**
 * Small forms that change one thing on the current screen (a favourite, a ticked step, a picked ingredient).
 * Without JavaScript the form posts normally and the action redirects back. With JavaScript a fetcher sends
 * the same fields as JSON (the action answers with data, no reload), and the screen shows the change at once
 * from the submissions still in flight (usePendingIntents).
 */
import { Form, useFetcher, useFetchers } from "@remix-run/react";
import type { ReactNode } from "react";

export type IntentFields = { intent: string } & Record<string, string>;

export function IntentForm({
  fetcherKey,
  fields,
  className,
  children,
}: {
  /** one key per thing changed, so that changing another thing does not cancel this submission */
  fetcherKey: string;
  fields: IntentFields;
  className?: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  return (
    <Form
      method="post"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(fields, { method: "post", encType: "application/json" });
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** The fields of the submissions with this intent still in flight, oldest first. */
export function usePendingIntents(intent: string): IntentFields[] {
  return useFetchers().flatMap((fetcher) => {
    const fields = fetcher.state === "idle" ? undefined : (fetcher.json as IntentFields | undefined);
    return fields && typeof fields === "object" && fields.intent === intent ? [fields] : [];
  });
}
