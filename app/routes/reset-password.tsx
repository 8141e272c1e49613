import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormMessage, useFlash } from "~/components/flash";
import { Field } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { useJsonForm } from "~/components/use-json-form";
import { sentValue, type FormCheck } from "~/components/use-lazy-form-check";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { RESET_REQUESTED } from "~/domain/auth-messages";
import { parseResetRequestForm } from "~/services/auth-forms.server";
import { requestPasswordReset, TOO_MANY_RESET_REQUESTS } from "~/services/password-reset.server";
import { readForm } from "~/services/request.server";
import { redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Reset password · Recipe Helper" }];

/** The form posted without JavaScript (with JavaScript the screen calls POST /api/auth/reset-password). */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseResetRequestForm(await readForm(request));
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if ((await requestPasswordReset(submission.value.email, request)).limited) {
    return data({ result: submission.reply({ formErrors: [TOO_MANY_RESET_REQUESTS] }) }, { status: 429 });
  }
  throw await redirectWithFlash("/reset-password", { type: "success", message: RESET_REQUESTED });
}

function SentView({ onTryAgain }: { onTryAgain: (() => void) | null }) {
  return (
    <section className="stack" aria-live="polite">
      <FormMessage type="success" message={RESET_REQUESTED} />
      <p className="auth-lead">The link works once, for one hour. Check your spam folder if it does not arrive.</p>
      {onTryAgain ? (
        <button type="button" className="button button-secondary" onClick={onTryAgain}>
          Try Different Email
        </button>
      ) : (
        <Link to="/reset-password" className="button button-secondary">
          Try Different Email
        </Link>
      )}
    </section>
  );
}

const TYPING_PAUSE_MS = 800;
const EMAIL_ID = "reset-password-email";
const loadCheck = () => import("~/domain/auth-check").then((module) => module.resetRequestErrors);

/** What is wrong with the address, in the schema's words ('Please enter a valid email address'); null when valid. */
function emailProblem(check: FormCheck, email: string): string | null {
  const form = new FormData();
  form.set("email", email);
  return check(form)?.email?.[0] ?? null;
}

function RequestForm({ onSent }: { onSent: () => void }) {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<string | null>(null);
  // With JavaScript the button stays disabled until the address is valid (once the check has arrived), so the form
  // is never submitted to show why: the reason appears once the cook leaves the field or stops typing for a moment.
  const [problemShown, setProblemShown] = useState(false);
  const pause = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(pause.current), []);
  const { errors, formProps, check, pending, status } = useJsonForm({
    loadCheck,
    lastResult: actionData?.result,
    url: "/api/auth/reset-password",
    successStatus: 200,
    successMessage: RESET_REQUESTED,
    defaultError: AN_ERROR_OCCURRED,
    successDelayMs: 0,
    onSuccess: onSent,
  });
  // A value typed or filled in before the page became interactive counts too.
  useEffect(() => {
    const input = document.getElementById(EMAIL_ID) as HTMLInputElement | null;
    setTyped(input?.value ?? "");
  }, []);
  const problem = check && typed !== null ? emailProblem(check, typed) : null;
  const shown =
    status?.type === "error" ? status : errors[""]?.length ? { type: "error" as const, message: errors[""][0] } : null;

  return (
    <Form method="post" {...formProps} id="reset-password" className="stack">
      <FormMessage type="error" message={shown?.message} />
      <Field
        label="Email"
        inputProps={{
          id: EMAIL_ID,
          name: "email",
          type: "email",
          required: true,
          defaultValue: sentValue(actionData?.result, "email"),
          autoComplete: "email",
          autoFocus: true,
          onInput: (event) => {
            const value = event.currentTarget.value;
            setTyped(value);
            setProblemShown(false);
            clearTimeout(pause.current);
            if (value.trim()) pause.current = setTimeout(() => setProblemShown(true), TYPING_PAUSE_MS);
          },
          onBlur: (event) => setProblemShown(event.currentTarget.value.trim() !== ""),
        }}
        errors={errors.email ?? (problemShown && problem ? [problem] : undefined)}
      />
      {/* Without JavaScript the server checks the address instead. */}
      <button
        type="submit"
        className="button button-primary"
        disabled={pending || (hydrated && check !== null && problem !== null)}
      >
        {pending ? "Sending..." : "SEND RESET LINK"}
      </button>
    </Form>
  );
}

export default function ResetPasswordScreen() {
  // After a request without JavaScript, the flash carries the success view here.
  const sentWithoutJavaScript = useFlash()?.message === RESET_REQUESTED;
  const [sent, setSent] = useState(false);
  // Each attempt gets a fresh form (no leftover value, message or pending state).
  const [attempt, setAttempt] = useState(0);

  return (
    <main className="auth-screen">
      <h1>Reset password</h1>
      <p className="auth-lead">Enter the email of your account and we will send you a link to choose a new password.</p>
      {sent || sentWithoutJavaScript ? (
        <SentView
          onTryAgain={
            sent
              ? () => {
                  setSent(false);
                  setAttempt((n) => n + 1);
                }
              : null
          }
        />
      ) : (
        <RequestForm key={attempt} onSent={() => setSent(true)} />
      )}
      <p className="auth-alt">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
