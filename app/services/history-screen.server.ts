/**
 * History: the recipes the cook opened, newest first, and the JSON call that records an opening. The screen's
 * route module imports only this server module for its loader and action (decision 069).
 */
import { readUserMenuCall } from "./api-auth.server";
import { findHistoryEntry, listHistory, recordHistory } from "./history.server";
import { jsonPageReply } from "./json-page-calls.server";
import { jsonError } from "./request.server";
import { requireUserId } from "./session.server";

export async function historyScreen(request: Request) {
  const userId = await requireUserId(request);
  return { history: await listHistory(userId), now: new Date().toISOString() };
}

/**
 * POST /history { user_id, menu_id } (JSON): the cook opened a recipe. 201 with the entry, or 200 with the
 * existing one when it is the same recipe they opened last, a moment ago.
 */
export async function recordOpening(request: Request) {
  const { userId, recipeId } = await readUserMenuCall(request);
  const recorded = await recordHistory(userId, recipeId);
  if (!recorded) throw jsonError("Menu not found", 404);
  const entry = await findHistoryEntry(recorded.entryId);
  return jsonPageReply({ ...entry }, { status: recorded.created ? 201 : 200 });
}
