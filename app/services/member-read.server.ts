/**
 * How a signed-in cook's household, pantry and shopping list are read from their HouseholdMember row (alias `m`),
 * in the same statement as something else: one place for the page's session read (session.server.ts, joined to the
 * session) and readMember (cook.server.ts).
 */
import { Prisma } from "~/generated/prisma/client";
import { rawNumberOrNull, type RawNumber } from "./raw-row.server";
import type { SessionMember } from "./session.server";

/** The member's columns: select them with MEMBER_JOINS after the join (or FROM) that names `m`. */
export const MEMBER_COLUMNS = Prisma.sql`m."userId", m."householdId", p."id" AS "pantryId", l."id" AS "listId"`;
export const MEMBER_JOINS = Prisma.sql`
  LEFT JOIN "Pantry" p ON p."householdId" = m."householdId"
  LEFT JOIN "ShoppingList" l ON l."householdId" = m."householdId"`;

export interface MemberRow {
  userId: RawNumber | null;
  householdId: RawNumber | null;
  pantryId: RawNumber | null;
  listId: RawNumber | null;
}

/** The cook `userId` as the row tells (null: not theirs, or a household without its pantry or list yet). */
export function memberOfRow(row: MemberRow | undefined, userId: number): SessionMember | null {
  if (!row || rawNumberOrNull(row.userId) !== userId) return null;
  const [householdId, pantryId, listId] = [row.householdId, row.pantryId, row.listId].map(rawNumberOrNull);
  if (householdId === null || pantryId === null || listId === null) return null;
  return { userId, householdId, pantryId, listId };
}
