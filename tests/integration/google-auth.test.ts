/**
 * Google sign-in against a real OpenID provider on loopback (oauth2-mock-server): ID-token credentials on
 * POST /google-auth and the authorization-code flow through /auth/google and its callback.
 */
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { cookiesAfter, formRequest, getRequest, jsonRequest, run, sessionCookieFrom } from "../support/requests";

const CLIENT_ID = "recipe-helper-test-client";
const provider = new OAuth2Server();
await provider.issuer.keys.generate("RS256");
await provider.start(0, "127.0.0.1");
const issuer = provider.issuer.url!;
// The app reads its settings when first imported, so they are set before the imports below.
Object.assign(process.env, {
  GOOGLE_CLIENT_ID: CLIENT_ID,
  GOOGLE_CLIENT_SECRET: "test-secret",
  GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
  GOOGLE_TOKEN_URL: `${issuer}/token`,
  GOOGLE_JWKS_URL: `${issuer}/jwks`,
  GOOGLE_ISSUER: issuer,
});
const { action: googleAuthAction } = await import("~/routes/google-auth");
const { action: startAction } = await import("~/routes/auth.google");
const { loader: callbackLoader } = await import("~/routes/auth.google.callback");
const { prisma } = await import("~/services/db.server");
const { getUserId, takeFlash } = await import("~/services/session.server");
const { applySecurityHeaders } = await import("~/services/security.server");

afterAll(() => provider.stop());

let sequence = 0;
/** Claims of a Google account no test has used yet. */
function newAccount(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    sub: `google-${sequence}-${Date.now()}`,
    email: `cook${sequence}@gmail.example`,
    email_verified: true,
    name: "Ana María López",
    ...overrides,
  };
}

function idToken(claims: Record<string, unknown>, expiresIn = 3600) {
  return provider.issuer.buildToken({
    expiresIn,
    scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID }, claims),
  });
}

async function postCredential(credential: unknown) {
  return run(() => googleAuthAction({ request: jsonRequest("/google-auth", { credential }), params: {}, context: {} }));
}

async function signedInUserId(response: Response) {
  const cookie = sessionCookieFrom(response);
  return cookie ? getUserId(getRequest("/home", { cookie })) : null;
}

describe("POST /google-auth", () => {
  it("creates an account for a new Google user and signs them in; the next time it signs the same account in", async () => {
    const account = newAccount();
    const first = await postCredential(await idToken(account));
    expect(first.status).toBe(200);
    const created = (await first.json()) as { user_id: number; is_new_user: boolean; message: string };
    expect(created).toMatchObject({ is_new_user: true, message: "Account created successfully" });
    expect(await signedInUserId(first)).toBe(created.user_id);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: created.user_id } });
    expect(user).toMatchObject({ email: account.email, googleId: account.sub, passwordHash: null });
    expect(user.username).toMatch(/^Ana_Maria_Lopez(_\d+)?$/);

    const again = await postCredential(await idToken(account));
    expect(await again.json()).toEqual({ user_id: created.user_id, is_new_user: false, message: "Login successfully" });
    expect(await signedInUserId(again)).toBe(created.user_id);
  });

  it("gives a second person with the same name a different valid username", async () => {
    const first = (await (await postCredential(await idToken(newAccount({ name: "Zoë Tan" })))).json()) as {
      user_id: number;
    };
    const second = (await (await postCredential(await idToken(newAccount({ name: "Zoë Tan" })))).json()) as {
      user_id: number;
    };
    const names = await prisma.user.findMany({
      where: { id: { in: [first.user_id, second.user_id] } },
      orderBy: { id: "asc" },
    });
    expect(names.map((user) => user.username)).toEqual(["Zoe_Tan", "Zoe_Tan_2"]);
  });

  it("links an existing account with the same email once that account has verified it", async () => {
    const existing = await prisma.user.create({
      data: { username: "linked_cook", email: "linked@gmail.example", passwordHash: "x", emailVerifiedAt: new Date() },
    });
    const account = newAccount({ email: "Linked@gmail.example" });
    const response = await postCredential(await idToken(account));
    expect(await response.json()).toMatchObject({ user_id: existing.id, is_new_user: false });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).googleId).toBe(account.sub);
  });

  it("refuses a second Google account for an email already linked to another, with 409", async () => {
    const first = newAccount({ email: "taken@gmail.example" });
    const created = (await (await postCredential(await idToken(first))).json()) as { user_id: number };
    const response = await postCredential(await idToken(newAccount({ email: "taken@gmail.example" })));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: "An account with this email already exists. Log in with your password.",
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: created.user_id } })).googleId).toBe(first.sub);
  });

  it("refuses an unverified email, leaving the existing account unlinked", async () => {
    const existing = await prisma.user.create({ data: { username: "unverified_owner", email: "owner@gmail.example" } });
    const response = await postCredential(
      await idToken(newAccount({ email: "owner@gmail.example", email_verified: false }))
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Your Google account's email address is not verified." });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).googleId).toBeNull();
  });

  const refused: [string, () => Promise<string>][] = [
    ["another app's token (wrong audience)", () => idToken({ ...newAccount(), aud: "someone-else" })],
    ["an expired token", () => idToken(newAccount(), -60)],
    ["another issuer", () => idToken({ ...newAccount(), iss: "https://accounts.evil.example" })],
    [
      "a token whose payload was changed after signing (bad signature)",
      async () => {
        const [header, payload, signature] = (await idToken(newAccount())).split(".");
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
        const forged = Buffer.from(JSON.stringify({ ...claims, email: "victim@gmail.example" })).toString("base64url");
        return [header, forged, signature].join(".");
      },
    ],
    [
      "a token signed by a key the provider never published",
      async () => {
        const stranger = new OAuth2Server();
        await stranger.issuer.keys.generate("RS256");
        stranger.issuer.url = issuer;
        return stranger.issuer.buildToken({
          scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID }, newAccount()),
        });
      },
    ],
    ["something that is not a token", async () => "not-a-jwt"],
  ];
  it.each(refused)("refuses %s with 401, creating no user and no session", async (_name, token) => {
    const users = await prisma.user.count();
    const response = await postCredential(await token());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Google sign-in failed. Please try again." });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await prisma.user.count()).toBe(users);
  });

  it("asks for a credential", async () => {
    const response = await postCredential(undefined);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "credential is required" });
  });
});

describe("the authorization-code flow", () => {
  let claims: Record<string, unknown>;
  beforeEach(() => {
    claims = newAccount({ name: "Flow Tester" });
    provider.service.removeAllListeners();
    provider.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  });

  /** POST /auth/google, then the provider's consent (which answers at once) — the URL it sends the browser back to. */
  async function throughProvider(cookie: string | null = null) {
    const start = await run(() =>
      startAction({ request: formRequest("/auth/google", {}, { cookie }), params: {}, context: {} })
    );
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe(`${issuer}/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe(CLIENT_ID);
    const consent = await fetch(authorize, { redirect: "manual" });
    const back = new URL(consent.headers.get("Location")!);
    expect(back.pathname).toBe("/auth/google/callback");
    return { callbackPath: back.pathname + back.search, cookie: cookie ?? sessionCookieFrom(start)! };
  }

  async function callback(path: string, cookie: string | null) {
    return run(() => callbackLoader({ request: getRequest(path, { cookie }), params: {}, context: {} }));
  }

  async function flashAfter(response: Response) {
    const cookie = cookiesAfter(null, response);
    // a flash belongs to the screen the redirect goes to
    const screen = new URL(response.headers.get("Location") ?? "/", "http://app").pathname;
    return (await takeFlash(getRequest(screen, { cookie }))).flash;
  }

  it("creates the account, signs it in on /home with 'Account created successfully', then 'Login successfully'", async () => {
    const first = await throughProvider();
    const created = await callback(first.callbackPath, first.cookie);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/home");
    const userId = await signedInUserId(created);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: userId! } })).toMatchObject({
      googleId: claims.sub,
      username: "Flow_Tester",
    });
    expect(await flashAfter(created)).toEqual({ type: "success", message: "Account created successfully" });

    const second = await throughProvider();
    const signedIn = await callback(second.callbackPath, second.cookie);
    expect(await signedInUserId(signedIn)).toBe(userId);
    expect(await flashAfter(signedIn)).toEqual({ type: "success", message: "Login successfully" });
  });

  it("keeps what the guest had in their session", async () => {
    const first = await throughProvider();
    const guestSession = await prisma.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    await prisma.session.update({
      where: { id: guestSession.id },
      data: { data: JSON.stringify({ ...JSON.parse(guestSession.data), theme: "kept" }) },
    });
    const response = await callback(first.callbackPath, first.cookie);
    const session = await prisma.session.findFirstOrThrow({ where: { userId: (await signedInUserId(response))! } });
    expect(JSON.parse(session.data)).toMatchObject({ theme: "kept" });
    expect(JSON.parse(session.data)).not.toHaveProperty("oauth2:state");
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const mine = await throughProvider();
    const other = await throughProvider();
    const forged = await callback(other.callbackPath, mine.cookie);
    expect(forged.headers.get("Location")).toBe("/login");
    expect(await flashAfter(forged)).toEqual({ type: "error", message: "Google sign-in failed. Please try again." });
    expect(await signedInUserId(forged)).toBeNull();
  });

  it("uses a state once: a replayed callback signs no one in", async () => {
    const { callbackPath, cookie } = await throughProvider();
    const used = await callback(callbackPath, cookie);
    expect(used.headers.get("Location")).toBe("/home");
    const replayed = await callback(callbackPath, cookie);
    expect(replayed.headers.get("Location")).toBe("/login");
    expect(await signedInUserId(replayed)).toBeNull();
  });

  it("sends someone already signed in on to /home without touching their session", async () => {
    const first = await throughProvider();
    const signedIn = await callback(first.callbackPath, first.cookie);
    const cookie = sessionCookieFrom(signedIn);
    const userId = await signedInUserId(signedIn);
    const again = await callback(first.callbackPath, cookie);
    expect(again.headers.get("Location")).toBe("/home");
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await getUserId(getRequest("/home", { cookie }))).toBe(userId);
  });

  it("sends the user back to /login with the message when the provider's token endpoint fails", async () => {
    provider.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    const users = await prisma.user.count();
    const { callbackPath, cookie } = await throughProvider();
    const response = await callback(callbackPath, cookie);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashAfter(response)).toEqual({ type: "error", message: "Google sign-in failed. Please try again." });
    expect(await prisma.user.count()).toBe(users);
  });

  it("sends the user back to /login when they cancel on the consent screen", async () => {
    const { callbackPath, cookie } = await throughProvider();
    const cancelled = new URL(callbackPath, "http://localhost:3000");
    cancelled.searchParams.delete("code");
    cancelled.searchParams.set("error", "access_denied");
    const response = await callback(cancelled.pathname + cancelled.search, cookie);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashAfter(response)).toEqual({ type: "error", message: "Google sign-in failed. Please try again." });
  });

  it("lets the login form's redirect reach the provider (CSP form-action)", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, "nonce", false);
    expect(headers.get("Content-Security-Policy")).toContain(`form-action 'self' ${issuer}`);
  });
});
