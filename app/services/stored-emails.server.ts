/**
 * Emails stored before sign-up normalised them (NFKC, no bidi characters, trimmed, lowercase) are brought to that
 * form by the start-up step (app/cli/prepare.server.ts): SQLite has no NFKC, so no migration can do it.
 *
 * Addresses that become one address: the account that proved it (verified; the earliest id among several) keeps
 * it, else the oldest account. Every other account of the group keeps its username, password, Google link and
 * data, but its address becomes a placeholder no mail reaches (`<id>@email-clash.invalid`, a reserved domain),
 * unverified, its pending verification links deleted: its owner signs in with username and password and enters
 * an address again on /account, proving it by a new link. Nobody is signed in to another's account, and no
 * address is kept by an account that did not prove it over one that did.
 *
 * Idempotent: once every address is in normal form and unique, a run reads the addresses and changes nothing.
 */
import { normalizeEmail } from "~/domain/text-safety";
import { prisma } from "./db.server";

export const CLASH_DOMAIN = "email-clash.invalid";

export const clashPlaceholder = (userId: number) => `${userId}@${CLASH_DOMAIN}`;

interface StoredEmail {
  id: number;
  email: string;
  emailVerifiedAt: Date | null;
}

/** The account that keeps a shared address: verified before unverified, then the oldest. */
function keeperFirst(a: StoredEmail, b: StoredEmail): number {
  return Number(a.emailVerifiedAt === null) - Number(b.emailVerifiedAt === null) || a.id - b.id;
}

export interface EmailNormalization {
  /** accounts whose address was rewritten in normal form */
  normalized: number;
  /** accounts whose address went to another account of the same normal form */
  cleared: { userId: number; email: string; keptBy: number }[];
}

export async function normalizeStoredEmails(): Promise<EmailNormalization> {
  const users = await prisma.user.findMany({
    select: { id: true, email: true, emailVerifiedAt: true },
    orderBy: { id: "asc" },
  });
  const groups = new Map<string, StoredEmail[]>();
  for (const user of users) {
    const key = normalizeEmail(user.email);
    groups.set(key, [...(groups.get(key) ?? []), user]);
  }
  const cleared: EmailNormalization["cleared"] = [];
  const rewritten: { id: number; from: string; to: string }[] = [];
  for (const [key, group] of groups) {
    const [keeper, ...others] = group.sort(keeperFirst);
    for (const other of others) cleared.push({ userId: other.id, email: other.email, keptBy: keeper.id });
    if (keeper.email !== key) rewritten.push({ id: keeper.id, from: keeper.email, to: key });
  }
  if (cleared.length === 0 && rewritten.length === 0) return { normalized: 0, cleared };
  await prisma.$transaction(async (tx) => {
    // The others first, so that the address is free when the keeper takes its normal form.
    for (const { userId } of cleared) {
      await tx.user.update({ where: { id: userId }, data: { email: clashPlaceholder(userId), emailVerifiedAt: null } });
      await tx.emailVerificationToken.deleteMany({ where: { userId } });
    }
    for (const { id, from, to } of rewritten) {
      await tx.user.update({ where: { id }, data: { email: to } });
      // A link mailed to the address before is for the same address still.
      await tx.emailVerificationToken.updateMany({ where: { userId: id, email: from }, data: { email: to } });
    }
  });
  return { normalized: rewritten.length, cleared };
}
