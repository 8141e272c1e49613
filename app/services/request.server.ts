import { data } from "@remix-run/node";

const MAX_JSON_BYTES = 1024 * 1024;

export function isJsonRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json");
}

export function jsonError(message: string, status: number, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status });
}

/**
 * The answer to a JSON caller of a page's action. A page route cannot return a raw Response for a
 * document request, so this is action data that entry.server sends as JSON (with status and headers).
 */
export function jsonReply(body: Record<string, unknown>, init?: ResponseInit) {
  return data(body, init);
}

/** Reads a JSON object body (a 400 or 413 with a clear message otherwise). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_JSON_BYTES) throw jsonError("Request body is too large", 413);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw jsonError("Request body is too large", 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError("Request body must be valid JSON", 400);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw jsonError("Request body must be a JSON object", 400);
  }
  return body as Record<string, unknown>;
}

/**
 * Reads a form post or a JSON object body into FormData, so one schema validates both.
 * Scalars become strings; anything else (objects, arrays) is dropped and caught by the schema.
 */
export async function readFormOrJson(request: Request): Promise<{ formData: FormData; isJson: boolean }> {
  if (!isJsonRequest(request)) return { formData: await request.formData(), isJson: false };
  const formData = new FormData();
  for (const [key, value] of Object.entries(await readJsonObject(request))) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      formData.set(key, String(value));
    }
  }
  return { formData, isJson: true };
}

type FailedSubmission = {
  error?: Record<string, string[] | null> | null;
  reply: (options?: { hideFields?: string[] }) => unknown;
};

/** A form that failed validation: `{ message, field }` for JSON callers, conform's reply for the page. */
export function invalidSubmission(submission: FailedSubmission, isJson: boolean, fallbackMessage: string) {
  if (isJson) {
    const [field, messages] = Object.entries(submission.error ?? {})[0] ?? [];
    return jsonReply({ message: messages?.[0] ?? fallbackMessage, field }, { status: 400 });
  }
  return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
}
