import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/services/request.server";
import { requireUserId } from "~/services/session.server";
import { saveReminderAndGoBack } from "~/services/use-soon-reminder.server";

/** The use-soon email's form on /setting posts here (on at a time, or off), then goes back there. */
export async function action({ request }: ActionFunctionArgs) {
  const userId = await requireUserId(request);
  return saveReminderAndGoBack(userId, await readForm(request));
}

export const loader = () => redirect("/setting#reminder");
