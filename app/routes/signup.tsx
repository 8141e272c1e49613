import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Field, NEW_PASSWORD_HINT, PasswordField } from "~/components/forms";
import { FormMessage } from "~/components/flash";
import { useJsonForm } from "~/components/use-json-form";
import { sentValue } from "~/components/use-lazy-form-check";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { SIGNUP_SUCCESS } from "~/domain/auth-messages";
import { signUp, signupScreen } from "~/services/signup-screen.server";

export const meta: MetaFunction = () => [{ title: "Sign up · Recipe Helper" }];

const REDIRECT_DELAY_MS = 1_500;

export async function loader({ request }: LoaderFunctionArgs) {
  return signupScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return signUp(request);
}

const loadCheck = () => import("~/domain/auth-check").then((module) => module.signupErrors);

export default function SignupScreen() {
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  // A server-side error on one field (name or email taken), shown until the user edits the form.
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const { errors, formProps, pending, status } = useJsonForm({
    loadCheck,
    lastResult,
    url: "/signup",
    successStatus: 201,
    successMessage: SIGNUP_SUCCESS,
    defaultError: AN_ERROR_OCCURRED,
    successDelayMs: REDIRECT_DELAY_MS,
    onSuccess: () => navigate("/login"),
    onError(reply, message) {
      const field = reply.body.field;
      if (field !== "username" && field !== "email" && field !== "password") return false;
      setFieldError({ field, message });
      return true;
    },
  });

  const errorsOf = (name: "username" | "email" | "password") =>
    fieldError?.field === name ? [fieldError.message] : errors[name];

  return (
    <main className="auth-screen">
      <h1>Create your account</h1>
      <p className="auth-lead">Cook with what you have, waste less, and see the CO2 you save.</p>
      <FormMessage type={status?.type ?? "error"} message={status?.message ?? errors[""]?.[0]} />
      <Form method="post" {...formProps} id="signup" className="stack" onInput={() => setFieldError(null)}>
        <Field
          label="Username"
          inputProps={{
            id: "signup-username",
            name: "username",
            type: "text",
            required: true,
            defaultValue: sentValue(lastResult, "username"),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={errorsOf("username")}
        />
        <Field
          label="Email"
          inputProps={{
            id: "signup-email",
            name: "email",
            type: "email",
            required: true,
            defaultValue: sentValue(lastResult, "email"),
            autoComplete: "email",
          }}
          errors={errorsOf("email")}
        />
        <PasswordField
          label="Password"
          inputProps={{ id: "signup-password", name: "password", required: true, autoComplete: "new-password" }}
          hint={NEW_PASSWORD_HINT}
          errors={errorsOf("password")}
        />
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? "Creating account..." : "SIGN UP"}
        </button>
      </Form>
      <p className="auth-alt">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </main>
  );
}
