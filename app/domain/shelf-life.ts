/**
 * How long food keeps and how many days an item has left. Figures come from the catalogue (each ingredient's
 * `shelfLife`, derived from USDA FoodKeeper: docs/data-sources.md); days are calendar days in UTC, so the
 * server and the browser count the same day.
 */

export const STORAGES = ["fridge", "freezer", "cupboard"] as const;
export type Storage = (typeof STORAGES)[number];

export function isStorage(value: unknown): value is Storage {
  return typeof value === "string" && (STORAGES as readonly string[]).includes(value);
}

/** Days an ingredient keeps in each place from the day it is bought, and where it is normally kept. */
export interface ShelfLife {
  fridge: number;
  freezer: number;
  cupboard: number;
  /** days once opened, where that differs from the closed pack (a carton of milk, a jar of pesto); else null */
  opened: number | null;
  /** where the ingredient is normally kept */
  storage: Storage;
}

/** Anything carrying catalogue shelf-life figures: a CatalogueIngredient is one. */
export interface ShelfLifeInfo {
  shelfLife: ShelfLife;
}

const DAY_MS = 86_400_000;

/** Where the ingredient is normally kept: what an item added without a place is assumed to be in. */
export function defaultStorage(info: ShelfLifeInfo): Storage {
  return info.shelfLife.storage;
}

/** Days the ingredient keeps in that place. */
export function shelfLifeDays(info: ShelfLifeInfo, storage: Storage): number {
  return info.shelfLife[storage];
}

/** Midnight UTC of the date's UTC calendar day. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(startOfDay(date).getTime() + days * DAY_MS);
}

/** The day an item added on `addedAt` and kept in `storage` is best used by. */
export function estimateBestBefore(info: ShelfLifeInfo, storage: Storage, addedAt: Date): Date {
  return addDays(addedAt, shelfLifeDays(info, storage));
}

/** Whole days from today to the best-before day: 0 on the day itself, negative once past. */
export function daysLeft(bestBefore: Date, today: Date): number {
  return Math.round((startOfDay(bestBefore).getTime() - startOfDay(today).getTime()) / DAY_MS);
}

/** "use today", "1 day", "2 days", "expired 1 day ago", "expired 3 days ago". */
export function describeDaysLeft(days: number): string {
  if (days === 0) return "use today";
  const count = Math.abs(days);
  const unit = `${count} ${count === 1 ? "day" : "days"}`;
  return days > 0 ? unit : `expired ${unit} ago`;
}

/** "uses your chicken breast, 2 days left" (or "use today", "expired 1 day ago") for the most urgent item. */
export function usesReason(uses: readonly { name: string; daysLeft: number }[]): string | null {
  const [first] = uses;
  if (!first) return null;
  const when = describeDaysLeft(first.daysLeft);
  return `uses your ${first.name}, ${first.daysLeft > 0 ? `${when} left` : when}`;
}

export interface StorageMove {
  from: Storage;
  to: Storage;
  bestBefore: Date;
  today: Date;
}

/**
 * The best-before day after an item moves place. Freezing stops the clock: an item still good goes into
 * the freezer with the freezer's time from today. Leaving the freezer, it thaws and keeps as long as fresh
 * food does in its new place. Between fridge and cupboard the date only ever moves earlier (a yoghurt left
 * out does not gain days). Expired food stays expired wherever it goes.
 */
export function bestBeforeAfterMove(info: ShelfLifeInfo, move: StorageMove): Date {
  const { from, to, bestBefore, today } = move;
  if (from === to || daysLeft(bestBefore, today) < 0) return startOfDay(bestBefore);
  const fromToday = estimateBestBefore(info, to, today);
  if (to === "freezer" || from === "freezer") return fromToday;
  return fromToday < startOfDay(bestBefore) ? fromToday : startOfDay(bestBefore);
}

/** yyyy-mm-dd → that day (midnight UTC), or null when it is not a real calendar day ("2026-02-30"). */
export function parseIsoDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : null;
}
