import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useParams } from "@remix-run/react";
import { useState } from "react";
import { PasswordField } from "~/components/forms";
import { FormMessage } from "~/components/flash";
import { useJsonForm } from "~/components/use-json-form";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { INVALID_RESET_LINK, PASSWORD_RESET } from "~/domain/auth-messages";
import { parseNewPasswordForm } from "~/services/auth-forms.server";
import { findResetLink, resetPassword } from "~/services/password-reset.server";
import { readForm } from "~/services/request.server";
import { getSession, redirectWithFlash } from "~/services/session.server";

// The token is a secret: no Referer names the page to other sites, and it is not cached.
export const meta: MetaFunction = () => [
  { title: "Choose a new password · Recipe Helper" },
  { name: "referrer", content: "same-origin" },
];

const REDIRECT_DELAY_MS = 2_000;

const PRIVATE_PAGE = { "Cache-Control": "no-store" };

export const headers: HeadersFunction = () => PRIVATE_PAGE;

export async function loader({ params }: LoaderFunctionArgs) {
  const link = await findResetLink(params.token ?? "");
  return data({ valid: link !== null, email: link?.email ?? null }, { headers: PRIVATE_PAGE });
}

/** The form posted without JavaScript (with JavaScript the screen calls POST /api/auth/new-password). */
export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  formData.set("token", params.token ?? "");
  const submission = parseNewPasswordForm(formData);
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), invalid: false },
      { status: 400 }
    );
  }
  const session = await getSession(request);
  if (!(await resetPassword(params.token ?? "", submission.value.password, session.id))) {
    return data({ result: undefined, invalid: true }, { status: 400 });
  }
  throw await redirectWithFlash("/login", { type: "success", message: PASSWORD_RESET });
}

function InvalidLink() {
  return (
    <section className="stack">
      <FormMessage type="error" message={INVALID_RESET_LINK} />
      <Link to="/reset-password" className="button button-primary">
        Request a new link
      </Link>
      <Link to="/login" className="button button-secondary">
        Back to login
      </Link>
    </section>
  );
}

const loadCheck = () => import("~/domain/auth-check").then((module) => module.newPasswordErrors);

function NewPasswordForm({ token, email, onInvalidLink }: { token: string; email: string; onInvalidLink: () => void }) {
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const { errors, formProps, pending, status } = useJsonForm({
    loadCheck,
    lastResult: actionData?.result,
    url: "/api/auth/new-password",
    successStatus: 200,
    successMessage: PASSWORD_RESET,
    defaultError: AN_ERROR_OCCURRED,
    successDelayMs: REDIRECT_DELAY_MS,
    onSuccess: () => navigate("/login", { replace: true }),
    onError(_reply, message) {
      if (message !== INVALID_RESET_LINK) return false;
      onInvalidLink();
      return true;
    },
  });

  return (
    <Form method="post" {...formProps} id="new-password" className="stack">
      <FormMessage type={status?.type ?? "error"} message={status?.message} />
      <p className="auth-lead">
        Choose a new password for <strong>{email}</strong>: at least 8 characters, with an uppercase letter, a lowercase
        letter and a number.
      </p>
      <input type="hidden" name="token" value={token} />
      <PasswordField
        label="New password"
        inputProps={{
          id: "new-password-password",
          name: "password",
          required: true,
          autoComplete: "new-password",
          autoFocus: true,
        }}
        errors={errors.password}
      />
      <PasswordField
        label="Confirm password"
        inputProps={{
          id: "new-password-confirmPassword",
          name: "confirmPassword",
          required: true,
          autoComplete: "new-password",
        }}
        errors={errors.confirmPassword}
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Saving..." : "RESET PASSWORD"}
      </button>
    </Form>
  );
}

export default function NewPasswordScreen() {
  const { valid, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [invalidated, setInvalidated] = useState(false);
  const { token = "" } = useParams();
  const usable = valid && email !== null && !invalidated && !actionData?.invalid;

  return (
    <main className="auth-screen">
      <h1>{usable ? "Choose a new password" : "Reset password"}</h1>
      {usable ? (
        <NewPasswordForm token={token} email={email} onInvalidLink={() => setInvalidated(true)} />
      ) : (
        <InvalidLink />
      )}
    </main>
  );
}
