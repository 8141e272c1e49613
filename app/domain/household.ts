/**
 * Households (decision 093): the rules of joining one (how a cook's pantry merges into it), its roles, names and
 * messages. Pure: the services store what these decide.
 */
import { MAX_PANTRY_ITEMS, type PantryItem } from "./pantry";

export const HOUSEHOLD_ROLES = ["owner", "member"] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

export const INVITE_DAYS = 7;
export const INVITE_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;
export const MAX_HOUSEHOLD_NAME_LENGTH = 60;
/** pending invites a household may hold at once */
export const MAX_OPEN_INVITES = 20;
/** invitations a cook may have the app mail in an hour (withdrawn ones count: a mail went out) */
export const INVITE_MAILS_PER_HOUR = 10;

export const HOUSEHOLD_MESSAGES = {
  nameRequired: "Please enter a name for your household.",
  nameTooLong: `A household name can be at most ${MAX_HOUSEHOLD_NAME_LENGTH} characters.`,
  renamed: "Household renamed.",
  inviteUnknown: "This invitation link is not valid. Ask for a new one.",
  inviteUsed: "This invitation has been used already. Ask for a new one.",
  inviteExpired: "This invitation has expired. Ask for a new one.",
  inviteRevoked: "This invitation was withdrawn. Ask for a new one.",
  alreadyMember: "You are already a member of this household.",
  inviteMade: "Invitation link made. It works once, for 7 days.",
  inviteMailed: (email: string) => `Invitation sent to ${email}.`,
  inviteRevokedDone: "Invitation withdrawn.",
  tooManyInvites: `Your household has ${MAX_OPEN_INVITES} open invitations. Withdraw some before making more.`,
  verifyToMail: "Verify your email address before inviting by email.",
  emailInvalid: "Please enter a valid email address.",
  tooManyMails: "You have sent many invitations in a short while. Please try again later.",
  mailFailed: "The invitation could not be sent. Please try again later.",
  joined: (name: string) => `You joined ${name}.`,
  left: "You left the household. Your new household is empty.",
  aloneCannotLeave: "You are the only member of your household.",
  removed: (username: string) => `${username} was removed from the household.`,
  notMember: "That person is not a member of your household.",
  ownerOnly: "Only the household's owner can do that.",
  removeSelf: "To leave the household, use Leave.",
  ownerPassed: (username: string) => `${username} is now the household's owner.`,
  forEveryoneOn: "Suggestions now suit everyone in your household.",
  forEveryoneOff: "Suggestions now suit your own diet.",
} as const;

/** A household name as typed: trimmed, inner spaces collapsed; the message when it cannot be one. */
export function checkHouseholdName(text: unknown): { ok: true; name: string } | { ok: false; message: string } {
  const name = typeof text === "string" ? text.normalize("NFC").replace(/\s+/g, " ").trim() : "";
  if (!name) return { ok: false, message: HOUSEHOLD_MESSAGES.nameRequired };
  if ([...name].length > MAX_HOUSEHOLD_NAME_LENGTH) return { ok: false, message: HOUSEHOLD_MESSAGES.nameTooLong };
  return { ok: true, name };
}

export interface PantryMerge {
  /** the joiner's items the household has none of: they come in as they are */
  added: PantryItem[];
  /** the same ingredient on both sides: one item, amounts added when their units are the same, earliest days kept */
  combined: { before: PantryItem; after: PantryItem; amountAdded: boolean }[];
  /** left out because the household's pantry is full */
  notCarried: PantryItem[];
}

const earlier = (a: string, b: string) => (a <= b ? a : b);

/**
 * What joining does to the household's pantry: the joiner's items come in; the same ingredient (and place) is one
 * item holding both amounts (in the household's unit when both have the same unit; an amount in another unit is
 * not guessed at) and the earliest added and best-before days. The household's item keeps its place.
 */
export function planPantryMerge(
  household: readonly PantryItem[],
  joiner: readonly PantryItem[],
  limit = MAX_PANTRY_ITEMS
): PantryMerge {
  const byKey = new Map(household.map((item) => [item.key, item]));
  const merge: PantryMerge = { added: [], combined: [], notCarried: [] };
  let count = household.length;
  for (const item of joiner) {
    const held = byKey.get(item.key);
    if (!held) {
      if (count >= limit) {
        merge.notCarried.push(item);
        continue;
      }
      count++;
      merge.added.push(item);
      continue;
    }
    const amountAdded = held.quantity !== null && item.quantity !== null && held.unit === item.unit;
    const quantity = amountAdded
      ? Math.round((held.quantity! + item.quantity!) * 1000) / 1000
      : held.quantity ?? item.quantity;
    const unit = held.quantity !== null ? held.unit : item.unit;
    const after: PantryItem = {
      ...held,
      quantity,
      unit: quantity === null ? null : unit,
      addedOn: earlier(held.addedOn, item.addedOn),
      bestBefore: earlier(held.bestBefore, item.bestBefore),
    };
    merge.combined.push({ before: held, after, amountAdded });
  }
  return merge;
}

/** Who owns the household once its owner goes: the member who joined first. */
export function nextOwner<Member extends { userId: number; joinedAt: Date }>(
  members: readonly Member[],
  leaving: number
): Member | null {
  return (
    members
      .filter((member) => member.userId !== leaving)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId - b.userId)[0] ?? null
  );
}

/** What "for everyone" asks of suggestions: every member's diets and allergies, each once, in a stable order. */
export function everyonesNeeds(
  members: readonly { dietaryPreferences: readonly string[]; allergies: readonly string[] }[]
): { dietaryPreferences: string[]; allergies: string[] } {
  const union = (lists: (readonly string[])[]) => [...new Set(lists.flat())].sort();
  return {
    dietaryPreferences: union(members.map((member) => member.dietaryPreferences)),
    allergies: union(members.map((member) => member.allergies.map((allergy) => allergy.trim().toLowerCase()))),
  };
}

/** "For everyone" is on by default in a household of more than one; a member may switch it off for themselves. */
export const suggestsForEveryone = (membersCount: number, choice: boolean | null) =>
  membersCount > 1 && (choice ?? true);
