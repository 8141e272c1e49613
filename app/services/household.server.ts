/**
 * Households (decision 093): who is in one, its name, invitations (a link or a mail with the link: a token, single
 * use, 7 days, revocable), joining (the joiner's own pantry, list and log merge in after a preview), leaving (taking
 * nothing: a new household of one), an owner removing a member or passing ownership. Every change takes the cook
 * context of the request; access follows membership at once, since each request resolves it afresh.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  checkHouseholdName,
  everyonesNeeds,
  suggestsForEveryone,
  HOUSEHOLD_MESSAGES,
  INVITE_MAILS_PER_HOUR,
  INVITE_MS,
  MAX_OPEN_INVITES,
  nextOwner,
  planPantryMerge,
  type HouseholdRole,
  type PantryMerge,
} from "~/domain/household";
import { describeAmount } from "~/domain/pantry-details";
import type { Preferences } from "~/domain/preferences";
import { storedStringList } from "~/domain/stored-list";
import { normalizeEmail } from "~/domain/text-safety";
import { createHouseholdOf, householdNameOf, type MemberCook } from "./cook.server";
import { prisma } from "./db.server";
import { sendMail } from "./email.server";
import { isEmailVerified } from "./email-verification.server";
import { mailLinkOrigin } from "./env.server";
import { pantryItems, rowOf, type Transaction } from "./pantry-store.server";
import { preferencesOfRow } from "./preferences.server";
import { rawBooleanOrNull, rawNumber, type RawBoolean, type RawNumber } from "./raw-row.server";
import { escapeHtml } from "~/domain/html-text";

export type HouseholdRefusal = { ok: false; message: string; status: 400 | 403 | 404 | 409 | 410 | 429 | 502 };
type Done<T = object> = ({ ok: true; message: string } & T) | HouseholdRefusal;

const refuse = (message: string, status: HouseholdRefusal["status"]): HouseholdRefusal => ({
  ok: false,
  message,
  status,
});

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface HouseholdMemberView {
  user_id: number;
  username: string;
  role: HouseholdRole;
}

export interface HouseholdView {
  household_id: number;
  name: string;
  members: HouseholdMemberView[];
}

/** The cook's household as GET /api/household answers it: members, owner first, then by the day they joined. */
export async function householdOf(cook: MemberCook): Promise<HouseholdView> {
  const household = await prisma.household.findUniqueOrThrow({
    where: { id: cook.householdId },
    select: {
      id: true,
      name: true,
      members: {
        select: { userId: true, role: true, user: { select: { username: true } } },
        orderBy: [{ joinedAt: "asc" }, { userId: "asc" }],
      },
    },
  });
  const members = household.members
    .map((member) => ({ user_id: member.userId, username: member.user.username, role: member.role as HouseholdRole }))
    .sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));
  return { household_id: household.id, name: household.name, members };
}

export interface OpenInvite {
  id: number;
  email: string | null;
  createdBy: string;
  expiresAt: string;
}

/** The household's invitations that can still be used, newest first (for the screen's list with Withdraw). */
export async function openInvites(cook: MemberCook, now = new Date()): Promise<OpenInvite[]> {
  const rows = await prisma.householdInvite.findMany({
    where: { householdId: cook.householdId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
    orderBy: { id: "desc" },
    select: { id: true, email: true, expiresAt: true, createdBy: { select: { username: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdBy: row.createdBy.username,
    expiresAt: row.expiresAt.toISOString(),
  }));
}

/** Renames the household (any member may). */
export async function renameHousehold(cook: MemberCook, name: unknown): Promise<Done> {
  const checked = checkHouseholdName(name);
  if (!checked.ok) return refuse(checked.message, 400);
  await prisma.household.update({ where: { id: cook.householdId }, data: { name: checked.name } });
  return { ok: true, message: HOUSEHOLD_MESSAGES.renamed };
}

export const inviteUrlOf = (token: string) => `${mailLinkOrigin()}/household?invite=${encodeURIComponent(token)}`;

export interface MadeInvite {
  token: string;
  invite_url: string;
  expires_at: string;
}

function inviteMail(to: string, inviter: string, household: string, link: string) {
  const lines = [
    `${inviter} invites you to share their household "${household}" on Recipe Helper: one pantry, one shopping list`,
    "and one food log for everyone who shares a fridge. To join, open:",
  ];
  const after = "The link works once, for 7 days. If you do not know the sender, ignore this mail.";
  return {
    to,
    subject: `${inviter} invites you to their household on Recipe Helper`,
    text: [...lines, "", link, "", after].join("\n"),
    html: `<p>${escapeHtml(lines.join(" "))}</p>\n<p><a href="${escapeHtml(link)}">Join ${escapeHtml(
      household
    )}</a></p>\n<p>${escapeHtml(after)}</p>`,
  };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A new invitation: a link (the token is only ever in the link; stored as its hash), or, with `email`, the link
 * mailed there by the app (the sender must have verified their own address first). A mail that fails leaves no
 * invitation behind.
 */
export async function createInvite(
  cook: MemberCook,
  { email, now = new Date() }: { email?: unknown; now?: Date } = {}
): Promise<Done<{ invite: MadeInvite }>> {
  let to: string | null = null;
  if (email !== undefined && email !== null && email !== "") {
    to = typeof email === "string" ? normalizeEmail(email) : "";
    if (!EMAIL_SHAPE.test(to) || to.length > 254) return refuse(HOUSEHOLD_MESSAGES.emailInvalid, 400);
    if (!(await isEmailVerified(cook.userId))) return refuse(HOUSEHOLD_MESSAGES.verifyToMail, 403);
    const mailed = await prisma.householdInvite.count({
      where: { createdById: cook.userId, email: { not: null }, createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
    });
    if (mailed >= INVITE_MAILS_PER_HOUR) return refuse(HOUSEHOLD_MESSAGES.tooManyMails, 429);
  }
  const open = await prisma.householdInvite.count({
    where: { householdId: cook.householdId, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
  });
  if (open >= MAX_OPEN_INVITES) return refuse(HOUSEHOLD_MESSAGES.tooManyInvites, 409);
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITE_MS);
  const made = await prisma.householdInvite.create({
    data: {
      householdId: cook.householdId,
      tokenHash: hashToken(token),
      email: to,
      createdById: cook.userId,
      expiresAt,
    },
    select: { id: true, household: { select: { name: true } }, createdBy: { select: { username: true } } },
  });
  const invite = { token, invite_url: inviteUrlOf(token), expires_at: expiresAt.toISOString() };
  if (to) {
    try {
      await sendMail(inviteMail(to, made.createdBy.username, made.household.name, invite.invite_url));
    } catch (error) {
      console.error(error);
      await prisma.householdInvite.delete({ where: { id: made.id } });
      return refuse(HOUSEHOLD_MESSAGES.mailFailed, 502);
    }
    return { ok: true, message: HOUSEHOLD_MESSAGES.inviteMailed(to), invite };
  }
  return { ok: true, message: HOUSEHOLD_MESSAGES.inviteMade, invite };
}

/** Withdraws one of the household's invitations, by its token (the JSON call) or its id (the screen). */
export async function revokeInvite(cook: MemberCook, which: { token: string } | { id: number }): Promise<Done> {
  const where = "token" in which ? { tokenHash: hashToken(which.token) } : { id: which.id };
  const { count } = await prisma.householdInvite.updateMany({
    where: { ...where, householdId: cook.householdId, usedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) return refuse(HOUSEHOLD_MESSAGES.inviteUnknown, 404);
  return { ok: true, message: HOUSEHOLD_MESSAGES.inviteRevokedDone };
}

type InviteRow = { id: number; householdId: number; usedAt: Date | null; revokedAt: Date | null; expiresAt: Date };

/** Why an invitation cannot be used (null: it can), each with its own message. */
function inviteRefusal(invite: InviteRow | null, now: Date): HouseholdRefusal | null {
  if (!invite) return refuse(HOUSEHOLD_MESSAGES.inviteUnknown, 404);
  if (invite.revokedAt) return refuse(HOUSEHOLD_MESSAGES.inviteRevoked, 410);
  if (invite.usedAt) return refuse(HOUSEHOLD_MESSAGES.inviteUsed, 410);
  if (invite.expiresAt.getTime() <= now.getTime()) return refuse(HOUSEHOLD_MESSAGES.inviteExpired, 410);
  return null;
}

const inviteSelect = { id: true, householdId: true, usedAt: true, revokedAt: true, expiresAt: true } as const;

export interface JoinPreview {
  household: HouseholdView;
  /** true when the cook's household has others in it: they stay there with its pantry, and nothing comes along */
  leavesOthers: boolean;
  merge: { added: string[]; combined: string[]; notCarried: string[] };
  shoppingAdded: number;
  foodLogEntries: number;
}

const mergeLines = (merge: PantryMerge) => ({
  added: merge.added.map((item) => {
    const amount = describeAmount(item.quantity, item.unit);
    return amount ? `${item.name} (${amount})` : item.name;
  }),
  combined: merge.combined.map(({ before, after, amountAdded }) => {
    const amount = describeAmount(after.quantity, after.unit);
    const how = amountAdded ? `amounts added${amount ? `: ${amount}` : ""}` : "kept as one item";
    return `${before.name} (${how}, earliest date kept)`;
  }),
  notCarried: merge.notCarried.map((item) => item.name),
});

async function membersCount(tx: Transaction, householdId: number) {
  return tx.householdMember.count({ where: { householdId } });
}

async function planJoin(cook: MemberCook, targetHouseholdId: number, tx: Transaction = prisma) {
  const alone = (await membersCount(tx, cook.householdId)) === 1;
  const target = await tx.pantry.findUniqueOrThrow({ where: { householdId: targetHouseholdId }, select: { id: true } });
  const [theirs, mine] = await Promise.all([pantryItems(target.id, tx), alone ? pantryItems(cook.pantryId, tx) : []]);
  return { alone, targetPantryId: target.id, merge: planPantryMerge(theirs, mine) };
}

/** What joining with this invitation would do, for the cook to confirm; or why the invitation cannot be used. */
export async function previewJoin(
  cook: MemberCook,
  token: string,
  now = new Date()
): Promise<({ ok: true } & JoinPreview) | HouseholdRefusal> {
  const invite = await prisma.householdInvite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: inviteSelect,
  });
  const refusal = inviteRefusal(invite, now);
  if (refusal) return refusal;
  if (invite!.householdId === cook.householdId) return refuse(HOUSEHOLD_MESSAGES.alreadyMember, 409);
  const { alone, merge } = await planJoin(cook, invite!.householdId);
  const [household, shoppingAdded, foodLogEntries] = await Promise.all([
    householdOf({ ...cook, householdId: invite!.householdId }),
    alone ? newShoppingItemsCount(cook.householdId, invite!.householdId) : 0,
    alone ? prisma.foodLogEntry.count({ where: { householdId: cook.householdId } }) : 0,
  ]);
  return { ok: true, household, leavesOthers: !alone, merge: mergeLines(merge), shoppingAdded, foodLogEntries };
}

async function newShoppingItemsCount(fromHouseholdId: number, toHouseholdId: number) {
  const [mine, theirs] = await Promise.all(
    [fromHouseholdId, toHouseholdId].map((householdId) =>
      prisma.shoppingItem.findMany({ where: { list: { householdId } }, select: { nameKey: true } })
    )
  );
  const taken = new Set(theirs.map((row) => row.nameKey));
  return mine.filter((row) => !taken.has(row.nameKey)).length;
}

/** The cook leaves their household (ownership passes to the member who joined first); none of it comes along. */
async function departFrom(tx: Transaction, userId: number, householdId: number): Promise<void> {
  const members = await tx.householdMember.findMany({
    where: { householdId },
    select: { userId: true, role: true, joinedAt: true },
  });
  const leaving = members.find((member) => member.userId === userId);
  if (leaving?.role === "owner") {
    const next = nextOwner(members, userId);
    if (next) await tx.householdMember.update({ where: { userId: next.userId }, data: { role: "owner" } });
  }
  await tx.householdMember.delete({ where: { userId } });
}

/**
 * Joins the household of an invitation (claimed once: of two joins with one link, one wins). A cook alone in their
 * household brings its pantry (planPantryMerge: same item → amounts added, earliest days kept), shopping list (items
 * the household lacks) and food log, and their old household goes; a cook in a shared household leaves it as it is.
 */
export async function joinHousehold(
  cook: MemberCook,
  token: unknown,
  now = new Date()
): Promise<Done<{ householdId: number }>> {
  if (typeof token !== "string" || !token || token.length > 200) return refuse(HOUSEHOLD_MESSAGES.inviteUnknown, 404);
  return prisma.$transaction(async (tx) => {
    const invite = await tx.householdInvite.findUnique({
      where: { tokenHash: hashToken(token) },
      select: inviteSelect,
    });
    const refusal = inviteRefusal(invite, now);
    if (refusal) return refusal;
    const targetId = invite!.householdId;
    if (targetId === cook.householdId) return refuse(HOUSEHOLD_MESSAGES.alreadyMember, 409);
    const claimed = await tx.householdInvite.updateMany({
      where: { id: invite!.id, usedAt: null, revokedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count === 0) return refuse(HOUSEHOLD_MESSAGES.inviteUsed, 410);
    const { alone, targetPantryId, merge } = await planJoin(cook, targetId, tx);
    if (alone) {
      for (const item of merge.added) await tx.pantryItem.create({ data: rowOf(targetPantryId, item) });
      for (const { before, after } of merge.combined) {
        await tx.pantryItem.update({
          where: { id: before.id! },
          data: {
            quantity: after.quantity,
            unit: after.unit,
            addedOn: after.addedOn,
            bestBefore: after.bestBefore,
            version: { increment: 1 },
          },
        });
      }
      const targetList = await tx.shoppingList.findUniqueOrThrow({
        where: { householdId: targetId },
        select: { id: true },
      });
      const taken = new Set(
        (await tx.shoppingItem.findMany({ where: { listId: targetList.id }, select: { nameKey: true } })).map(
          (row) => row.nameKey
        )
      );
      await tx.shoppingItem.updateMany({
        where: { listId: cook.listId, nameKey: { notIn: [...taken] } },
        data: { listId: targetList.id },
      });
      await tx.foodLogEntry.updateMany({ where: { householdId: cook.householdId }, data: { householdId: targetId } });
      await tx.householdMember.delete({ where: { userId: cook.userId } });
      await tx.household.delete({ where: { id: cook.householdId } });
    } else {
      await departFrom(tx, cook.userId, cook.householdId);
    }
    await tx.householdMember.create({
      data: { userId: cook.userId, householdId: targetId, role: "member", joinedAt: now },
    });
    const household = await tx.household.findUniqueOrThrow({ where: { id: targetId }, select: { name: true } });
    return { ok: true, message: HOUSEHOLD_MESSAGES.joined(household.name), householdId: targetId };
  });
}

/** A new household of one for a cook who left or was removed (named after them, empty). */
async function startAlone(tx: Transaction, userId: number): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
  await createHouseholdOf(tx, userId, householdNameOf(user.username));
}

/** The cook leaves, taking nothing: the household keeps its pantry, list and log; they start a new one of one. */
export async function leaveHousehold(cook: MemberCook): Promise<Done> {
  return prisma.$transaction(async (tx) => {
    if ((await membersCount(tx, cook.householdId)) <= 1) return refuse(HOUSEHOLD_MESSAGES.aloneCannotLeave, 409);
    await departFrom(tx, cook.userId, cook.householdId);
    await startAlone(tx, cook.userId);
    return { ok: true, message: HOUSEHOLD_MESSAGES.left };
  });
}

async function ownersMember(tx: Transaction, cook: MemberCook, userId: number) {
  const me = await tx.householdMember.findUnique({
    where: { userId: cook.userId },
    select: { role: true, householdId: true },
  });
  if (me?.role !== "owner" || me.householdId !== cook.householdId) return refuse(HOUSEHOLD_MESSAGES.ownerOnly, 403);
  if (userId === cook.userId) return refuse(HOUSEHOLD_MESSAGES.removeSelf, 400);
  const member = await tx.householdMember.findUnique({
    where: { userId },
    select: { householdId: true, user: { select: { username: true } } },
  });
  if (!member || member.householdId !== cook.householdId) return refuse(HOUSEHOLD_MESSAGES.notMember, 404);
  return { username: member.user.username };
}

/** The owner removes a member: they lose access at once and start a household of one, taking nothing. */
export async function removeMember(cook: MemberCook, userId: number): Promise<Done> {
  return prisma.$transaction(async (tx) => {
    const member = await ownersMember(tx, cook, userId);
    if ("ok" in member) return member;
    await tx.householdMember.delete({ where: { userId } });
    await startAlone(tx, userId);
    return { ok: true, message: HOUSEHOLD_MESSAGES.removed(member.username) };
  });
}

/** The owner makes another member the owner, and becomes a member. */
export async function passOwnership(cook: MemberCook, userId: number): Promise<Done> {
  return prisma.$transaction(async (tx) => {
    const member = await ownersMember(tx, cook, userId);
    if ("ok" in member) return member;
    await tx.householdMember.update({ where: { userId: cook.userId }, data: { role: "member" } });
    await tx.householdMember.update({ where: { userId }, data: { role: "owner" } });
    return { ok: true, message: HOUSEHOLD_MESSAGES.ownerPassed(member.username) };
  });
}

/**
 * Before an account is deleted: a household of one goes with it (its pantry, list and log); a shared one stays with
 * the others, its ownership passed on.
 */
export async function departBeforeDeletion(tx: Transaction, userId: number): Promise<void> {
  const member = await tx.householdMember.findUnique({ where: { userId }, select: { householdId: true } });
  if (!member) return;
  if ((await membersCount(tx, member.householdId)) <= 1) {
    await tx.household.delete({ where: { id: member.householdId } });
    return;
  }
  await departFrom(tx, userId, member.householdId);
}

export interface ForEveryone {
  /** the household has more than one member: the choice is offered */
  shared: boolean;
  on: boolean;
  dietaryPreferences: string[];
  allergies: string[];
  /** the cook's own allergies and preferences, read with the household's */
  own: { allergies: string[]; preferences: Preferences };
}

interface MemberNeedsRow {
  userId: RawNumber;
  suggestForEveryone: RawBoolean | null;
  allergies: string;
  /** null: the member has chosen no preferences (no row) */
  cuisines: string | null;
  dietaryPreferences: string | null;
  mealOccasions: string | null;
}

/**
 * Suggestions "for everyone": every member's diets and allergies (their profiles and preferences), when the cook's
 * choice (on by default in a household of more than one) says so.
 */
export async function suggestionsForEveryone(cook: MemberCook): Promise<ForEveryone> {
  // One statement for what the suggestions screen needs of every member (a nested select would be three).
  const members = await prisma.$queryRaw<MemberNeedsRow[]>`
    SELECT m."userId", m."suggestForEveryone", u."allergies",
      p."cuisines", p."dietaryPreferences", p."mealOccasions"
    FROM "HouseholdMember" m
    JOIN "User" u ON u."id" = m."userId"
    LEFT JOIN "UserPreferences" p ON p."userId" = m."userId"
    WHERE m."householdId" = ${cook.householdId}`;
  const preferencesOf = ({ cuisines, dietaryPreferences, mealOccasions }: MemberNeedsRow) =>
    preferencesOfRow(
      dietaryPreferences === null || cuisines === null || mealOccasions === null
        ? null
        : { cuisines, dietaryPreferences, mealOccasions }
    );
  const mine = members.find((member) => rawNumber(member.userId) === cook.userId);
  const on = suggestsForEveryone(members.length, rawBooleanOrNull(mine?.suggestForEveryone));
  const needs = everyonesNeeds(
    members.map((member) => ({
      allergies: storedStringList(member.allergies),
      dietaryPreferences: preferencesOf(member).dietaryPreferences,
    }))
  );
  const own = mine
    ? { allergies: storedStringList(mine.allergies), preferences: preferencesOf(mine) }
    : { allergies: [], preferences: preferencesOfRow(null) };
  return { shared: members.length > 1, on, ...needs, own };
}

/** The cook's own choice of "for everyone". */
export async function setSuggestForEveryone(cook: MemberCook, on: boolean): Promise<Done> {
  await prisma.householdMember.update({ where: { userId: cook.userId }, data: { suggestForEveryone: on } });
  return {
    ok: true,
    message: on ? HOUSEHOLD_MESSAGES.forEveryoneOn : HOUSEHOLD_MESSAGES.forEveryoneOff,
  };
}
