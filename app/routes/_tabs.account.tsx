import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { Flash } from "~/components/flash";
import { SettingsIcon } from "~/components/icons";
import { useFormBusy } from "~/components/use-form-busy";
import { accountScreen } from "~/services/account-screen.server";

export const meta: MetaFunction = () => [{ title: "Account · Recipe Helper" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return accountScreen(request);
}

export default function AccountScreen() {
  const { profile, details, emailVerified } = useLoaderData<typeof loader>();
  const sending = useFormBusy({ action: "/verify-email" });
  return (
    <main className="account">
      <header className="account-header">
        <h1>Account</h1>
        <Link to="/setting" className="icon-button" aria-label="Settings">
          <SettingsIcon />
        </Link>
      </header>
      <Flash />
      <section className="account-identity" aria-label="Profile">
        <Avatar src={profile.avatar_url} label={`Profile picture of ${profile.username}`} className="avatar-large" />
        <p className="account-username">{profile.username}</p>
      </section>
      <dl className="profile-list">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section className="email-verification" aria-label="Email verification">
        {emailVerified ? (
          <p className="email-verified">Email verified</p>
        ) : (
          <Form method="post" action="/verify-email" className="email-unverified">
            <p>
              Email not verified. Open the link we sent to {profile.email}, or get a new one. Google sign-in can be
              linked to this account once the address is verified.
            </p>
            <button type="submit" className="button button-secondary" disabled={sending}>
              {sending ? "Sending..." : "Resend verification email"}
            </button>
          </Form>
        )}
      </section>
      <p className="account-links">
        <Link to="/household" className="button button-secondary">
          Household
        </Link>
        <Link to="/my-recipes" className="button button-secondary">
          My recipes
        </Link>
        <Link to="/import" className="button button-secondary">
          Import a recipe
        </Link>
        {/* a plain link: the browser downloads the zip itself, with or without JavaScript */}
        <a href="/api/export" download className="button button-secondary">
          Download my data
        </a>
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="button button-secondary account-logout">
          LOG OUT
        </button>
      </Form>
    </main>
  );
}
