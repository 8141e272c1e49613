/**
 * Who is asking, and what they reach (decision 093): resolved once at the top of a loader or action and passed to
 * the services, which never look at the request to find a pantry. A signed-in cook reaches their household's
 * pantry and shopping list; a guest's list and choices live in their session.
 */
import { redirect, type Session } from "@remix-run/node";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { getSession, getUserId, memberReadWithSession, type SessionMember } from "./session.server";
import { MEMBER_COLUMNS, MEMBER_JOINS, memberOfRow, type MemberRow } from "./member-read.server";

export interface MemberCook extends SessionMember {
  session?: undefined;
}

export interface GuestCook {
  userId: null;
  householdId: null;
  pantryId: null;
  listId: null;
  /** where a guest's ingredient list and preferences are kept */
  session: Session;
}

export type Cook = MemberCook | GuestCook;

/** A new cook's household: named after them, with its pantry and shopping list; they are its owner. */
export async function createHouseholdOf(tx: Prisma.TransactionClient, userId: number, name: string) {
  const household = await tx.household.create({
    data: {
      name,
      members: { create: { userId, role: "owner" } },
      pantry: { create: {} },
      list: { create: {} },
    },
    select: { id: true },
  });
  return household.id;
}

export const householdNameOf = (username: string) => `${username}'s household`;

/** The nested write that gives an account being created its household of one (`user.create({ data: {...} })`). */
export const ownHousehold = (username: string) => ({
  create: {
    role: "owner",
    household: { create: { name: householdNameOf(username), pantry: { create: {} }, list: { create: {} } } },
  },
});

/** One statement (a nested select would be four): every page of a signed-in cook starts here. */
async function readMember(userId: number): Promise<MemberCook | null> {
  const [row] = await prisma.$queryRaw<MemberRow[]>`
    SELECT ${MEMBER_COLUMNS} FROM "HouseholdMember" m ${MEMBER_JOINS} WHERE m."userId" = ${userId}`;
  return memberOfRow(row, userId);
}

/**
 * The household a cook belongs to, made when it is missing (an account created before households, or by a script):
 * every signed-in cook has exactly one.
 */
export async function cookOfUser(userId: number): Promise<MemberCook> {
  const found = await readMember(userId);
  if (found) return found;
  try {
    await prisma.$transaction(async (tx) => {
      const member = await tx.householdMember.findUnique({ where: { userId }, select: { householdId: true } });
      if (member) {
        await tx.pantry.upsert({ where: { householdId: member.householdId }, create: member, update: {} });
        await tx.shoppingList.upsert({ where: { householdId: member.householdId }, create: member, update: {} });
        return;
      }
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
      await createHouseholdOf(tx, userId, householdNameOf(user.username));
    });
  } catch (error) {
    // another request made it at the same moment
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  const made = await readMember(userId);
  if (!made) throw new Error(`No household for user ${userId}`);
  return made;
}

const cooksOfRequests = new WeakMap<Request, Promise<Cook>>();

/** The cook of this request (a guest without a session has an empty one), resolved once per request. */
export function getCook(request: Request): Promise<Cook> {
  let cook = cooksOfRequests.get(request);
  if (!cook) {
    cook = (async (): Promise<Cook> => {
      const userId = await getUserId(request);
      if (userId !== null) return (await memberReadWithSession(request, userId)) ?? cookOfUser(userId);
      return { userId: null, householdId: null, pantryId: null, listId: null, session: await getSession(request) };
    })();
    cooksOfRequests.set(request, cook);
    cook.catch(() => cooksOfRequests.delete(request));
  }
  return cook;
}

/** Signed-in-only screens: the cook, or a redirect to /login that comes back here afterwards. */
export async function requireCook(request: Request): Promise<MemberCook> {
  const cook = await getCook(request);
  if (cook.userId !== null) return cook;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}
