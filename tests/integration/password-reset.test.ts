import { afterAll, describe, expect, it, vi } from "vitest";
import { action as newPasswordAction } from "~/api/auth.new-password.server";
import { action as resetRequestAction } from "~/api/auth.reset-password.server";
import { loader as verifyLoader } from "~/api/auth.verify-reset-token.$token.server";
import { action as loginAction } from "~/routes/login";
import { action as resetPageAction } from "~/routes/reset-password";
import { action as newPasswordPageAction, loader as newPasswordPageLoader } from "~/routes/reset-password_.$token";
import { prisma } from "~/services/db.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { hashPassword } from "~/services/password.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { createUserSession } from "~/services/sign-in.server";
import { resetLinkIn } from "../support/smtp";
import { flashAfter } from "../support/flash";
import { formRequest, getRequest, jsonRequest, run } from "../support/requests";

// A real SMTP server on loopback; the app is pointed at it before it loads its settings.
const smtp = await vi.hoisted(async () => (await import("../support/smtp")).startSmtpServerForApp());
afterAll(() => smtp.close());

const RESET_REQUESTED = "If an account exists with this email, you will receive a password reset link.";
const INVALID_LINK = "This password reset link is invalid or has expired.";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

let counter = 0;
/** Each test comes from its own client address, so the per-address limit is the test's own. */
const fromClient = () => ({ [CLIENT_ADDRESS_HEADER]: `198.51.100.${counter}` });

async function existingUser(password = "OldSecret1") {
  counter += 1;
  const username = `reset_${counter}_${Date.now() % 100000}`;
  return prisma.user.create({
    data: { username, email: `${username}@example.com`, passwordHash: await hashPassword(password) },
  });
}

const askForLink = (email: string, headers = fromClient()) =>
  run(() => resetRequestAction(args(jsonRequest("/api/auth/reset-password", { email }, { headers }))));

async function mailTo(email: string) {
  await expect.poll(() => smtp.received.some((mail) => mail.to.includes(email)), { timeout: 10_000 }).toBe(true);
  return smtp.received.find((mail) => mail.to.includes(email))!;
}

const tokenOf = (link: string) => link.split("/").pop()!;
const verify = (token: string) =>
  run(() => verifyLoader(args(getRequest(`/api/auth/verify-reset-token/${token}`), { token })));
const setPassword = (body: Record<string, string>, cookie?: string) =>
  run(() => newPasswordAction(args(jsonRequest("/api/auth/new-password", body, { cookie }))));
const loginStatus = async (username: string, password: string) =>
  (await run(() => loginAction(args(jsonRequest("/login", { username, password }, { headers: fromClient() }))))).status;

describe("asking for a reset link", () => {
  it("mails a one-hour link to an existing account and answers the spec's message", async () => {
    const user = await existingUser();
    const response = await askForLink(user.email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: RESET_REQUESTED });

    const mail = await mailTo(user.email);
    expect(mail.raw).toContain("Subject: Reset your Recipe Helper password");
    const link = resetLinkIn(mail.raw);
    expect(link).toMatch(/^https:\/\/recipes\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);

    const [stored] = await prisma.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toContain(tokenOf(link));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const email = `nobody_${Date.now()}@example.com`;
    const response = await askForLink(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: RESET_REQUESTED });
    const outcome = await requestPasswordReset(email, getRequest("/", { headers: fromClient() }));
    expect(outcome.limited).toBe(false);
    if (!outcome.limited) await outcome.delivery;
    expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it.each([
    ["", "Email is required"],
    ["not-an-email", "Please enter a valid email address"],
  ])("refuses %j with the spec's message", async (email, message) => {
    const response = await askForLink(email);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, field: "email" });
  });

  it("limits requests per email address, for accounts and non-accounts alike", async () => {
    const user = await existingUser();
    for (const email of [user.email, `ghost_${Date.now()}@example.com`]) {
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await askForLink(email)).status).toBe(200);
      const limited = await askForLink(email);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ message: "Too many password reset requests. Please try again later." });
    }
  });

  it("without JavaScript, shows the success view after a redirect", async () => {
    const user = await existingUser();
    const response = await run(() =>
      resetPageAction(args(formRequest("/reset-password", { email: user.email }, { headers: fromClient() })))
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/reset-password");
    // The screen shows its success view for this message.
    expect(await flashAfter(response)).toEqual({ type: "success", message: RESET_REQUESTED });
    await mailTo(user.email);
  });
});

describe("using a reset link", () => {
  async function linkFor(user: { email: string }) {
    await askForLink(user.email);
    return tokenOf(resetLinkIn((await mailTo(user.email)).raw));
  }

  it("verifies, sets the new password once, and ends the user's sessions", async () => {
    const user = await existingUser();
    const otherDevice = (await createUserSession(getRequest("/login"), user.id)).split(";")[0];
    const token = await linkFor(user);

    const verified = await verify(token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ valid: true, email: user.email });

    const response = await setPassword({ token, password: "NewSecret2" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your password has been reset successfully!" });

    expect(await loginStatus(user.username, "NewSecret2")).toBe(200);
    expect(await loginStatus(user.username, "OldSecret1")).toBe(401);
    expect(await prisma.session.count({ where: { id: otherDevice.split("=")[1] } })).toBe(0);

    const again = await setPassword({ token, password: "Another3x" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: INVALID_LINK });
    expect(await (await verify(token)).json()).toEqual({ valid: false, message: INVALID_LINK });
  });

  it("refuses an expired link", async () => {
    const user = await existingUser();
    const token = await linkFor(user);
    await prisma.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await verify(token)).status).toBe(400);
    expect((await setPassword({ token, password: "NewSecret2" })).status).toBe(400);
    expect(await loginStatus(user.username, "OldSecret1")).toBe(200);
  });

  it.each(["", "short", "x".repeat(43), "../../etc/passwd"])("refuses a made-up token %j", async (token) => {
    expect((await verify(token)).status).toBe(400);
    const response = await setPassword({ token, password: "NewSecret2" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: INVALID_LINK });
  });

  it("holds the new password to the signup rules and keeps the link usable", async () => {
    const user = await existingUser();
    const token = await linkFor(user);
    const weak = await setPassword({ token, password: "weakpass" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({
      message: "Password must contain uppercase, lowercase, and number",
      field: "password",
    });
    expect(await (await verify(token)).json()).toMatchObject({ valid: true });
  });

  it("only one of two uses of the same link at once succeeds", async () => {
    const user = await existingUser();
    const token = await linkFor(user);
    const statuses = await Promise.all([
      setPassword({ token, password: "FirstPass1" }),
      setPassword({ token, password: "SecondPass2" }),
    ]);
    expect(statuses.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("without JavaScript, checks the confirmation, then sends to /login with the message", async () => {
    const user = await existingUser();
    const token = await linkFor(user);
    const page = await run(() => newPasswordPageLoader(args(getRequest(`/reset-password/${token}`), { token })));
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.json()).toEqual({ valid: true, email: user.email });

    const post = (fields: Record<string, string>) =>
      run(() => newPasswordPageAction(args(formRequest(`/reset-password/${token}`, fields), { token })));
    const mismatch = await post({ password: "NewSecret2", confirmPassword: "NewSecret3" });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).result.error).toEqual({ confirmPassword: ["Passwords do not match"] });

    const done = await post({ password: "NewSecret2", confirmPassword: "NewSecret2" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await flashAfter(done)).toMatchObject({ message: "Your password has been reset successfully!" });

    const reused = await post({ password: "NewSecret4", confirmPassword: "NewSecret4" });
    expect(await reused.json()).toMatchObject({ invalid: true });
    expect(await loginStatus(user.username, "NewSecret2")).toBe(200);
  });
});
