/**
 * Who may reach user data through a JSON call: only the signed-in user, and only their own data, whatever
 * user id the path or body names. The session decides; the id in the request is only checked against it.
 */
import * as z from "zod";
import { idField } from "~/domain/id-field";
import { parseId } from "~/domain/ids";
import { jsonError, parseJsonBody } from "./request.server";
import { getCook, type MemberCook } from "./cook.server";
import { getUserId } from "./session.server";

export const LOGIN_REQUIRED = "Please log in to continue";
export const NOT_YOUR_DATA = "You can only access your own data";

/** The signed-in user's id; a guest gets a 401. */
export async function requireApiUserId(request: Request): Promise<number> {
  const userId = await getUserId(request);
  if (userId === null) throw jsonError(LOGIN_REQUIRED, 401);
  return userId;
}

/** The signed-in cook (their household's pantry and list); a guest gets a 401. */
export async function requireApiCook(request: Request): Promise<MemberCook> {
  const cook = await getCook(request);
  if (cook.userId === null) throw jsonError(LOGIN_REQUIRED, 401);
  return cook;
}

/**
 * A 403 unless the user id a body names is the signed-in user's. A body may leave it out (undefined or null);
 * anything else that is not their id, a malformed one included, is someone else's.
 */
export function assertOwnUserId(userId: number, named: unknown): void {
  if (named !== undefined && named !== null && parseId(String(named)) !== userId) throw jsonError(NOT_YOUR_DATA, 403);
}

/** For paths /api/.../<userId>/...: the signed-in user's id when the path names it (401 for a guest, else 403). */
export async function requireOwnUserId(request: Request, pathUserId: string | undefined): Promise<number> {
  return (await requireOwnCook(request, pathUserId)).userId;
}

/** For paths /api/.../<userId>/...: the signed-in cook when the path names them (401 for a guest, else 403). */
export async function requireOwnCook(request: Request, pathUserId: string | undefined): Promise<MemberCook> {
  const cook = await requireApiCook(request);
  if (parseId(pathUserId) !== cook.userId) throw jsonError(NOT_YOUR_DATA, 403);
  return cook;
}

export const UserMenuCall = z.object({ user_id: idField("user_id").optional(), menu_id: idField("menu_id") });

/**
 * A JSON call about one of the caller's menus, { user_id?, menu_id } (POST and DELETE /api/favorites, POST /history,
 * POST /meal-completions): a guest gets 401, a bad body 400 naming the field, another user's user_id 403.
 */
export async function readUserMenuCall(request: Request): Promise<{ userId: number; recipeId: number }> {
  const userId = await requireApiUserId(request);
  const body = await parseJsonBody(request, UserMenuCall);
  assertOwnUserId(userId, body.user_id);
  return { userId, recipeId: body.menu_id };
}
