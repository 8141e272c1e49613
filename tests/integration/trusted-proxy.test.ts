/**
 * Links in mails come from APP_URL alone (or this machine's address when it is unset outside production), never
 * from the request's Host; production with SMTP refuses to start without APP_URL; a reset request answers before
 * anything about the email is looked up, whether or not an account has it.
 */
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it, vi } from "vitest";
import { action as resetRequestAction } from "~/api/auth.reset-password.server";
import { backgroundWorkEnded } from "~/services/background.server";
import { prisma } from "~/services/db.server";
import { hashPassword } from "~/services/password.server";
import { holdWrites } from "../support/hold-writes";
import { resetLinkIn } from "../support/smtp";
import { jsonRequest, run } from "../support/requests";

// A real SMTP server on loopback, and no APP_URL.
const smtp = await vi.hoisted(async () => {
  const { startSmtpServer } = await import("../support/smtp");
  const server = await startSmtpServer();
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String(server.port);
  delete process.env.APP_URL;
  delete process.env.PORT;
  return server;
});
// Reset mails go out in the background: they are waited for before the mail server closes.
afterAll(async () => {
  await backgroundWorkEnded();
  await smtp.close();
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const ask = (email: string, headers: Record<string, string> = {}) =>
  run(() => resetRequestAction(args(jsonRequest("/api/auth/reset-password", { email }, { headers }))));

describe("links in mails", () => {
  it("never come from the request's Host or X-Forwarded-Host", async () => {
    const user = await prisma.user.create({
      data: { username: "victim", email: "victim@example.com", passwordHash: await hashPassword("Secret123") },
    });
    const forged = { Host: "evil.example:3200", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const request = jsonRequest("/api/auth/reset-password", { email: user.email }, { headers: forged });
    const response = await run(() =>
      resetRequestAction(args(new Request("http://evil.example:3200/api/auth/reset-password", request)))
    );
    expect(response.status).toBe(200);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const link = resetLinkIn(smtp.received[0].raw);
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });
});

describe("a reset request", () => {
  it("answers before the email is looked up, for an existing account as for a missing one", async () => {
    await prisma.user.create({ data: { username: "owner", email: "owner@example.com", passwordHash: null } });
    const before = await prisma.passwordResetToken.count();
    // While another connection holds the links' table, no link can be written: an answer that waited for the
    // account's lookup and its link would not come until the hold ends. SQLite can only hold back every write of
    // the file, and the answer itself writes (the request is counted against the limit first, decision 084): there
    // the links are counted right after the answers instead, before the delayed delivery has written any.
    const sqlite = !process.env.DATABASE_URL!.startsWith("postgres");
    const hold = sqlite
      ? { count: () => prisma.passwordResetToken.count(), release: async () => undefined }
      : await holdWrites("PasswordResetToken");
    try {
      for (const email of ["owner@example.com", "nobody@example.com"]) {
        expect((await ask(email, { "X-Recipe-Helper-Client-Address": "198.51.100.2" })).status).toBe(200);
      }
      expect(await hold.count()).toBe(before);
    } finally {
      await hold.release();
    }
    await expect
      .poll(() => prisma.passwordResetToken.count({ where: { user: { email: "owner@example.com" } } }))
      .toBe(1);
  });
});

describe("start-up", () => {
  const start = (env: Record<string, string> & { NODE_ENV?: "production" }) =>
    spawnSync(process.execPath, ["--import", "tsx", "-e", 'await import("./app/services/env.server.ts")'], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", SESSION_SECRET: "x".repeat(40), NODE_ENV: "development" as const, ...env },
    });

  it("in production with SMTP, refuses to start without APP_URL and says why", () => {
    const refused = start({ NODE_ENV: "production", SMTP_HOST: "mail.example" });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("APP_URL is needed in production when SMTP_HOST is set");
    expect(
      start({ NODE_ENV: "production", SMTP_HOST: "mail.example", APP_URL: "https://recipes.example" }).status
    ).toBe(0);
    expect(start({ NODE_ENV: "production" }).status).toBe(0);
  });

  it("refuses a REQUESTS_AT_ONCE it cannot read, which would otherwise hold every request back", () => {
    for (const unreadable of ["two", "-1", "1.5"]) {
      const refused = start({ REQUESTS_AT_ONCE: unreadable });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain("REQUESTS_AT_ONCE must be a whole number, 0 for no limit");
    }
    expect(start({ REQUESTS_AT_ONCE: "0" }).status).toBe(0);
    expect(start({ REQUESTS_AT_ONCE: "4" }).status).toBe(0);
  });

  it("refuses a TRUST_PROXY it cannot read", () => {
    const refused = start({ TRUST_PROXY: "yes please" });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("TRUST_PROXY must be false, true, a number of proxy hops");
  });
});
