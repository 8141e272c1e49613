import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/domain/ids";
import { requireOwnUserId } from "~/services/api-auth.server";
import { listHistory } from "~/services/history.server";

/** GET /api/history/<userId>: the recipes the user opened, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // 0 is no one's id: a path id that is not a number is someone else's
  const userId = await requireOwnUserId(request, parseId(params.userId) ?? 0);
  return Response.json(await listHistory(userId));
}
