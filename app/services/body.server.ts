/**
 * The one bounded reader of request bodies: every action and JSON call reads its form or JSON through here, so
 * the number of fields, the length of lists, the depth of nesting and the size of each field and of the whole
 * body are checked before any parser that is slower than linear (conform's form parsing is quadratic in the
 * number of values of one name) or any schema sees them.
 */

/** What a body may hold; the defaults fit every form and JSON call of the app with room to spare. */
export type BodyLimits = {
  /** The whole body, in bytes. */
  maxBytes: number;
  /** One text field or JSON string, in bytes. */
  maxFieldBytes: number;
  /** One uploaded file, in bytes (multipart only; forms that take no file keep the default, a field's size). */
  maxFileBytes: number;
  /** Entries of a form, or keys plus list items of a JSON body. */
  maxFields: number;
  /** Values of one form field name, or items of one JSON list. */
  maxListLength: number;
  /** Nesting of JSON objects and lists. */
  maxDepth: number;
};

export const DEFAULT_BODY_LIMITS: BodyLimits = Object.freeze({
  maxBytes: 1024 * 1024,
  maxFieldBytes: 64 * 1024,
  maxFileBytes: 64 * 1024,
  maxFields: 1_000,
  maxListLength: 500,
  maxDepth: 16,
});

export const BODY_TOO_LARGE = "Request body is too large";
export const TOO_MANY_FIELDS = "The form has too many fields";
export const LIST_TOO_LONG = "A list in the request is too long";
export const FIELD_TOO_LONG = "A field of the form is too long";
export const NESTED_TOO_DEEPLY = "Request body is nested too deeply";
export const NOT_UTF8 = "Request body is not valid UTF-8 text";
export const NOT_JSON = "Request body must be valid JSON";
export const UNREADABLE_FORM = "The form could not be read. Please try again.";

/** A body refused before it was parsed; callers turn it into their own kind of answer. */
export class BodyRefusedError extends Error {
  constructor(message: string, readonly status: 400 | 413) {
    super(message);
    this.name = "BodyRefusedError";
  }
}

const refuse = (message: string, status: 400 | 413 = 413): never => {
  throw new BodyRefusedError(message, status);
};

/** The body's bytes, read as they stream in and given up as soon as they pass `maxBytes`. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) refuse(BODY_TOO_LARGE);
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        refuse(BODY_TOO_LARGE);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyRefusedError) throw error;
    refuse(UNREADABLE_FORM, 400);
  }
  return Buffer.concat(chunks);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as text, refusing byte sequences that are not UTF-8 (rather than storing replacement characters). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return refuse(NOT_UTF8, 400);
  }
}

function occurrences(bytes: Buffer, needle: string | number, stopAfter: number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1 && count <= stopAfter; at = bytes.indexOf(needle, at + 1)) count++;
  return count;
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match ? match[1] ?? match[2] : null;
}

/** Refuses a form with too many values, or too many of one name, or a text field or file over its size. */
export function checkFormData(formData: FormData, limits: BodyLimits): FormData {
  const perName = new Map<string, number>();
  let fields = 0;
  for (const [name, value] of formData) {
    if (++fields > limits.maxFields) refuse(TOO_MANY_FIELDS);
    const repeats = (perName.get(name) ?? 0) + 1;
    if (repeats > limits.maxListLength) refuse(LIST_TOO_LONG);
    perName.set(name, repeats);
    if (Buffer.byteLength(name) > limits.maxFieldBytes) refuse(FIELD_TOO_LONG);
    if (
      typeof value === "string" ? Buffer.byteLength(value) > limits.maxFieldBytes : value.size > limits.maxFileBytes
    ) {
      refuse(typeof value === "string" ? FIELD_TOO_LONG : BODY_TOO_LARGE);
    }
  }
  return formData;
}

/**
 * A urlencoded or multipart form, bounded by `limits`. Its parts are counted in the raw bytes (a linear scan)
 * before the form is parsed, so a body of a hundred thousand tiny fields costs a scan, not a parse.
 */
export async function readBoundedForm(request: Request, overrides: Partial<BodyLimits> = {}): Promise<FormData> {
  const limits = { ...DEFAULT_BODY_LIMITS, ...overrides };
  const contentType = request.headers.get("Content-Type") ?? "";
  const multipart = /^multipart\/form-data/i.test(contentType);
  const bytes = await readBodyBytes(request, limits.maxBytes);
  if (multipart) {
    const boundary = boundaryOf(contentType) ?? refuse(UNREADABLE_FORM, 400);
    if (occurrences(bytes, `--${boundary}`, limits.maxFields + 1) > limits.maxFields + 1) refuse(TOO_MANY_FIELDS);
  } else {
    decodeUtf8(bytes);
    if (occurrences(bytes, 0x26 /* & */, limits.maxFields) >= limits.maxFields) refuse(TOO_MANY_FIELDS);
  }
  let formData: FormData;
  try {
    formData = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return refuse(UNREADABLE_FORM, 400);
  }
  return checkFormData(formData, limits);
}

/**
 * Refuses a parsed JSON value with more keys and items than `maxFields`, a list longer than `maxListLength`,
 * nesting deeper than `maxDepth` or a string or key over `maxFieldBytes`. Walks without recursion, so any depth
 * that JSON.parse accepted is measured safely.
 */
export function checkJsonValue(value: unknown, limits: BodyLimits): void {
  const pending: [unknown, number][] = [[value, 0]];
  let fields = 0;
  const checkText = (text: string) => {
    if (text.length > limits.maxFieldBytes || Buffer.byteLength(text) > limits.maxFieldBytes) refuse(FIELD_TOO_LONG);
  };
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === "string") checkText(current);
    if (typeof current !== "object" || current === null) continue;
    if (depth >= limits.maxDepth) refuse(NESTED_TOO_DEEPLY, 400);
    const items = Array.isArray(current) ? current : Object.values(current);
    if (Array.isArray(current) && current.length > limits.maxListLength) refuse(LIST_TOO_LONG);
    if (!Array.isArray(current)) Object.keys(current).forEach(checkText);
    fields += items.length;
    if (fields > limits.maxFields) refuse(TOO_MANY_FIELDS);
    for (const item of items) pending.push([item, depth + 1]);
  }
}

/** A JSON body within `limits`: UTF-8, well-formed, and of a bounded shape. */
export async function readBoundedJson(request: Request, overrides: Partial<BodyLimits> = {}): Promise<unknown> {
  const limits = { ...DEFAULT_BODY_LIMITS, ...overrides };
  const text = decodeUtf8(await readBodyBytes(request, limits.maxBytes));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(NOT_JSON, 400);
  }
  checkJsonValue(value, limits);
  return value;
}
