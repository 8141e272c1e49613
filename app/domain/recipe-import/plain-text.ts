/**
 * A recipe pasted as text on /import: its first line is the title, then come the ingredient lines, then the steps.
 * Where the ingredients end is read from an "Ingredients"/"Method" heading when there is one, else from the first
 * blank line after them, else from the first line that does not start with an amount or a bullet. Ingredient lines
 * are read by the same line reader as every import (buildDraft → draftLines).
 */
import { buildDraft, type ParseResult, type RawEntry } from "./draft";
import { isHeadingLine } from "./ingredient-line";

const INGREDIENTS_HEADING = /^#*\s*(?:ingredients?|you(?:'|’)ll need|what you need)\s*:?$/i;
const STEPS_HEADING = /^#*\s*(?:directions?|instructions?|method|steps?|preparation|how to make it)\s*:?$/i;
const SERVINGS = /^(?:serves|servings|yield|makes)\s*:?\s*(.+)$/i;
const BULLET = /^\s*(?:[-*•·]|\d+[.)](?=\s))\s*/;
/** A line that starts as an ingredient line does: an amount, a fraction, or a bullet. */
const LOOKS_LIKE_INGREDIENT = /^\s*(?:[-*•·]\s|\d|[½⅓⅔¼¾⅛]|a |an |one |two |pinch )/i;

export const MAX_PASTED_TEXT = 50_000;

export function fromPlainText(text: string): ParseResult {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .slice(0, MAX_PASTED_TEXT)
    .split("\n")
    .map((line) => line.trim());
  const start = lines.findIndex(Boolean);
  if (start < 0) return { ok: false, reason: "no recipe name" };
  const name = lines[start].replace(/^#+\s*/, "");
  let yields: string | undefined;
  const rest = lines.slice(start + 1).filter((line) => {
    const servings = line.match(SERVINGS);
    if (servings) yields = servings[1];
    return !servings && !INGREDIENTS_HEADING.test(line);
  });
  const stepsHeading = rest.findIndex((line) => STEPS_HEADING.test(line));
  let ingredientPart: string[];
  let stepPart: string[];
  if (stepsHeading >= 0) {
    ingredientPart = rest.slice(0, stepsHeading);
    stepPart = rest.slice(stepsHeading + 1);
  } else {
    const first = rest.findIndex(Boolean);
    const blank = rest.indexOf("", first);
    const lastIngredient = rest.findIndex(
      (line, index) => index > first && line && !LOOKS_LIKE_INGREDIENT.test(line) && !isHeadingLine(line)
    );
    const end = blank >= 0 && rest.slice(blank).some(Boolean) ? blank : lastIngredient;
    ingredientPart = end < 0 ? rest : rest.slice(0, end);
    stepPart = end < 0 ? [] : rest.slice(end);
  }
  const entries = (part: string[]): RawEntry[] => part.filter(Boolean).map((line) => line.replace(BULLET, ""));
  return buildDraft({ name, yields, ingredientLines: entries(ingredientPart), steps: entries(stepPart) });
}
