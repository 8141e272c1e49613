/**
 * Proving an account's email address by a link mailed to it: a random single-use token (only its SHA-256 is
 * stored) for the address it was sent to, valid for a day. Google sign-in links to an existing account only
 * once its address is verified (google-auth.server.ts), so signing up first with someone else's address
 * gives no hold on their account.
 */
import { randomBytes } from "node:crypto";
import { inBackground } from "~/services/background.server";
import { prisma } from "~/services/db.server";
import { sendMail } from "~/services/email.server";
import { env, mailLinkOrigin } from "~/services/env.server";
import { hashToken } from "~/services/password-reset.server";
import { RateLimiter } from "~/services/rate-limit.server";
import { escapeHtml } from "~/domain/html-text";

export const VERIFY_MESSAGES = {
  sent: "We sent a verification link to your email address. Open it to verify your address.",
  verified: "Your email address is verified.",
  invalid: "This verification link is invalid or has expired. Send a new one from your account.",
  alreadyVerified: "Your email address is already verified.",
  tooMany: "You asked for several verification links in a short while. Please try again later.",
  failed: "The verification email could not be sent. Please try again later.",
} as const;

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Links a user may ask for in an hour (the one mailed at sign-up included). */
export const VERIFY_MAILS_PER_HOUR = 3;
const mailsByUser = new RateLimiter("verify-mail-user", VERIFY_MAILS_PER_HOUR, 60 * 60 * 1000);

function verificationMail(to: string, username: string, link: string) {
  return {
    to,
    subject: "Verify your Recipe Helper email address",
    text: [
      `Hello ${username},`,
      "",
      "To verify the email address of your Recipe Helper account, open:",
      "",
      link,
      "",
      "The link works once, for 24 hours. If you did not create this account, ignore this mail.",
    ].join("\n"),
    html: `<p>Hello ${escapeHtml(username)},</p>
<p>To verify the email address of your Recipe Helper account:</p>
<p><a href="${escapeHtml(link)}">Verify my email address</a></p>
<p>The link works once, for 24 hours. If you did not create this account, ignore this mail.</p>`,
  };
}

export type VerificationRequest = "sent" | "alreadyVerified" | "tooMany" | "failed";

/**
 * Mails the user a new link for their current address (earlier links stop working). Limited per user; a
 * verified address gets no mail. The link is stored before this answers; with `waitForMail: false` the mail
 * goes out after the answer (a failure is logged, and /account offers to send the link again).
 */
export async function sendVerificationLink(userId: number, { waitForMail = true } = {}): Promise<VerificationRequest> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { email: true, username: true, emailVerifiedAt: true },
  });
  if (!user) return "failed";
  if (user.emailVerifiedAt) return "alreadyVerified";
  if (!(await mailsByUser.tryHit(String(userId)))) return "tooMany";
  const token = randomBytes(32).toString("base64url");
  await prisma.$transaction([
    prisma.emailVerificationToken.deleteMany({ where: { userId } }),
    prisma.emailVerificationToken.create({
      data: {
        userId,
        email: user.email,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
      },
    }),
  ]);
  const link = `${mailLinkOrigin()}/verify-email/${token}`;
  const delivered = sendMail(verificationMail(user.email, user.username, link)).then((delivery) => {
    if (delivery.via === "outbox" && env.NODE_ENV !== "production")
      console.info(`Verification link for ${user.email}: ${link}`);
  });
  const mailed = inBackground(delivered, "Verification mail failed");
  if (!waitForMail) return "sent";
  return (await mailed) ? "sent" : "failed";
}

/**
 * Verifies the address the link was sent to, if it is still the account's address; the link is spent either
 * way. Answers the user whose address is now verified, or null for a link that is unknown, spent, expired or
 * for an address the account no longer has.
 */
export async function verifyEmail(token: string): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  return prisma.$transaction(async (tx) => {
    const link = await tx.emailVerificationToken.findUnique({
      where: { tokenHash },
      select: { userId: true, email: true, expiresAt: true },
    });
    if (!link) return null;
    // Claimed by one delete, so two uses of the same link at once cannot both succeed.
    const claimed = await tx.emailVerificationToken.deleteMany({ where: { tokenHash } });
    if (claimed.count !== 1 || link.expiresAt.getTime() <= Date.now()) return null;
    const verified = await tx.user.updateMany({
      where: { id: link.userId, email: link.email },
      data: { emailVerifiedAt: new Date() },
    });
    return verified.count === 1 ? link.userId : null;
  });
}

/** Whether the user's current address is verified. */
export async function isEmailVerified(userId: number): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}
