/**
 * What a pantry item knows besides its name: an optional amount and unit, where it is kept, the day it was added
 * and its best-before day. The rules the forms and the JSON call share (messages included), and the day
 * arithmetic: days are UTC calendar days written YYYY-MM-DD, as the JSON calls and date inputs write them.
 */
import type { CatalogueIngredient } from "./catalogue";
import { isoDay } from "./dates";
import type { Unit } from "./quantity";

export const STORAGE_PLACES = ["fridge", "freezer", "cupboard"] as const;
export type Storage = (typeof STORAGE_PLACES)[number];
export const STORAGE_LABELS: Record<Storage, string> = { fridge: "Fridge", freezer: "Freezer", cupboard: "Cupboard" };

/** Units an amount may be given in: the canonical units of quantity.ts a cook keeps food in. */
export const PANTRY_UNITS = [
  "g", "kg", "ml", "l", "oz", "lb", "piece", "slice", "clove", "bunch", "can", "jar", "packet", "block", "stick", "cup",
] as const satisfies readonly Unit[];
export type PantryUnit = (typeof PANTRY_UNITS)[number];

/** Amounts are below this, whatever the unit (10 kg of flour is 10000 g: the cap is on the number written). */
export const MAX_AMOUNT = 10_000;
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2099;

export const AMOUNT_INVALID_MESSAGE = `Please enter an amount above 0 and below ${MAX_AMOUNT.toLocaleString("en")}.`;
export const UNIT_INVALID_MESSAGE = "Please choose one of the listed units.";
export const UNIT_WITHOUT_AMOUNT_MESSAGE = "Please enter an amount for the unit.";
export const STORAGE_INVALID_MESSAGE = "Please choose fridge, freezer or cupboard.";
export const DATE_INVALID_MESSAGE = `Please enter a real date between ${EARLIEST_YEAR} and ${LATEST_YEAR} (YYYY-MM-DD).`;

export const isStorage = (value: unknown): value is Storage => (STORAGE_PLACES as readonly unknown[]).includes(value);
export const isPantryUnit = (value: unknown): value is PantryUnit => (PANTRY_UNITS as readonly unknown[]).includes(value);
export const isValidAmount = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 && value < MAX_AMOUNT;

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day that exists in the calendar (no 30 February) within the years we accept. */
export function isRealDay(text: unknown): text is string {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  const year = Number(text.slice(0, 4));
  return !Number.isNaN(date.getTime()) && isoDay(date) === text && year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

export const todayUtc = (now: Date = new Date()): string => isoDay(now);

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** How an item's days left read: "use today", "1 day", "2 days", "expired 1 day ago", "expired 3 days ago". */
export function describeDaysLeft(days: number): string {
  if (days === 0) return "use today";
  const count = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  return days > 0 ? count(days) : `expired ${count(-days)} ago`;
}

// Interim shelf-life figures per type, until the catalogue's own (pantry-ranking) are merged.
const KEEPS: Record<string, { place: Storage; days: Record<Storage, number> }> = {
  "Meat sausages and fish": { place: "fridge", days: { fridge: 2, freezer: 120, cupboard: 0 } },
  Vegetables: { place: "fridge", days: { fridge: 7, freezer: 240, cupboard: 3 } },
  Fruit: { place: "fridge", days: { fridge: 7, freezer: 240, cupboard: 4 } },
  Eggs: { place: "fridge", days: { fridge: 21, freezer: 240, cupboard: 7 } },
  "Milk and dairy products": { place: "fridge", days: { fridge: 7, freezer: 90, cupboard: 0 } },
  "Grains nuts and baking products": { place: "cupboard", days: { fridge: 180, freezer: 365, cupboard: 180 } },
  Seasoning: { place: "cupboard", days: { fridge: 365, freezer: 365, cupboard: 365 } },
  "Oil and fat": { place: "cupboard", days: { fridge: 180, freezer: 365, cupboard: 180 } },
};
const KEEPS_OTHERWISE = { place: "fridge" as Storage, days: { fridge: 5, freezer: 90, cupboard: 2 } };

interface ShelfLifeSubject {
  type: string;
  ingredient: CatalogueIngredient | null;
}

const keepsOf = (subject: ShelfLifeSubject) => KEEPS[subject.ingredient?.type ?? subject.type] ?? KEEPS_OTHERWISE;

/** Where the item is normally kept. */
export function defaultStorage(subject: ShelfLifeSubject): Storage {
  return keepsOf(subject).place;
}

/** The best-before day of an item put in `storage` on `from`, when the cook gives none. */
export function estimateBestBefore(subject: ShelfLifeSubject, storage: Storage, from: string): string {
  return addDays(from, keepsOf(subject).days[storage]);
}

/**
 * The best-before day after the item moves from one place to another on `today`: into the freezer it keeps as
 * long as frozen food does from today (never less than before); out of it, as long as the new place allows
 * from today (never more than before the move counted).
 */
export function bestBeforeAfterMove(subject: ShelfLifeSubject, item: { storage: Storage; bestBefore: string }, to: Storage, today: string): string {
  if (to === item.storage) return item.bestBefore;
  const there = estimateBestBefore(subject, to, today);
  if (to === "freezer") return there > item.bestBefore ? there : item.bestBefore;
  if (item.storage === "freezer") return there;
  return there < item.bestBefore ? there : item.bestBefore;
}
