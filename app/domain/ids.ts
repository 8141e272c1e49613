/** Ids in paths and bodies of the JSON calls: positive whole numbers, given as numbers or digit strings. */
import * as z from "zod";

/** The largest id a database integer column holds (PostgreSQL's int4). */
export const MAX_ID = 2_147_483_647;

/** A required id field; the messages name the field ("menu_id is required"). */
export function idField(name: string) {
  const invalid = `${name} must be a positive whole number`;
  return z
    .union([z.number(), z.string().trim().regex(/^\d{1,10}$/).transform(Number)], {
      error: (issue) => (issue.input === undefined || issue.input === null ? `${name} is required` : invalid),
    })
    .pipe(z.number().int(invalid).positive(invalid).max(MAX_ID, invalid));
}

/** An id from a path segment, or null when the segment is not one. */
export function parseId(segment: string | null | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 && id <= MAX_ID ? id : null;
}
