/**
 * Password reset by email: a random single-use link valid for one hour. Only the token's SHA-256 is stored,
 * so the database alone cannot be used to reset anyone's password.
 */
import { createHash, randomBytes } from "node:crypto";
import { normalizeEmail } from "~/domain/text-safety";
import { inBackground } from "~/services/background.server";
import { prisma } from "~/services/db.server";
import { sendMail } from "~/services/email.server";
import { env, mailLinkOrigin } from "~/services/env.server";
import { hashPassword } from "~/services/password.server";
import { clientAddress, RateLimiter, tryHitAll } from "~/services/rate-limit.server";
import { escapeHtml } from "~/domain/html-text";

export const TOO_MANY_RESET_REQUESTS = "Too many password reset requests. Please try again later.";

const LINK_LIFETIME_MS = 60 * 60 * 1000;
const DELIVERY_DELAY_MS = 50;
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Requests per hour: 3 per email address (no inbox flooding), 10 per client address (no sweeping).
const byEmail = new RateLimiter("reset-email", 3, LINK_LIFETIME_MS);
const byClient = new RateLimiter("reset-address", 10, LINK_LIFETIME_MS);

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function resetMail(to: string, username: string, link: string) {
  return {
    to,
    subject: "Reset your Recipe Helper password",
    text: [
      `Hello ${username},`,
      "",
      "Someone asked to reset the password of your Recipe Helper account. To choose a new password, open:",
      "",
      link,
      "",
      "The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(username)},</p>
<p>Someone asked to reset the password of your Recipe Helper account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
  };
}

/** Makes a link for the account with this email, if there is one, and mails it. */
async function mailResetLink(email: string, origin: string): Promise<void> {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, username: true } });
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await prisma.$transaction([
    // This user's spent links are of no further use.
    prisma.passwordResetToken.deleteMany({
      where: { userId: user.id, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: now } }] },
    }),
    prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS) },
    }),
  ]);
  const link = `${origin}/reset-password/${token}`;
  const delivery = await sendMail(resetMail(email, user.username, link));
  if (delivery.via === "outbox" && env.NODE_ENV !== "production") {
    console.info(`Password reset link for ${email}: ${link}`);
  }
}

export type ResetRequest = { limited: true } | { limited: false; delivery: Promise<boolean> };

/**
 * Asks for a reset link for `email`. The caller answers at once (RESET_REQUESTED), whether or not an account
 * has this email: the lookup, the link and the mail happen afterwards (`delivery`, which never rejects), so
 * neither the answer nor its timing tells who has an account. Limited per email and per client address.
 */
export async function requestPasswordReset(email: string, request: Request): Promise<ResetRequest> {
  const emailKey = normalizeEmail(email);
  const clientKey = clientAddress(request);
  if (
    !(await tryHitAll([
      [byEmail, emailKey],
      [byClient, clientKey],
    ]))
  )
    return { limited: true };
  // Started only after the answer has gone (a timer, not the same turn of the event loop), so that looking the
  // account up and writing the link cannot slow the answer for an existing email more than for a missing one.
  const delivery = inBackground(
    new Promise((resolve) => setTimeout(resolve, DELIVERY_DELAY_MS)).then(() =>
      mailResetLink(emailKey, mailLinkOrigin())
    ),
    "Password reset mail failed"
  );
  return { limited: false, delivery };
}

/** The account a link is for, while it is unused and less than an hour old; null otherwise. */
export async function findResetLink(token: string): Promise<{ email: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const link = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { usedAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!link || link.usedAt || link.expiresAt.getTime() <= Date.now()) return null;
  return { email: link.user.email };
}

/**
 * Sets a new password with a valid link, which is then spent along with the user's other links; the user's
 * sessions end (except `keepSessionId`, the browser doing the reset). False when the link is not valid.
 */
export async function resetPassword(token: string, password: string, keepSessionId?: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const tokenHash = hashToken(token);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    // Claimed by one update, so two uses of the same link at once cannot both succeed.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    const { userId } = await tx.passwordResetToken.findUniqueOrThrow({
      where: { tokenHash },
      select: { userId: true },
    });
    // The link reached the account's inbox: that proves the address as a verification link would.
    await tx.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: now } });
    await tx.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
    await tx.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
    return true;
  });
}
