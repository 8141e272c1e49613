/** An id field of a form or JSON body, checked with zod (apart from ids.ts, whose parseId screens use without zod). */
import * as z from "zod";
import { MAX_ID } from "./ids";

/** A required id field; the messages name the field ("menu_id is required"). */
export function idField(name: string) {
  const invalid = `${name} must be a positive whole number`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      {
        error: (issue) => (issue.input === undefined || issue.input === null ? `${name} is required` : invalid),
      }
    )
    .pipe(z.number().int(invalid).positive(invalid).max(MAX_ID, invalid));
}
