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

  const [file] = readdirSync(outbox);
  expect(file).toMatch(/\.eml$/);
  const raw = readFileSync(path.join(outbox, file), "utf8");
  expect(raw).toContain("To: outbox_cook@example.com");
  const link = resetLinkIn(raw);
  expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
  expect(log.mock.calls.flat().join("\n")).toContain(link);
});
