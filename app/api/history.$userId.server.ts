import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnUserId } from "~/services/api-auth.server";
import { listHistory } from "~/services/history.server";

/** GET /api/history/<userId>: the recipes the user opened, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const userId = await requireOwnUserId(request, params.userId);
  return Response.json(await listHistory(userId));
}
