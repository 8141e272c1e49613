/** The RecipeDraft every import parser produces, built and checked in one place. */
import type { Catalogue } from "../catalogue";
import { getCatalogue } from "../catalogue-data";
import type { RecipeDraft } from "../recipe-analysis";
import { cleanText, cuisinesOf, durationMinutes, occasionsOf, servingsOf } from "./fields";
import { draftLines, isHeadingLine } from "./ingredient-line";

export type ParseResult = { ok: true; draft: RecipeDraft } | { ok: false; reason: string };

/** An ingredient line or step as read, or the heading of the group that the entries after it belong to. */
export type RawEntry = string | { heading: string };

/** A recipe as read from a source, before conversion: values straight from the page or file. */
export interface RawRecipe {
  name: unknown;
  description?: unknown;
  /** cuisine tags as the source writes them ("Thai", "Greek, Vegan") */
  cuisines?: unknown;
  /** categories and keywords ("Dessert", "Main Course") */
  occasions?: unknown;
  prepTime?: unknown;
  cookingTime?: unknown;
  totalTime?: unknown;
  yields?: unknown;
  ingredientLines: RawEntry[];
  steps: RawEntry[];
  tips?: string[];
  image?: unknown;
  sourceUrl?: unknown;
}

const MAX_NAME_LENGTH = 200;
/**
 * Bounds on what a page may hand the parser, checked before any line is parsed: a page of 20,000 ingredient
 * lines blocked the server for 11 s. Well above any real recipe; the stored recipe has tighter limits of its own.
 */
export const MAX_PARSED_LINES = 200;
export const MAX_PARSED_LINE_LENGTH = 2_000;

/** Why the page's lists are too big to parse, or null. */
function oversized(raw: RawRecipe): string | null {
  for (const [what, list] of [
    ["ingredient lines", raw.ingredientLines],
    ["steps", raw.steps],
    ["tips", raw.tips ?? []],
  ] as const) {
    if (list.length > MAX_PARSED_LINES) return `more than ${MAX_PARSED_LINES} ${what}`;
    if (list.some((line) => String(line).length > MAX_PARSED_LINE_LENGTH)) {
      return `${what} longer than ${MAX_PARSED_LINE_LENGTH} characters`;
    }
  }
  return null;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A step section that holds notes, not steps. */
export const NOTES_SECTION =
  /^(?:notes?|tips?|tipps?|hinweise?|anmerkungen?|uwagi|uwaga|astuces?|remarques?|nota|notas|opmerkingen?|consejos?|dicas?|suggerimenti|vinkit|tips och trix)$/i;

/**
 * Steps as text, with the heading each one stands under (null before the first heading); the lines under a heading
 * that says they are notes ("Uwaga:", "Notes") are tips.
 */
function sectionedSteps(entries: readonly RawEntry[]): {
  steps: string[];
  stepSections: (string | null)[];
  notes: string[];
} {
  const steps: string[] = [];
  const stepSections: (string | null)[] = [];
  const notes: string[] = [];
  let section: string | null = null;
  for (const entry of entries) {
    const text = cleanText(typeof entry === "string" ? entry : entry.heading);
    // a heading without text ends the section before it (a HowToSection's last step)
    if (typeof entry !== "string" && !text) section = null;
    if (!text) continue;
    if (typeof entry !== "string" || isHeadingLine(text)) section = text.replace(/:$/, "");
    else if (section !== null && NOTES_SECTION.test(section)) notes.push(text);
    else {
      steps.push(text);
      stepSections.push(section);
    }
  }
  return { steps, stepSections, notes };
}

export function buildDraft(raw: RawRecipe, catalogue: Catalogue = getCatalogue()): ParseResult {
  const name = cleanText(raw.name);
  if (!name) return { ok: false, reason: "no recipe name" };
  if (name.length > MAX_NAME_LENGTH)
    return { ok: false, reason: `recipe name longer than ${MAX_NAME_LENGTH} characters` };
  const tooBig = oversized(raw);
  if (tooBig) return { ok: false, reason: tooBig };
  const ingredients = draftLines(raw.ingredientLines, catalogue);
  if (ingredients.length === 0) return { ok: false, reason: "no ingredient lines" };
  const { steps, stepSections, notes } = sectionedSteps(raw.steps);
  if (steps.length === 0) return { ok: false, reason: "no directions" };

  const prepTime = durationMinutes(raw.prepTime);
  const givenTotal = durationMinutes(raw.totalTime);
  const givenCook = durationMinutes(raw.cookingTime);
  const cookingTime = givenCook ?? (givenTotal !== null ? Math.max(givenTotal - (prepTime ?? 0), 0) || null : null);
  // kept only when it says more than prep + cook (resting, chilling, rising)
  const totalTime = givenTotal !== null && givenTotal !== (prepTime ?? 0) + (cookingTime ?? 0) ? givenTotal : null;
  const description = cleanText(raw.description);
  return {
    ok: true,
    draft: {
      name,
      ...(description ? { description } : {}),
      cuisines: cuisinesOf(raw.cuisines),
      occasions: occasionsOf(raw.occasions),
      prepTime,
      cookingTime,
      totalTime,
      servings: servingsOf(raw.yields),
      ingredients,
      steps,
      ...(stepSections.some(Boolean) ? { stepSections } : {}),
      tips: [...(raw.tips ?? []), ...notes].map(cleanText).filter(Boolean),
      image: httpUrl(raw.image),
      origin: "imported",
      sourceUrl: httpUrl(raw.sourceUrl),
    },
  };
}
