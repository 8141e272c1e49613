import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiCook } from "~/services/api-auth.server";
import { dataExportResponse } from "~/services/data-export.server";
import { getUserId } from "~/services/session.server";

/**
 * GET /api/export: the signed-in cook's data as a zip (decision 119). A guest's browser, following the Account
 * screen's link, is sent to sign in and brought back to Account; any other caller gets the JSON 401.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const navigating = (request.headers.get("Accept") ?? "").includes("text/html");
  if (navigating && (await getUserId(request)) === null) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: "/account" })}`);
  }
  return dataExportResponse(await requireApiCook(request));
}
