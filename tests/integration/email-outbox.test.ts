import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { prisma } from "~/services/db.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { getRequest } from "../support/requests";
import { resetLinkIn } from "../support/smtp";

// No SMTP server configured: mails go to the outbox folder.
const outbox = vi.hoisted(() => {
  const dir = `tests/.tmp/outbox-${process.pid}-${Date.now()}`;
  delete process.env.SMTP_HOST;
  process.env.MAIL_OUTBOX_DIR = dir;
  return dir;
});
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

it("without SMTP, writes the reset mail to the outbox and logs the link (outside production)", async () => {
  const user = await prisma.user.create({ data: { username: "outbox_cook", email: "outbox_cook@example.com" } });
  const log = vi.spyOn(console, "info").mockImplementation(() => undefined);
  const outcome = await requestPasswordReset(user.email, getRequest("/api/auth/reset-password"));
  if (outcome.limited) throw new Error("unexpectedly limited");
  await outcome.delivery;

  const [file, text] = readdirSync(outbox).sort();
  expect(file).toMatch(/\.eml$/);
  // beside the message, its text as written: the link on one line, to copy as it is
  expect(text).toBe(file.replace(/\.eml$/, ".txt"));
  const readable = readFileSync(path.join(outbox, text), "utf8");
  expect(readable).toContain("To: outbox_cook@example.com");
  expect(readable).not.toMatch(/=\r?\n|=3D/);
  const raw = readFileSync(path.join(outbox, file), "utf8");
  expect(raw).toContain("To: outbox_cook@example.com");
  const link = resetLinkIn(raw);
  expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
  expect(log.mock.calls.flat().join("\n")).toContain(link);
  expect(readable.split("\n")).toContain(link);
});
