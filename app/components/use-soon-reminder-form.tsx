import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { REMINDER_MESSAGES } from "~/domain/use-soon-reminder-messages";
import { useFormBusy } from "~/components/use-form-busy";

/** Why the email cannot be turned on yet, and the button that mails a new verification link (to /account). */
function VerifyFirst({ email, paused }: { email: string; paused: boolean }) {
  const sending = useFormBusy({ action: "/verify-email" });
  return (
    <Form method="post" action="/verify-email" className="stack">
      <p>{REMINDER_MESSAGES.unverifiedScreen(email)}</p>
      {paused ? <p>{REMINDER_MESSAGES.paused}</p> : null}
      <button type="submit" className="button button-secondary" disabled={sending}>
        {sending ? "Sending..." : "Resend verification email"}
      </button>
    </Form>
  );
}

/**
 * /setting's use-soon email: on at a time in a time zone, or off. A plain form posting to /use-soon-reminder
 * (back to /setting with a message); with JavaScript a fetcher, and the zone starts as the browser's. It is
 * offered only for a verified address; until then the section says why and how to verify.
 */
export function UseSoonReminderForm({
  reminder,
  emailVerified,
  email,
}: {
  reminder: { time: string; timeZone: string } | null;
  emailVerified: boolean;
  email: string;
}) {
  const fetcher = useFetcher({ key: "use-soon-reminder" });
  const [timeZone, setTimeZone] = useState(reminder?.timeZone ?? "UTC");
  useEffect(() => {
    if (!reminder) setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  }, [reminder]);
  const busy = fetcher.state !== "idle";
  return (
    <section id="reminder" className="use-soon-reminder" aria-labelledby="reminder-title">
      <h2 id="reminder-title">Use-soon email</h2>
      {emailVerified ? null : <VerifyFirst email={email} paused={reminder !== null} />}
      <p>
        {reminder
          ? `On: every day at ${reminder.time} (${reminder.timeZone}) when something in your pantry spoils within 2 days.`
          : "Get an email on the days something in your pantry spoils within 2 days, with three recipes that use it."}
      </p>
      {emailVerified ? (
        <fetcher.Form method="post" action="/use-soon-reminder" className="stack">
          <input type="hidden" name="intent" value="reminder-on" />
          <div className="field">
            <label htmlFor="reminder-time">Time</label>
            <input id="reminder-time" name="time" type="time" required defaultValue={reminder?.time ?? "08:00"} />
          </div>
          <div className="field">
            <label htmlFor="reminder-zone">Time zone</label>
            <input
              id="reminder-zone"
              name="timeZone"
              type="text"
              required
              value={timeZone}
              onChange={(event) => setTimeZone(event.target.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {reminder ? "Change time" : "Email me"}
          </button>
        </fetcher.Form>
      ) : null}
      {reminder ? (
        <fetcher.Form method="post" action="/use-soon-reminder">
          <input type="hidden" name="intent" value="reminder-off" />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Stop use-soon emails
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
