/**
 * The axes of Home's monthly-meals chart. The y axis: the maximum steps through 5, 10 and 20, then rounds up
 * to a multiple of 10 up to 50 and of 20 beyond; 6 ticks, or 5 when the maximum is a multiple of 20, so that
 * every tick is a whole number of meals.
 */

export interface YAxis {
  max: number;
  /** tick values from 0 to max, evenly spaced */
  ticks: number[];
}

const FIXED_STEPS = [5, 10, 20];

/** The axis maximum for the largest monthly count. */
export function axisMax(largestCount: number): number {
  const fixed = FIXED_STEPS.find((step) => largestCount <= step);
  if (fixed !== undefined) return fixed;
  if (largestCount <= 50) return Math.ceil(largestCount / 10) * 10;
  return Math.ceil(largestCount / 20) * 20;
}

/** 5 ticks (quarters) when the maximum is a multiple of 20, else 6 (fifths). */
export function tickCount(max: number): 5 | 6 {
  return max % 20 === 0 ? 5 : 6;
}

export function yAxis(counts: readonly number[]): YAxis {
  const max = axisMax(Math.max(0, ...counts));
  const intervals = tickCount(max) - 1;
  return { max, ticks: Array.from({ length: intervals + 1 }, (_, index) => (max / intervals) * index) };
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The x-axis label of a "YYYY-MM" month: "Mar"; with the year ("Mar 2025") where the month stands alone. */
export function monthLabel(month: string, withYear = false): string {
  const [year, monthNumber] = month.split("-");
  const name = MONTH_NAMES[Number(monthNumber) - 1] ?? month;
  return withYear ? `${name} ${year}` : name;
}
