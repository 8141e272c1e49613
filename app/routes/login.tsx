import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { FormMessage, useFlash } from "~/components/flash";
import { Field, PasswordField } from "~/components/forms";
import { GoogleSignInButton } from "~/components/google-sign-in";
import { useJsonForm } from "~/components/use-json-form";
import { sentValue } from "~/components/use-lazy-form-check";
import { LOGIN_DEFAULT_ERROR, LOGIN_SUCCESS } from "~/domain/auth-messages";
import { logIn, loginScreen } from "~/services/login-screen.server";

export const meta: MetaFunction = () => [{ title: "Log in · Recipe Helper" }];

const REDIRECT_DELAY_MS = 1_000;

export async function loader({ request }: LoaderFunctionArgs) {
  return loginScreen(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return logIn(request);
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
