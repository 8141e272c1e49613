/**
 * Values of rows read with $queryRaw, turned into what the app uses, whichever engine answered: PostgreSQL gives
 * a bigint for count(*) and BIGINT columns and a string for NUMERIC; SQLite gives a number or a bigint for an
 * integer, 0 or 1 for a boolean, and the text Prisma stored for a date. A model query does this itself; a raw
 * read (decision 160) goes through these.
 */

/** An integer or a decimal as either engine answers it. */
export type RawNumber = number | bigint | string;
/** A boolean as either engine answers it (SQLite: 0 or 1). */
export type RawBoolean = boolean | number | bigint;
/** A date as either engine answers it (SQLite: Prisma's ISO text, or milliseconds). */
export type RawDate = Date | string | number | bigint;

export function rawNumber(value: RawNumber): number {
  return Number(value);
}

export function rawNumberOrNull(value: RawNumber | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

export function rawBigInt(value: RawNumber): bigint {
  return BigInt(value);
}

export function rawBoolean(value: RawBoolean): boolean {
  return typeof value === "boolean" ? value : Number(value) !== 0;
}

export function rawBooleanOrNull(value: RawBoolean | null | undefined): boolean | null {
  return value === null || value === undefined ? null : rawBoolean(value);
}

export function rawDate(value: RawDate): Date {
  return value instanceof Date ? value : new Date(typeof value === "bigint" ? Number(value) : value);
}
