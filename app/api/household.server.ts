import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import * as z from "zod";
import { requireApiCook } from "~/services/api-auth.server";
import { householdOf, renameHousehold } from "~/services/household.server";
import { jsonError, parseJsonBody } from "~/services/request.server";

/** GET /api/household: { household_id, name, members: [{ user_id, username, role }] }, the owner first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await householdOf(await requireApiCook(request)));
}

const Rename = z.object({ name: z.unknown() });

/** POST /api/household { name }: renames the cook's household (every cook has one: made with the account). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  const cook = await requireApiCook(request);
  const { name } = await parseJsonBody(request, Rename);
  const renamed = await renameHousehold(cook, name);
  if (!renamed.ok) return jsonError(renamed.message, renamed.status);
  return Response.json({ message: renamed.message, ...(await householdOf(cook)) });
}
