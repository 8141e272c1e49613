/**
 * The cook's preferences: in the session for a guest, in UserPreferences for a signed-in user (so dietary
 * preferences stay a permanent filter of the account). At sign-in a guest's choices become the account's
 * when the account has none yet (called at sign-in, sign-in.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import {
  hasPreferences,
  NO_PREFERENCES,
  PreferencesSchema,
  storedPreferences,
  type Preferences,
} from "~/domain/preferences";
import { storedStringList } from "~/domain/stored-list";
import { prisma } from "./db.server";
import type { Cook } from "./cook.server";
import { sessionStorage } from "./session.server";

/** The preferences form, checked (here rather than in the route, which would send zod to the browser). */
export const parsePreferences = (formData: FormData) => parseWithZod(formData, { schema: PreferencesSchema });

/** The session value holding a guest's preferences. */
export const GUEST_PREFERENCES_KEY = "preferences";

type PreferencesRow = { cuisines: string; dietaryPreferences: string; mealOccasions: string };

/** A stored UserPreferences row as the preferences it holds (none for no row). */
export function preferencesOfRow(row: PreferencesRow | null): Preferences {
  if (!row) return NO_PREFERENCES;
  return storedPreferences({
    cuisines: storedStringList(row.cuisines),
    dietaryPreferences: storedStringList(row.dietaryPreferences),
    mealOccasions: storedStringList(row.mealOccasions),
  });
}

function toRow(preferences: Preferences): PreferencesRow {
  return {
    cuisines: JSON.stringify(preferences.cuisines),
    dietaryPreferences: JSON.stringify(preferences.dietaryPreferences),
    mealOccasions: JSON.stringify(preferences.mealOccasions),
  };
}

async function accountPreferences(userId: number): Promise<Preferences> {
  return preferencesOfRow(await prisma.userPreferences.findUnique({ where: { userId } }));
}

function storeAccountPreferences(userId: number, preferences: Preferences) {
  const row = toRow(preferences);
  return prisma.userPreferences.upsert({ where: { userId }, create: { userId, ...row }, update: row });
}

export async function readPreferences(cook: Cook): Promise<Preferences> {
  return cook.userId === null
    ? storedPreferences(cook.session.get(GUEST_PREFERENCES_KEY))
    : accountPreferences(cook.userId);
}

/** Saves the preferences; returns the headers to send (a guest's session cookie). */
export async function savePreferences(cook: Cook, preferences: Preferences): Promise<Headers> {
  const headers = new Headers();
  if (cook.userId !== null) {
    await storeAccountPreferences(cook.userId, preferences);
  } else {
    cook.session.set(GUEST_PREFERENCES_KEY, preferences);
    headers.append("Set-Cookie", await sessionStorage.commitSession(cook.session));
  }
  return headers;
}

/**
 * The guest's choices (the session value under GUEST_PREFERENCES_KEY) become the account's, unless the account
 * has chosen some already. Called at sign-in.
 */
export async function adoptGuestPreferences(userId: number, guestValue: unknown): Promise<void> {
  const guest = storedPreferences(guestValue);
  if (!hasPreferences(guest) || hasPreferences(await accountPreferences(userId))) return;
  await storeAccountPreferences(userId, guest);
}
