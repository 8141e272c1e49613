/**
 * The recipe screen's lines and steps under their headings ("For the sauce"), apart from menu-detail.ts so that
 * the screen's browser code does not carry the grids' rules, which only its server uses.
 */

/** Runs of items under one heading, in order; each item keeps its index in the whole list. */
export function sectionRuns<T>(
  items: readonly T[],
  sectionOf: (item: T, index: number) => string | null
): { heading: string | null; items: { item: T; index: number }[] }[] {
  const runs: { heading: string | null; items: { item: T; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const heading = sectionOf(item, index);
    const last = runs[runs.length - 1];
    if (last && last.heading === heading) last.items.push({ item, index });
    else runs.push({ heading, items: [{ item, index }] });
  });
  return runs;
}
