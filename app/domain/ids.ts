/** Ids in paths and bodies of the JSON calls: positive whole numbers, given as numbers or digit strings. */

/** The largest id a database integer column holds (PostgreSQL's int4). */
export const MAX_ID = 2_147_483_647;

/** An id from a path segment, or null when the segment is not one. */
export function parseId(segment: string | null | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id > 0 && id <= MAX_ID ? id : null;
}
