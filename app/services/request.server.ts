import { data } from "@remix-run/node";
import type * as z from "zod";
import { BodyRefusedError, DEFAULT_BODY_LIMITS, readBoundedForm, readBoundedJson } from "~/services/body.server";

export function isJsonRequest(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json");
}

export function isFormRequest(request: Request): boolean {
  return /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(
    request.headers.get("Content-Type") ?? ""
  );
}

export function jsonError(message: string, status: number, extra: Record<string, unknown> = {}): Response {
  return Response.json({ message, ...extra }, { status });
}

/** A refusal of the bounded reader as the JSON error the caller throws. */
function asJsonError(error: unknown): unknown {
  return error instanceof BodyRefusedError ? jsonError(error.message, error.status) : error;
}

/**
 * Reads a JSON object body within the body limits (a 400 or 413 with a clear message otherwise); `maxBytes` for
 * a body carrying a file as a data URL, which may then fill one field.
 */
export async function readJsonObject(
  request: Request,
  maxBytes = DEFAULT_BODY_LIMITS.maxBytes
): Promise<Record<string, unknown>> {
  const limits = maxBytes > DEFAULT_BODY_LIMITS.maxBytes ? { maxBytes, maxFieldBytes: maxBytes } : {};
  const body = await readBoundedJson(request, limits).catch((error: unknown) => {
    throw asJsonError(error);
  });
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw jsonError("Request body must be a JSON object", 400);
  }
  return body as Record<string, unknown>;
}

/**
 * The body of a JSON call, validated by `schema`; otherwise a 400 naming the first wrong field
 * (`"cuisines.0: must be one of: ..."`).
 */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema
): Promise<z.output<Schema>> {
  if (!isJsonRequest(request)) throw jsonError("Request body must be JSON (Content-Type: application/json)", 400);
  const parsed = schema.safeParse(await readJsonObject(request));
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw jsonError(issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message, 400);
}

/** A page action's form post within the body limits; any other body is a 400. */
export async function readForm(request: Request): Promise<FormData> {
  if (!isFormRequest(request)) throw jsonError("Request body must be a form", 400);
  try {
    return await readBoundedForm(request);
  } catch (error) {
    throw asJsonError(error);
  }
}

/**
 * Reads a form post or a JSON object body into FormData, so one schema validates both.
 * Scalars become strings and a list of scalars repeated fields (as checkboxes post them); anything else
 * (objects, nested lists) is dropped and caught by the schema.
 */
export async function readFormOrJson(request: Request): Promise<{ formData: FormData; isJson: boolean }> {
  if (!isJsonRequest(request)) {
    if (!isFormRequest(request)) throw jsonError("Request body must be a form or JSON", 400);
    return { formData: await readForm(request), isJson: false };
  }
  const formData = new FormData();
  const isScalar = (value: unknown) =>
    typeof value === "string" || typeof value === "number" || typeof value === "boolean";
  for (const [key, value] of Object.entries(await readJsonObject(request))) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isScalar(item)) formData.append(key, String(item));
    }
  }
  return { formData, isJson: true };
}

type FailedSubmission = {
  error?: Record<string, string[] | null> | null;
  reply: (options?: { hideFields?: string[] }) => unknown;
};

/** The first problem of a failed submission as `{ message, field }` (field undefined for a form-level error). */
export function firstSubmissionError(submission: Pick<FailedSubmission, "error">, fallbackMessage: string) {
  const [field, messages] = Object.entries(submission.error ?? {}).find(([, list]) => list?.length) ?? [];
  return { message: messages?.[0] ?? fallbackMessage, field: field || undefined };
}

/** A form that failed validation: `{ message, field }` for a JSON page call, conform's reply for the page. */
export function invalidSubmission(submission: FailedSubmission, isJson: boolean, fallbackMessage: string) {
  if (isJson) return data(firstSubmissionError(submission, fallbackMessage), { status: 400 });
  return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
}

type ValidSubmission = {
  reply: (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => unknown;
};

/**
 * A valid form the server refuses (a wrong password, too many signups, a taken username): `{ message, field }` for a
 * JSON page call, else the form again with the message on `field` (or over the form), its password cleared.
 */
export function refusedSubmission(
  submission: ValidSubmission,
  isJson: boolean,
  { status, message, field }: { status: number; message: string; field?: string }
) {
  if (isJson) return data({ message, field }, { status });
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return data({ result: submission.reply({ ...errors, hideFields: ["password"] }) }, { status });
}
