/**
 * The wire format gives three page paths a JSON call besides their screen: POST /login and POST /signup (the sign-in
 * forms' calls) and POST /history (sent on opening a recipe); issue 31 a fourth, POST /shoppinglist (the list's
 * changes, and the replay of taps queued offline). Every other JSON call lives under /api.
 *
 * Remix renders a page's action data as HTML for any document request, and unwraps a raw Response returned by a
 * page's action into data the same way. So these answer with `jsonPageReply` (data, status and headers,
 * cookies included), and entry.server sends that data as the JSON body instead of the page, for these paths only
 * (`isJsonPageCall`). A JSON body sent to any other page is refused like any body that is not a form.
 */
import { data, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { AN_ERROR_OCCURRED } from "~/domain/api-client";
import { isJsonRequest, readForm, readFormOrJson } from "./request.server";

const JSON_PAGE_CALLS: ReadonlySet<string> = new Set(["/login", "/signup", "/history", "/shoppinglist"]);

/** A POST with a JSON body to one of the page paths that also answer a JSON call. */
export function isJsonPageCall(request: Request): boolean {
  return request.method === "POST" && isJsonRequest(request) && JSON_PAGE_CALLS.has(new URL(request.url).pathname);
}

/** What the action of such a page returns for the JSON call: the body, status and headers of the answer. */
export function jsonPageReply(body: Record<string, unknown>, init?: ResponseInit) {
  return data(body, init);
}

/** The posted form, or for a JSON page call its body as FormData, so that one schema validates both. */
export async function readPageCall(request: Request): Promise<{ formData: FormData; isJson: boolean }> {
  if (isJsonPageCall(request)) return readFormOrJson(request);
  return { formData: await readForm(request), isJson: false };
}

/** The answer entry.server sends for a JSON page call: the action's data, or the error it threw, as JSON. */
export function jsonPageAnswer(remixContext: EntryContext, status: number, headers: Headers): Response {
  const { actionData, errors } = remixContext.staticHandlerContext;
  const error = errors ? Object.values(errors)[0] : undefined;
  let body: unknown = actionData ? Object.values(actionData)[0] ?? null : null;
  if (error !== undefined) {
    body = isRouteErrorResponse(error)
      ? typeof error.data === "object" && error.data !== null
        ? error.data
        : { message: String(error.data || error.statusText) }
      : { message: AN_ERROR_OCCURRED };
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(JSON.stringify(body), { status, headers });
}
