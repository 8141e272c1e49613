/**
 * What a pantry item knows besides its name: an optional amount and unit, where it is kept, the day it was added
 * and its best-before day. The rules the forms and the JSON call share (messages included), and the day
 * arithmetic: days are UTC calendar days written YYYY-MM-DD, as the JSON calls and date inputs write them.
 */
import { formatDayMonthYear, isoDay } from "./dates";
import { MAX_AMOUNT, type PantryUnit } from "./pantry-units";
import { inflect } from "./unit-words";
import * as shelfLife from "./shelf-life";
import { isStorage, parseIsoDay, STORAGES, type ShelfLifeInfo, type Storage } from "./shelf-life";

export { isStorage, type Storage };
export const STORAGE_PLACES = STORAGES;
export const STORAGE_LABELS: Record<Storage, string> = { fridge: "Fridge", freezer: "Freezer", cupboard: "Cupboard" };

const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2099;

export const AMOUNT_INVALID_MESSAGE = `Please enter an amount above 0 and below ${MAX_AMOUNT.toLocaleString("en")}.`;
export const UNIT_INVALID_MESSAGE = "Please choose one of the listed units.";
export const UNIT_WITHOUT_AMOUNT_MESSAGE = "Please enter an amount for the unit.";
export const STORAGE_INVALID_MESSAGE = "Please choose fridge, freezer or cupboard.";
export const DATE_INVALID_MESSAGE = `Please enter a real date between ${EARLIEST_YEAR} and ${LATEST_YEAR} (YYYY-MM-DD).`;

export const isValidAmount = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 && value < MAX_AMOUNT;

/** A YYYY-MM-DD day that exists in the calendar (no 30 February) within the years we accept. */
export function isRealDay(text: unknown): text is string {
  if (typeof text !== "string" || !parseIsoDay(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

const dayOf = (day: string) => parseIsoDay(day)!;

export const todayUtc = (now: Date = new Date()): string => isoDay(now);

export const addDays = (day: string, days: number): string => isoDay(shelfLife.addDays(dayOf(day), days));

/** Days left from `today` to the best-before day: 0 on the day, negative once past. */
export const daysLeft = (bestBefore: string, today: string): number =>
  shelfLife.daysLeft(dayOf(bestBefore), dayOf(today));

export const describeDaysLeft = shelfLife.describeDaysLeft;

/** What an item's shelf life is read from: its catalogue ingredient, or for a name the catalogue lacks a default. */
interface ShelfLifeSubject {
  ingredient: ShelfLifeInfo | null;
}

/**
 * Food the catalogue does not know: assumed kept in the fridge and a little more perishable than the catalogue's
 * default for a vegetable (7 days), so that it shows up in "Use soon" early rather than late. Always editable.
 */
const UNKNOWN_FOOD: ShelfLifeInfo = {
  shelfLife: { fridge: 5, freezer: 90, cupboard: 2, opened: null, storage: "fridge" },
};

const infoOf = (subject: ShelfLifeSubject) => subject.ingredient ?? UNKNOWN_FOOD;

/** Where the item is normally kept. */
export const defaultStorage = (subject: ShelfLifeSubject): Storage => shelfLife.defaultStorage(infoOf(subject));

/** The best-before day of an item put in `storage` on `from`, when the cook gives none. */
export const estimateBestBefore = (subject: ShelfLifeSubject, storage: Storage, from: string): string =>
  isoDay(shelfLife.estimateBestBefore(infoOf(subject), storage, dayOf(from)));

/** The best-before day after the item moves to `to` on `today` (shelf-life.ts: freezing stops the clock). */
export function bestBeforeAfterMove(
  subject: ShelfLifeSubject,
  item: { storage: Storage; bestBefore: string },
  to: Storage,
  today: string
): string {
  const move = { from: item.storage, to, bestBefore: dayOf(item.bestBefore), today: dayOf(today) };
  return isoDay(shelfLife.bestBeforeAfterMove(infoOf(subject), move));
}

/** An amount as a row shows it: "400 g", "2 pieces", "2 cloves", "3" (a count). */
export function describeAmount(quantity: number | null, unit: PantryUnit | null): string | null {
  if (quantity === null) return null;
  const amount = Number(quantity.toFixed(2)).toString();
  if (unit === null) return amount;
  return `${amount} ${inflect(unit, quantity)}`;
}

/** What a move to another place does to the item's day, said before the move is saved. */
export const movedDayMessage = (name: string, place: Storage, day: string) =>
  `In the ${STORAGE_LABELS[place].toLowerCase()}, ${name} keeps until ${formatDayMonthYear(day)}.`;
