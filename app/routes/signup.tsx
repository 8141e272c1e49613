import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Field, FormMessage, PasswordField } from "~/components/forms";
import { useJsonForm } from "~/components/use-json-form";
import { sentValue } from "~/components/use-lazy-form-check";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { parseSignupForm } from "~/services/auth-forms.server";
import { signup, signupAllowed, TOO_MANY_SIGNUPS } from "~/services/auth.server";
import { sendVerificationLink } from "~/services/email-verification.server";
import { jsonPageReply, readPageCall } from "~/services/json-page-calls.server";
import { invalidSubmission } from "~/services/request.server";
import { getUserId, redirectWithFlash } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Sign up · Recipe Helper" }];

const SIGNUP_SUCCESS = "Account created successfully.";
const REDIRECT_DELAY_MS = 1_500;

export async function loader({ request }: LoaderFunctionArgs) {
  if ((await getUserId(request)) !== null) throw redirect("/home");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, isJson } = await readPageCall(request);
  const submission = parseSignupForm(formData);
  if (submission.status !== "success") return invalidSubmission(submission, isJson, AN_ERROR_OCCURRED);
  if (!signupAllowed(request)) {
    if (isJson) return jsonPageReply({ message: TOO_MANY_SIGNUPS }, { status: 429 });
    return data(
      { result: submission.reply({ formErrors: [TOO_MANY_SIGNUPS], hideFields: ["password"] }) },
      { status: 429 }
    );
  }

  const result = await signup(submission.value);
  if (!result.ok) {
    if (isJson) return jsonPageReply({ message: result.message, field: result.field }, { status: 409 });
    return data(
      { result: submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }) },
      { status: 409 }
    );
  }

  await sendVerificationLink(result.userId, { waitForMail: false }).catch((error: unknown) =>
    console.error("Verification link:", error)
  );
  if (isJson) return jsonPageReply({ message: SIGNUP_SUCCESS, user_id: result.userId }, { status: 201 });
  throw await redirectWithFlash("/login", { type: "success", message: SIGNUP_SUCCESS });
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
