import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useFlash } from "~/components/flash";
import { Field, FormMessage, PasswordField } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { useJsonForm } from "~/components/use-json-form";
import { sentValue } from "~/components/use-lazy-form-check";
import { safeRedirectPath } from "~/domain/auth-messages";
import { parseLoginForm } from "~/services/auth-forms.server";
import { login } from "~/services/auth.server";
import { googleSignInEnabled } from "~/services/google-auth.server";
import { jsonPageReply, readPageCall } from "~/services/json-page-calls.server";
import { invalidSubmission } from "~/services/request.server";
import {
  createUserSession,
  getUserId,
  HTTPS_NEEDED_TO_SIGN_IN,
  redirectWithFlash,
  signInNeedsHttps,
} from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Log in · Recipe Helper" }];

const LOGIN_SUCCESS = "Login successfully";
const LOGIN_DEFAULT_ERROR = "An error occured. Please try again.";
const REDIRECT_DELAY_MS = 1_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if ((await getUserId(request)) !== null) throw redirect(redirectTo);
  const httpsNeeded = signInNeedsHttps(request) ? HTTPS_NEEDED_TO_SIGN_IN : null;
  return { redirectTo, googleSignIn: googleSignInEnabled, httpsNeeded };
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, isJson } = await readPageCall(request);
  const submission = parseLoginForm(formData);
  if (submission.status !== "success") return invalidSubmission(submission, isJson, LOGIN_DEFAULT_ERROR);

  const result = await login(request, formData, submission.value);
  if (!result.ok) {
    if (isJson) return jsonPageReply({ message: result.message }, { status: result.status });
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.status }
    );
  }

  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  const headers = { "Set-Cookie": await createUserSession(request, result.user.id) };
  if (isJson) return jsonPageReply({ user_id: result.user.id, message: LOGIN_SUCCESS }, { headers });
  throw await redirectWithFlash(redirectTo, { type: "success", message: LOGIN_SUCCESS }, headers);
}

const loadCheck = () => import("~/domain/auth-check").then((module) => module.loginErrors);

export default function LoginScreen() {
  const { redirectTo, googleSignIn, httpsNeeded } = useLoaderData<typeof loader>();
  const flash = useFlash();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const { errors, formProps, pending, status } = useJsonForm({
    loadCheck,
    lastResult,
    url: "/login",
    successStatus: 200,
    successMessage: LOGIN_SUCCESS,
    defaultError: LOGIN_DEFAULT_ERROR,
    successDelayMs: REDIRECT_DELAY_MS,
    onSuccess: () => navigate(redirectTo, { replace: true }),
  });

  const shown = status ?? (errors[""]?.length ? { type: "error" as const, message: errors[""][0] } : flash);

  return (
    <main className="auth-screen">
      <h1>Welcome back</h1>
      <p className="auth-lead">Log in to save favourites, review recipes and track what you cook.</p>
      {httpsNeeded ? <FormMessage type="error" message={httpsNeeded} /> : null}
      <FormMessage type={shown?.type ?? "error"} message={shown?.message} />
      <Form method="post" {...formProps} id="login" className="stack">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Username"
          inputProps={{
            id: "login-username",
            name: "username",
            type: "text",
            required: true,
            defaultValue: sentValue(lastResult, "username"),
            autoComplete: "username",
            autoFocus: true,
          }}
          errors={errors.username}
        />
        <PasswordField
          label="Password"
          inputProps={{ id: "login-password", name: "password", required: true, autoComplete: "current-password" }}
          errors={errors.password}
        />
        <p className="align-end">
          <Link to="/reset-password">Forgot password?</Link>
        </p>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? "Logging in..." : "LOG IN"}
        </button>
      </Form>
      {googleSignIn ? <GoogleSignInButton /> : null}
      <p className="auth-alt">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
      <p className="auth-alt">
        <Link to="/home" className="button button-secondary">
          Continue as guest
        </Link>
      </p>
    </main>
  );
}
