/**
 * Signing in: a fresh session for the account, and what the guest had in theirs (an ingredient list, preferences)
 * carried into it. Here, not in session.server.ts, so that the session, the pantry and the preferences do not import
 * each other (decision 093).
 */
import { cookOfUser } from "./cook.server";
import { GUEST_PANTRY_KEY, mergeGuestPantry } from "./pantry-store.server";
import { adoptGuestPreferences, GUEST_PREFERENCES_KEY } from "./preferences.server";
import { sessionStorage } from "./session.server";

/**
 * Signs a user in with a fresh session id (the old one, possibly a guest's, is destroyed so a fixed or
 * stolen id is useless). The guest's values are carried over; the guest's ingredient list is merged into the
 * household's pantry and the guest's preferences become the account's if it has none; both then leave the session.
 */
export async function createUserSession(request: Request, userId: number): Promise<string> {
  // Read afresh, not the GET's shared copy: a step of this request (the OAuth2 callback) may have changed it.
  const previous = await sessionStorage.getSession(request.headers.get("Cookie"));
  const { pantryId } = await cookOfUser(userId);
  await mergeGuestPantry(pantryId, previous.get(GUEST_PANTRY_KEY));
  await adoptGuestPreferences(userId, previous.get(GUEST_PREFERENCES_KEY));
  const notCarriedOver = new Set(["userId", GUEST_PANTRY_KEY, GUEST_PREFERENCES_KEY]);
  const session = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(previous.data)) {
    if (!notCarriedOver.has(key)) session.set(key, value);
  }
  if (previous.id) await sessionStorage.destroySession(previous);
  session.set("userId", userId);
  return sessionStorage.commitSession(session);
}
