import { refusalBeforeApp } from "~/cli/refusals.mjs";

const ORIGIN = "http://localhost:3000";

type RequestOptions = { cookie?: string | null; headers?: Record<string, string> };

export function formRequest(path: string, fields: Record<string, string>, options: RequestOptions = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

export function jsonRequest(path: string, body: unknown, options: RequestOptions = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
  });
}

/** The cookie pair ("__session=...") a response sets, ready to send back. */
export function sessionCookieFrom(response: Response): string | null {
  return (
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .find((pair) => pair.startsWith("__session=")) ?? null
  );
}

/**
 * The Cookie header a browser sends after this response: the pairs it had (`cookie`), with those the response set
 * replacing them, and those it expired removed.
 */
export function cookiesAfter(cookie: string | null, response: Response): string | null {
  const pairs = new Map(
    (cookie ?? "")
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair] as const)
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0];
    const expired = /;\s*max-age=0(;|$)/i.test(set) || /;\s*expires=Thu, 01 Jan 1970/i.test(set);
    if (expired) pairs.delete(pair.split("=")[0]);
    else pairs.set(pair.split("=")[0], pair);
  }
  return pairs.size ? [...pairs.values()].join("; ") : null;
}

/**
 * Runs a route's loader or action for `request` as the server does: behind the HTTP bootstrap, which answers some
 * requests itself (a cross-site write's 403) before the app sees them.
 */
export async function served(request: Request, handler: () => Promise<unknown>): Promise<Response> {
  // Imported here, not at the top: a test file sets the app's settings before its first import of the app.
  const { requestClient } = await import("~/services/client.server");
  const { method, url, headers } = request;
  const refusal = refusalBeforeApp({ method, url, headers, publicOrigin: requestClient(request).origin });
  if (refusal) return Response.json({ message: refusal.message }, { status: refusal.status, headers: refusal.headers });
  return run(handler);
}

/** Runs a loader or action and returns what it produced, whether it returned or threw a Response. */
export async function run(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const value = await fn();
    if (value instanceof Response) return value;
    return toResponse(value);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Remix's `data()` results are plain objects with data/init; turn them into a Response for assertions. */
function toResponse(value: unknown): Response {
  const maybe = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (maybe && maybe.type === "DataWithResponseInit") {
    return Response.json(maybe.data, maybe.init ?? undefined);
  }
  return Response.json(value);
}

/** A body in one of the shapes the app reads: JSON, a urlencoded form (repeated fields as lists) or multipart. */
export type RequestBody =
  | { json: unknown }
  | { form: Record<string, string | string[]> }
  | { multipart: Record<string, string | Blob> };

/**
 * Any request a browser or script could send: same-origin (Origin set) unless `options.headers` says otherwise.
 * Multipart bodies get their boundary from the runtime, so no Content-Type is set for them.
 */
export function requestWith(method: string, path: string, body?: RequestBody, options: RequestOptions = {}): Request {
  const headers: Record<string, string> = {
    ...(method === "GET" ? {} : { Origin: ORIGIN }),
    ...(options.cookie ? { Cookie: options.cookie } : {}),
  };
  let payload: BodyInit | undefined;
  if (body && "json" in body) {
    headers["Content-Type"] = "application/json";
    payload = typeof body.json === "string" ? body.json : JSON.stringify(body.json);
  } else if (body && "form" in body) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    const fields = new URLSearchParams();
    for (const [name, value] of Object.entries(body.form)) for (const item of [value].flat()) fields.append(name, item);
    payload = fields;
  } else if (body) {
    const fields = new FormData();
    for (const [name, value] of Object.entries(body.multipart)) fields.append(name, value);
    payload = fields;
  }
  return new Request(`${ORIGIN}${path}`, { method, body: payload, headers: { ...headers, ...options.headers } });
}
