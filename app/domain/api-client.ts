/** Browser-side JSON calls, saying when the server cannot be reached or takes too long. */

export const CANNOT_CONNECT = "Cannot connect to server. Please check your connection";
export const REQUEST_TIMEOUT = "Request timeout. Please try again";
/** Signup's and password reset's message when the server gives none (login's own says 'occured'). */
export const AN_ERROR_OCCURRED = "An error occurred. Please try again.";
/** How long a sign-in, signup or password-reset call may take before REQUEST_TIMEOUT. */
export const AUTH_REQUEST_TIMEOUT_MS = 10_000;

export type JsonReply = { status: number; body: Record<string, unknown> };

export class ConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionError";
  }
}

export async function postJson(url: string, payload: unknown, timeoutMs: number): Promise<JsonReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin",
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  } catch {
    if (controller.signal.aborted) throw new ConnectionError(REQUEST_TIMEOUT);
    throw new ConnectionError(CANNOT_CONNECT);
  } finally {
    clearTimeout(timer);
  }
}

/** The server's message when it sent one, else the screen's default. */
export function serverMessage(reply: JsonReply, fallback: string): string {
  return typeof reply.body.message === "string" && reply.body.message ? reply.body.message : fallback;
}
