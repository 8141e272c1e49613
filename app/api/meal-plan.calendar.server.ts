import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCook } from "~/services/api-auth.server";
import { feedUrl, revokeFeed } from "~/services/meal-plan-feed.server";
import { jsonError } from "~/services/request.server";

/** GET /api/meal-plan/calendar → { url }: the secret address of the plan's calendar feed (made on first ask). */
export async function loader({ request }: LoaderFunctionArgs) {
  const cook = await requireApiCook(request);
  return Response.json({ url: await feedUrl(request, cook) });
}

/** DELETE /api/meal-plan/calendar: the address stops working; the next GET gives a new one. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError("Use DELETE", 405);
  const cook = await requireApiCook(request);
  const revoked = await revokeFeed(cook);
  return Response.json({
    message: revoked ? "The calendar address no longer works." : "There was no calendar address.",
  });
}
