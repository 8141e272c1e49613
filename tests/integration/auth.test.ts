import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as signupAction } from "~/routes/signup";
import { action as searchAction, loader as searchLoader } from "~/routes/search";
import { loader as accountLoader } from "~/routes/_tabs.account";
import { prisma } from "~/services/db.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { sessionCookie, sessionStorage } from "~/services/session.server";
import { flashAfter } from "../support/flash";
import { formRequest, getRequest, jsonRequest, run, served, sessionCookieFrom } from "../support/requests";

const args = (request: Request) => ({ request, params: {}, context: {} });
let addresses = 0;
/** Each sign-up from its own client address, so the per-address sign-up limit only counts where a test means it to. */
const newAddress = () => ({ [CLIENT_ADDRESS_HEADER]: `203.0.113.${++addresses}` });
const signup = (body: Record<string, string>) =>
  run(() => signupAction(args(jsonRequest("/signup", body, { headers: newAddress() }))));
const loginJson = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  run(() => loginAction(args(jsonRequest("/login", body, { headers }))));

let counter = 0;
function uniqueUser() {
  counter += 1;
  return {
    username: `cook_${counter}_${Date.now() % 100000}`,
    email: `cook${counter}@example.com`,
    password: "Secret123",
  };
}

async function signedUpUser() {
  const user = uniqueUser();
  expect((await signup(user)).status).toBe(201);
  return user;
}

describe("signup", () => {
  it("creates an account with a salted scrypt hash, never the password", async () => {
    const user = uniqueUser();
    const response = await signup(user);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ message: "Account created successfully." });
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    expect(row.email).toBe(user.email);
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain(user.password);
  });

  it("without JavaScript redirects to /login with the success message", async () => {
    const user = uniqueUser();
    const response = await run(() => signupAction(args(formRequest("/signup", user, { headers: newAddress() }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashAfter(response)).toMatchObject({ message: "Account created successfully." });
  });

  it("attaches a taken username or email to its field and creates nothing", async () => {
    const user = await signedUpUser();
    const sameName = await signup({ ...uniqueUser(), username: user.username });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toEqual({ field: "username", message: "Username is already taken" });
    const sameEmail = await signup({ ...uniqueUser(), email: user.email.toUpperCase() });
    expect(await sameEmail.json()).toEqual({ field: "email", message: "Email is already registered" });
    expect(await prisma.user.count({ where: { email: user.email } })).toBe(1);
  });

  it.each([
    [{ username: "" }, "username", "Username is required"],
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ username: "a".repeat(21) }, "username", "Username must not exceed 20 characters"],
    [{ username: "bad name!" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ password: "Ab1" }, "password", "Password must be at least 8 characters"],
    [{ password: "alllowercase1" }, "password", "Password must contain uppercase, lowercase, and number"],
  ])("refuses %o with the spec's message", async (override, field, message) => {
    const before = await prisma.user.count();
    const response = await signup({ ...uniqueUser(), ...override });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ field, message });
    expect(await prisma.user.count()).toBe(before);
  });

  it("reports a concurrent signup with the same email on the email field", async () => {
    const email = uniqueUser().email;
    const replies = await Promise.all([signup({ ...uniqueUser(), email }), signup({ ...uniqueUser(), email })]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ field: "email", message: "Email is already registered" });
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });

  it("refuses a JSON body over 1 MB with a 413 before parsing it", async () => {
    const response = await signup({ ...uniqueUser(), padding: "x".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body is too large" });
  });

  it("answers a body that is not JSON with a 400, not a 500", async () => {
    const response = await run(() => signupAction(args(jsonRequest("/signup", "{not json"))));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Request body must be valid JSON" });
  });
});

describe("login", () => {
  it("signs in with the right password and returns the user id with an httpOnly, SameSite=Lax cookie", async () => {
    const user = await signedUpUser();
    const response = await loginJson({ username: user.username, password: user.password });
    expect(response.status).toBe(200);
    const body = await response.json();
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    expect(body).toEqual({ user_id: row.id, message: "Login successfully" });
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const account = await run(() =>
      accountLoader(args(getRequest("/account", { cookie: sessionCookieFrom(response) })))
    );
    expect(await account.json()).toMatchObject({ profile: { username: user.username, email: user.email } });
  });

  it("refuses a wrong password or an unknown user with the same message", async () => {
    const user = await signedUpUser();
    for (const attempt of [
      { username: user.username, password: "Wrong1234" },
      { username: "nobody_here", password: "Secret123" },
    ]) {
      const response = await loginJson(attempt, { [CLIENT_ADDRESS_HEADER]: `10.0.0.${counter}` });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid username or password" });
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it.each([
    [{ username: "" }, "Username is required"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "no spaces" }, "Username can only contain letters, numbers, and underscores"],
    [{ password: "abc" }, "Password must be at least 4 characters"],
  ])("validates %o with the spec's message", async (override, message) => {
    const response = await loginJson({ username: "someone", password: "abcd", ...override });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
  });

  it("locks a username for the address that failed 5 times with a 429, even with the right password", async () => {
    const user = await signedUpUser();
    const attacker = { [CLIENT_ADDRESS_HEADER]: "10.1.0.1" };
    for (let i = 0; i < 5; i += 1) {
      expect((await loginJson({ username: user.username, password: "Wrong1234" }, attacker)).status).toBe(401);
    }
    const blocked = await loginJson({ username: user.username, password: user.password }, attacker);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: "Too many login attempts. Please try again later" });
  });

  it("does not lock the owner out: wrong passwords from elsewhere leave their own address free", async () => {
    const user = await signedUpUser();
    for (let i = 0; i < 6; i += 1) {
      await loginJson({ username: user.username, password: "Wrong1234" }, { [CLIENT_ADDRESS_HEADER]: "10.2.0.1" });
    }
    const owner = await loginJson(
      { username: user.username, password: user.password },
      { [CLIENT_ADDRESS_HEADER]: "10.2.9.9" }
    );
    expect(owner.status).toBe(200);
  });

  it("limits one client address spraying many usernames", async () => {
    const address = { [CLIENT_ADDRESS_HEADER]: "192.0.2.77" };
    for (let i = 0; i < 20; i += 1) {
      expect((await loginJson({ username: `spray_${i}`, password: "Wrong1234" }, address)).status).toBe(401);
    }
    const user = await signedUpUser();
    const blocked = await loginJson({ username: user.username, password: user.password }, address);
    expect(blocked.status).toBe(429);
    const elsewhere = await loginJson(
      { username: user.username, password: user.password },
      { [CLIENT_ADDRESS_HEADER]: "192.0.2.78" }
    );
    expect(elsewhere.status).toBe(200);
  });

  it("without JavaScript redirects to the page the guard came from", async () => {
    const user = await signedUpUser();
    const response = await run(() => loginAction(args(formRequest("/login", { ...user, redirectTo: "/account" }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
  });

  it("never redirects to another site after login", async () => {
    const user = await signedUpUser();
    const response = await run(() =>
      loginAction(args(formRequest("/login", { ...user, redirectTo: "//evil.example/steal" })))
    );
    expect(response.headers.get("Location")).toBe("/home");
  });

  it("gives a new session id at login and ends the guest's old one", async () => {
    // A guest's session starts on the screens whose forms change it, such as /search; its row once it holds something.
    const guestCookie = sessionCookieFrom(await run(() => searchLoader(args(getRequest("/search")))));
    expect(guestCookie).toBeTruthy();
    await run(() =>
      searchAction(args(formRequest("/search", { intent: "toggle", name: "Bread" }, { cookie: guestCookie })))
    );
    const guestSessions = await prisma.session.findMany();
    expect(guestSessions.length).toBeGreaterThan(0);
    const user = await signedUpUser();
    const response = await run(() => loginAction(args(formRequest("/login", user, { cookie: guestCookie }))));
    const userCookie = sessionCookieFrom(response);
    expect(userCookie).not.toBe(guestCookie);
    const guestIds = guestSessions.map((s) => s.id);
    expect(await prisma.session.count({ where: { id: { in: guestIds } } })).toBeLessThan(guestIds.length);
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    expect(await prisma.session.count({ where: { userId: row.id } })).toBe(1);
  });

  it("a session id planted before login (session fixation) is worthless afterwards, and so is the one before a second login", async () => {
    const user = await signedUpUser();
    const planted = (await sessionStorage.commitSession(await sessionStorage.getSession())).split(";")[0];
    const first = sessionCookieFrom(
      await run(() => loginAction(args(formRequest("/login", user, { cookie: planted }))))
    );
    const second = sessionCookieFrom(
      await run(() => loginAction(args(formRequest("/login", user, { cookie: first }))))
    );
    expect(new Set([planted, first, second]).size).toBe(3);
    for (const stale of [planted, first]) {
      expect(await prisma.session.count({ where: { id: await sessionCookie.parse(stale) } })).toBe(0);
      const replayed = await run(() => accountLoader(args(getRequest("/account", { cookie: stale }))));
      expect(replayed.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
    }
    expect((await run(() => accountLoader(args(getRequest("/account", { cookie: second }))))).status).toBe(200);
  });

  it("refuses a login form posted from another site", async () => {
    const user = await signedUpUser();
    const request = formRequest("/login", user, { headers: { Origin: "https://evil.example" } });
    const response = await served(request, () => loginAction(args(request)));
    expect(response.status).toBe(403);
  });
});

describe("logout and guards", () => {
  it("sends a guest from a signed-in screen to /login and back", async () => {
    const response = await run(() => accountLoader(args(getRequest("/account"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("logout deletes the session on the server, so the old cookie no longer works", async () => {
    const user = await signedUpUser();
    const login = await loginJson({ username: user.username, password: user.password });
    const cookie = sessionCookieFrom(login);
    const signedIn = await run(() => accountLoader(args(getRequest("/account", { cookie }))));
    expect(signedIn.status).toBe(200);
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    expect(await prisma.session.count({ where: { userId: row.id } })).toBe(1);

    const logout = await run(() => logoutAction(args(formRequest("/logout", {}, { cookie }))));
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/login");
    expect(await prisma.session.count({ where: { userId: row.id } })).toBe(0);
    const replayed = await run(() => accountLoader(args(getRequest("/account", { cookie }))));
    expect(replayed.status).toBe(302);
  });

  it("a logout posted from another site is refused and the user stays signed in", async () => {
    const user = await signedUpUser();
    const cookie = sessionCookieFrom(await loginJson({ username: user.username, password: user.password }));
    const request = formRequest("/logout", {}, { cookie, headers: { Origin: "https://evil.example" } });
    const forged = await served(request, () => logoutAction(args(request)));
    expect(forged.status).toBe(403);
    expect((await run(() => accountLoader(args(getRequest("/account", { cookie }))))).status).toBe(200);
  });

  it("an expired session signs nobody in and is removed", async () => {
    const user = await signedUpUser();
    const cookie = sessionCookieFrom(await loginJson({ username: user.username, password: user.password }));
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    await prisma.session.updateMany({ where: { userId: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await run(() => accountLoader(args(getRequest("/account", { cookie }))));
    expect(response.status).toBe(302);
    expect(await prisma.session.count({ where: { userId: row.id } })).toBe(0);
  });

  it("deleting a user removes their sessions with them", async () => {
    const user = await signedUpUser();
    await loginJson({ username: user.username, password: user.password });
    const row = await prisma.user.findUniqueOrThrow({ where: { username: user.username } });
    await prisma.user.delete({ where: { id: row.id } });
    expect(await prisma.session.count({ where: { userId: row.id } })).toBe(0);
  });
});
