/**
 * My recipes (/my-recipes): the recipes a cook imported or added, as the list and the edit form show them. The form
 * writes ingredient lines and steps one a line, a line ending with a colon ("For the sauce:") starting a section;
 * the lines are read back by the importers' line reader (draftLines), so an edit reads a line as an import does.
 */
import type { Catalogue } from "./catalogue";
import type { RecipeDraftLine } from "./recipe-analysis";
import { MY_RECIPES_PAGE_SIZE } from "./my-recipe-messages";
import { draftLines, isHeadingLine } from "./recipe-import/ingredient-line";

/** The text a search compares: without case and accents ("Crème" finds "creme"). */
export function searchKey(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en").trim();
}

/** The recipes whose name holds the search (all of them for an empty one), in the order given. */
export function matchingName<Item extends { name: string }>(items: readonly Item[], search: string): Item[] {
  const key = searchKey(search);
  return key ? items.filter((item) => searchKey(item.name).includes(key)) : [...items];
}

/** The page asked for (from 1, a bad or missing one is the first; past the last, the last) of `total` items. */
export function pageOf(asked: string | null, total: number, pageSize = MY_RECIPES_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = asked && /^\d{1,6}$/.test(asked) ? Number(asked) : 1;
  const page = Math.min(Math.max(1, number), pages);
  return { page, pages, start: (page - 1) * pageSize, end: page * pageSize };
}

interface StoredLine {
  name: string;
  quantity: string;
  section: string | null;
}

/** Lines of text with a "Section:" line where the section changes. */
function withSections(entries: readonly { text: string; section: string | null }[]): string {
  const out: string[] = [];
  let section: string | null = null;
  for (const entry of entries) {
    if (entry.section && entry.section !== section) out.push(`${entry.section}:`);
    section = entry.section;
    out.push(entry.text);
  }
  return out.join("\n");
}

/** A stored ingredient line as the cook would write it: "2 cloves garlic, smashed" (the note after a comma). */
function lineText({ name, quantity }: StoredLine): string {
  const [amount, ...note] = quantity.split(", ");
  return [amount, name].filter(Boolean).join(" ") + (note.length ? `, ${note.join(", ")}` : "");
}

/** The ingredient lines as the edit form shows them. */
export function ingredientsText(lines: readonly StoredLine[]): string {
  return withSections(lines.map((line) => ({ text: lineText(line), section: line.section })));
}

/** The steps as the edit form shows them. */
export function stepsText(steps: readonly { text: string; section: string | null }[]): string {
  return withSections(steps);
}

const linesOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** A line of the form that names the section of the lines after it. */
const isSectionLine = (line: string) => line.endsWith(":") && isHeadingLine(line);

/** The ingredient lines of the form, each with its section. */
export function ingredientsFrom(text: string, catalogue: Catalogue): RecipeDraftLine[] {
  return draftLines(linesOf(text), catalogue);
}

/** The steps of the form and the section each stands under. */
export function stepsFrom(text: string): { steps: string[]; stepSections: (string | null)[] } {
  const steps: string[] = [];
  const stepSections: (string | null)[] = [];
  let section: string | null = null;
  for (const line of linesOf(text)) {
    if (isSectionLine(line)) section = line.slice(0, -1).trim();
    else {
      steps.push(line);
      stepSections.push(section);
    }
  }
  return { steps, stepSections };
}
