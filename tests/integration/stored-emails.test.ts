/**
 * Emails stored before sign-up normalised them are brought to normal form at start-up; addresses that become one
 * are kept by the account that proved the address (else the oldest), and the others keep their accounts without
 * an address. The step runs on every start, so a second run must change nothing.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { clashPlaceholder, normalizeStoredEmails } from "~/services/stored-emails.server";

const verified = new Date("2026-01-02T03:04:05Z");

async function user(username: string, email: string, emailVerifiedAt: Date | null = null) {
  return prisma.user.create({ data: { username, email, emailVerifiedAt, passwordHash: `hash-of-${username}` } });
}

const stored = (id: number) =>
  prisma.user.findUniqueOrThrow({
    where: { id },
    select: { email: true, emailVerifiedAt: true, passwordHash: true, username: true },
  });

describe("normalising the emails stored before sign-up did", () => {
  it("rewrites addresses in normal form and settles clashes for the account that proved the address, else the oldest", async () => {
    // Stored as typed by an older version of the app: three spellings of one address, one of them verified.
    const first = await user("alice_first", " Alice@Example.COM");
    const proved = await user("alice_proved", "ａlice@example.com", verified);
    const third = await user("alice_third", "alice@example.com");
    // Two spellings of another address, neither verified: the older account keeps it.
    const older = await user("carol_older", "Carol@Example.com");
    const newer = await user("carol_newer", "carol@EXAMPLE.com\u202e");
    // Alone in its spelling: rewritten, still verified, its pending link still good.
    const bob = await user("bob", "Bob@Example.com", verified);
    await prisma.emailVerificationToken.create({
      data: {
        userId: bob.id,
        tokenHash: "bob-link",
        email: "Bob@Example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await prisma.emailVerificationToken.create({
      data: {
        userId: third.id,
        tokenHash: "third-link",
        email: "alice@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    const dana = await user("dana", "dana@example.com");

    const result = await normalizeStoredEmails();

    expect(await stored(proved.id)).toMatchObject({ email: "alice@example.com", emailVerifiedAt: verified });
    for (const loser of [first, third]) {
      // The account stays (username, password), without an address: no mail reaches it, it is not verified.
      expect(await stored(loser.id)).toEqual({
        email: clashPlaceholder(loser.id),
        emailVerifiedAt: null,
        passwordHash: `hash-of-${loser.username}`,
        username: loser.username,
      });
    }
    expect(await prisma.emailVerificationToken.count({ where: { userId: third.id } })).toBe(0);
    expect((await stored(older.id)).email).toBe("carol@example.com");
    expect((await stored(newer.id)).email).toBe(clashPlaceholder(newer.id));
    expect(await stored(bob.id)).toMatchObject({ email: "bob@example.com", emailVerifiedAt: verified });
    expect((await prisma.emailVerificationToken.findUniqueOrThrow({ where: { tokenHash: "bob-link" } })).email).toBe(
      "bob@example.com"
    );
    expect((await stored(dana.id)).email).toBe("dana@example.com");
    expect(result.normalized).toBe(3);
    expect(result.cleared).toEqual(
      expect.arrayContaining([
        { userId: first.id, email: " Alice@Example.COM", keptBy: proved.id },
        { userId: third.id, email: "alice@example.com", keptBy: proved.id },
        { userId: newer.id, email: "carol@EXAMPLE.com\u202e", keptBy: older.id },
      ])
    );
    expect(result.cleared).toHaveLength(3);

    // Every start runs it: the second run finds nothing to do.
    const before = await prisma.user.findMany({ orderBy: { id: "asc" } });
    expect(await normalizeStoredEmails()).toEqual({ normalized: 0, cleared: [] });
    expect(await prisma.user.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });
});
