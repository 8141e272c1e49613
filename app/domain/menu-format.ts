/** How a menu's fields read on screen. */

/** A prep or cooking time: "25 min", or 'N/A' when the recipe does not say. */
export function formatMinutes(minutes: number | null | undefined): string {
  return typeof minutes === "number" && Number.isFinite(minutes) && minutes >= 0 ? `${Math.round(minutes)} min` : "N/A";
}
