import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ReminderFormSchema } from "~/domain/use-soon-reminder";
import { requireApiUserId } from "~/services/api-auth.server";
import { jsonError, parseJsonBody } from "~/services/request.server";
import { readReminder, saveReminder } from "~/services/use-soon-reminder.server";

/** GET /api/use-soon-reminder: the signed-in cook's setting, `{ reminder: { time, timeZone } | null }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await requireApiUserId(request);
  return Response.json({ reminder: await readReminder(userId) });
}

/** PUT /api/use-soon-reminder { intent: "reminder-on", time: "HH:MM", timeZone } or { intent: "reminder-off" }. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError("Use PUT", 405);
  const userId = await requireApiUserId(request);
  const saved = await saveReminder(userId, await parseJsonBody(request, ReminderFormSchema));
  // 403: the address must be verified first (the message says how).
  if (!saved.ok) return jsonError(saved.message, 403);
  return Response.json({ message: saved.message, reminder: await readReminder(userId) });
}
