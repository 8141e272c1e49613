import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarOf } from "~/services/meal-plan-feed.server";

/** GET /plan/calendar/{token}.ics: the plan as an iCalendar feed for a phone calendar; a revoked or forged address is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const calendar = await calendarOf(request, params.token ?? "");
  if (calendar === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="meal-plan.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
