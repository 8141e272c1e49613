/**
 * The units a pantry amount may be given in, apart from pantry-details.ts so that the pantry update form (on the
 * recipe screen and /cooked) does not carry the storage, shelf-life and date rules.
 */
import type { Unit } from "./quantity";

/** Units an amount may be given in: the canonical units of quantity.ts a cook keeps food in. */
export const PANTRY_UNITS = [
  "g",
  "kg",
  "ml",
  "l",
  "oz",
  "lb",
  "piece",
  "slice",
  "clove",
  "bunch",
  "can",
  "jar",
  "packet",
  "block",
  "stick",
  "cup",
] as const satisfies readonly Unit[];
export type PantryUnit = (typeof PANTRY_UNITS)[number];

/** Amounts are below this, whatever the unit (10 kg of flour is 10000 g: the cap is on the number written). */
export const MAX_AMOUNT = 10_000;
/** Amounts closer than this are the same amount: converting between units leaves floating-point dust. */
export const AMOUNT_EPSILON = 1e-9;

export const isPantryUnit = (value: unknown): value is PantryUnit =>
  (PANTRY_UNITS as readonly unknown[]).includes(value);
