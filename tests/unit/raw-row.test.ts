/**
 * What a raw read answers differs by engine (PostgreSQL: bigints for counts and BIGINT columns, strings for
 * NUMERIC, booleans and Dates; SQLite: numbers or bigints, 0/1, ISO text). The app must see the same values.
 */
import { describe, expect, it } from "vitest";
import {
  rawBigInt,
  rawBoolean,
  rawBooleanOrNull,
  rawDate,
  rawNumber,
  rawNumberOrNull,
} from "~/services/raw-row.server";

describe("raw row values of both engines", () => {
  it("reads a count or an id as the same number: PostgreSQL's bigint or NUMERIC text, SQLite's number", () => {
    for (const value of [3, 3n, "3"]) expect(rawNumber(value)).toBe(3);
    expect(rawNumber("4.5")).toBe(4.5);
    expect(rawNumber(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(rawNumberOrNull(null)).toBeNull();
    expect(rawNumberOrNull(undefined)).toBeNull();
    expect(rawNumberOrNull(0n)).toBe(0);
  });

  it("reads a version as a bigint from either engine", () => {
    for (const value of [12, 12n, "12"]) expect(rawBigInt(value)).toBe(12n);
  });

  it("reads SQLite's 0 and 1 (number or bigint) as PostgreSQL's false and true", () => {
    for (const value of [true, 1, 1n]) expect(rawBoolean(value)).toBe(true);
    for (const value of [false, 0, 0n]) expect(rawBoolean(value)).toBe(false);
    expect(rawBooleanOrNull(null)).toBeNull();
    expect(rawBooleanOrNull(0)).toBe(false);
  });

  it("reads a date as the same moment: PostgreSQL's Date, SQLite's ISO text with its offset, or milliseconds", () => {
    const moment = new Date("2026-11-28T10:59:08.832Z");
    expect(rawDate(moment)).toBe(moment);
    for (const value of ["2026-11-28T10:59:08.832+00:00", "2026-11-28T11:59:08.832+01:00", moment.getTime()]) {
      expect(rawDate(value).getTime()).toBe(moment.getTime());
    }
    expect(rawDate(BigInt(moment.getTime())).getTime()).toBe(moment.getTime());
  });
});
