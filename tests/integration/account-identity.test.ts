/**
 * Who an account belongs to: its email proven by a link mailed through SMTP (a real server on loopback), Google
 * sign-in linking only to an account whose address is proven (the pre-hijacking of an outside test), one name
 * regardless of case, and one address regardless of case or fullwidth forms.
 */
import type { OAuth2Server } from "oauth2-mock-server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cookiesAfter, getRequest, jsonRequest, formRequest, run, sessionCookieFrom } from "../support/requests";
import { REFUSED_DOMAIN } from "../support/smtp";

const CLIENT_ID = "recipe-helper-identity-test";
const { smtp, provider } = await vi.hoisted(async () => {
  const { startSmtpServer } = await import("../support/smtp");
  const { OAuth2Server: Provider } = await import("oauth2-mock-server");
  const server = await startSmtpServer();
  const google = new Provider();
  await google.issuer.keys.generate("RS256");
  await google.start(0, "127.0.0.1");
  const issuer = google.issuer.url!;
  Object.assign(process.env, {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(server.port),
    APP_URL: "https://recipes.example",
    GOOGLE_CLIENT_ID: "recipe-helper-identity-test",
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
    GOOGLE_ISSUER: issuer,
  });
  return { smtp: server, provider: google as OAuth2Server };
});
const { action: signupAction } = await import("~/routes/signup");
const { action: loginAction } = await import("~/routes/login");
const { action: googleAuthAction } = await import("~/routes/google-auth");
const { loader: verifyLoader } = await import("~/routes/verify-email_.$token");
const { action: resendAction } = await import("~/routes/verify-email");
const { loader: accountLoader } = await import("~/routes/_tabs.account");
const { prisma } = await import("~/services/db.server");
const { CLIENT_ADDRESS_HEADER } = await import("~/services/rate-limit.server");
const { getUserId, takeFlash } = await import("~/services/session.server");
const { updateProfile } = await import("~/services/users.server");
afterAll(async () => {
  await smtp.close();
  await provider.stop();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
let counter = 0;
const fromClient = () => ({ [CLIENT_ADDRESS_HEADER]: `192.0.2.${++counter}` });
const unique = (prefix: string) => `${prefix}_${++counter}_${Date.now() % 100000}`;

const signup = (body: Record<string, string>) =>
  run(() => signupAction(args(jsonRequest("/signup", body, { headers: fromClient() }))));
const login = (username: string, password: string) =>
  run(() => loginAction(args(jsonRequest("/login", { username, password }, { headers: fromClient() }))));

function verifyLinkIn(raw: string): string {
  const text = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = text.match(/https?:\/\/[^\s"<>]+\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`No verification link in:\n${raw}`);
  return link;
}
async function linksTo(email: string, count = 1): Promise<string[]> {
  const mails = () => smtp.received.filter((mail) => mail.to.includes(email));
  await expect.poll(() => mails().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return mails().map((mail) => verifyLinkIn(mail.raw));
}
const openLink = (link: string, cookie?: string | null) => {
  const path = new URL(link).pathname;
  return run(() => verifyLoader(args(getRequest(path, { cookie }), { token: path.split("/").pop()! })));
};
async function flashOf(response: Response) {
  return (
    await takeFlash(getRequest(response.headers.get("Location") ?? "/", { cookie: cookiesAfter(null, response) }))
  ).flash;
}

async function googleSignIn(email: string) {
  const token = await provider.issuer.buildToken({
    scopesOrTransform: (_header, payload) =>
      Object.assign(payload, {
        aud: CLIENT_ID,
        sub: unique("google"),
        email,
        email_verified: true,
        name: "Victim Person",
      }),
  });
  return run(() => googleAuthAction(args(jsonRequest("/google-auth", { credential: token }))));
}

describe("account pre-hijacking through Google sign-in", () => {
  it("does not link Google to an account whose address nobody proved; the password holder gains nothing", async () => {
    // The attacker signs up first with the victim's address and a password of their own.
    const attacker = {
      username: unique("attacker"),
      email: `${unique("victim")}@gmail.example`,
      password: "Attack123",
    };
    expect((await signup(attacker)).status).toBe(201);

    const victim = await googleSignIn(attacker.email);
    expect(victim.status).toBe(409);
    expect((await victim.json()).message).toMatch(/not verified\. Log in with its password and verify the address/);
    expect(victim.headers.get("Set-Cookie")).toBeNull();
    const row = await prisma.user.findUniqueOrThrow({ where: { email: attacker.email } });
    expect(row.googleId).toBeNull();
  });

  it("links once the owner proved the address through the mailed link", async () => {
    const owner = { username: unique("owner"), email: `${unique("owner")}@gmail.example`, password: "Owner1234" };
    const created = (await (await signup(owner)).json()) as { user_id: number };
    const [link] = await linksTo(owner.email);
    expect(link.startsWith("https://recipes.example/verify-email/")).toBe(true);

    const opened = await openLink(link);
    expect(opened.status).toBe(302);
    expect(await flashOf(opened)).toEqual({ type: "success", message: "Your email address is verified." });

    const google = await googleSignIn(owner.email);
    expect(await google.json()).toMatchObject({ user_id: created.user_id, is_new_user: false });
    expect(await getUserId(getRequest("/home", { cookie: sessionCookieFrom(google) }))).toBe(created.user_id);
  });

  it("counts a new Google account's address as verified", async () => {
    const email = `${unique("fresh")}@gmail.example`;
    const response = await googleSignIn(email);
    expect((await response.json()).is_new_user).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();
  });
});

describe("the verification link", () => {
  it("works once, only for the address it was sent to, and a new one can be asked for on Account", async () => {
    const user = { username: unique("verify"), email: `${unique("verify")}@example.com`, password: "Verify123" };
    await signup(user);
    const [first] = await linksTo(user.email);
    const cookie = sessionCookieFrom(await login(user.username, user.password));
    const account = async () =>
      (await (await run(() => accountLoader(args(getRequest("/account", { cookie }))))).json()) as {
        emailVerified: boolean;
      };
    expect((await account()).emailVerified).toBe(false);

    const resent = await run(() => resendAction(args(formRequest("/verify-email", {}, { cookie }))));
    expect(resent.headers.get("Location")).toBe("/account");
    expect((await flashOf(resent))?.message).toBe(
      "We sent a verification link to your email address. Open it to verify your address."
    );
    const [, second] = await linksTo(user.email, 2);
    // A new link replaces the old one.
    expect(await flashOf(await openLink(first, cookie))).toMatchObject({ type: "error" });
    expect((await account()).emailVerified).toBe(false);

    expect((await flashOf(await openLink(second, cookie)))?.message).toBe("Your email address is verified.");
    expect((await account()).emailVerified).toBe(true);
    expect(await flashOf(await openLink(second, cookie))).toMatchObject({ type: "error" });
    expect(await flashOf(await openLink("https://recipes.example/verify-email/not-a-token"))).toMatchObject({
      type: "error",
    });

    // A changed address must be proven again.
    const row = await prisma.user.findUniqueOrThrow({ where: { email: user.email } });
    const changed = await updateProfile(row.id, {
      username: user.username,
      email: `${unique("moved")}@example.com`,
      allergies: [],
    });
    expect(changed.ok).toBe(true);
    expect((await account()).emailVerified).toBe(false);
  });

  it("tells the cook when the mail server refuses the link, and logs why", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = { username: unique("bounce"), email: `${unique("bounce")}@${REFUSED_DOMAIN}`, password: "Bounce123" };
    expect((await signup(user)).status).toBe(201);
    const cookie = sessionCookieFrom(await login(user.username, user.password));
    expect(await flashOf(await run(() => resendAction(args(formRequest("/verify-email", {}, { cookie })))))).toEqual({
      type: "error",
      message: "The verification email could not be sent. Please try again later.",
    });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^Verification mail failed: .*Mailbox unavailable/));
    logged.mockRestore();
  });

  it("is not sent more than three times an hour", async () => {
    const user = { username: unique("flood"), email: `${unique("flood")}@example.com`, password: "Flood1234" };
    await signup(user);
    const cookie = sessionCookieFrom(await login(user.username, user.password));
    const resend = async () =>
      flashOf(await run(() => resendAction(args(formRequest("/verify-email", {}, { cookie })))));
    expect((await resend())?.type).toBe("success");
    expect((await resend())?.type).toBe("success");
    expect(await resend()).toEqual({
      type: "error",
      message: "You asked for several verification links in a short while. Please try again later.",
    });
  });
});

describe("one name regardless of case, one address regardless of its form", () => {
  it("refuses Alice when alice exists, and logs alice in as ALICE", async () => {
    const name = unique("alice");
    expect((await signup({ username: name, email: `${name}@example.com`, password: "Secret123" })).status).toBe(201);
    const clash = await signup({ username: name.toUpperCase(), email: `${name}2@example.com`, password: "Secret123" });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ message: "Username is already taken", field: "username" });
    expect((await login(name.toUpperCase(), "Secret123")).status).toBe(200);
  });

  it("stores a fullwidth or capitalised address in its normal form and refuses it as a second account", async () => {
    const local = unique("mail");
    const response = await signup({
      username: unique("wide"),
      email: `ＡＢ${local}@Example.COM`,
      password: "Secret123",
    });
    expect(response.status).toBe(201);
    const { user_id: id } = (await response.json()) as { user_id: number };
    expect((await prisma.user.findUniqueOrThrow({ where: { id } })).email).toBe(`ab${local}@example.com`);
    const again = await signup({ username: unique("wide"), email: `ab${local}@example.com`, password: "Secret123" });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("Email is already registered");
  });

  it("refuses a profile renamed to another account's name in other case", async () => {
    const taken = unique("taken");
    await signup({ username: taken, email: `${taken}@example.com`, password: "Secret123" });
    const mover = unique("mover");
    const { user_id: id } = (await (
      await signup({ username: mover, email: `${mover}@example.com`, password: "Secret123" })
    ).json()) as { user_id: number };
    const result = await updateProfile(id, {
      username: taken.toUpperCase(),
      email: `${mover}@example.com`,
      allergies: [],
    });
    expect(result).toEqual({ ok: false, field: "username", message: "Username is already taken" });
  });
});
