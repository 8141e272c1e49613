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
  const header = response.headers.get("Set-Cookie");
  return header ? header.split(";")[0] : null;
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
