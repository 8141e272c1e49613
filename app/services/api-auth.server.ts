/**
 * Who may reach user data through a JSON call: only the signed-in user, and only their own data, whatever
 * user id the path or body names. The session decides; the id in the request is only checked against it.
 */
import { jsonError } from "./request.server";
import { getUserId } from "./session.server";

export const LOGIN_REQUIRED = "Please log in to continue";
export const NOT_YOUR_DATA = "You can only access your own data";

/** The signed-in user's id; a guest gets a 401. */
export async function requireApiUserId(request: Request): Promise<number> {
  const userId = await getUserId(request);
  if (userId === null) throw jsonError(LOGIN_REQUIRED, 401);
  return userId;
}

/** A 403 unless the user id the request names (if it names one) is the signed-in user's. */
export function assertOwnUserId(userId: number, namedUserId: number | undefined): void {
  if (namedUserId !== undefined && namedUserId !== userId) throw jsonError(NOT_YOUR_DATA, 403);
}

/** The signed-in user's id, after checking that the id the request names (if any) is theirs (403 otherwise). */
export async function requireOwnUserId(request: Request, namedUserId: number | undefined): Promise<number> {
  const userId = await requireApiUserId(request);
  assertOwnUserId(userId, namedUserId);
  return userId;
}
