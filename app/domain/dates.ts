/** dd/mm/yyyy, from the date's UTC calendar day so the server and the browser show the same day. */
export function formatDayMonthYear(date: Date | string): string {
  const day = new Date(date);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(day.getUTCDate())}/${two(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`;
}

/** yyyy-mm-dd, the value of a date input and of the JSON calls. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
