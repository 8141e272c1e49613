/**
 * A schema.org Recipe that a page carries only inside its JavaScript data: the JSON-LD a Next.js page streams
 * as a string (`self.__next_f.push([1,"{\"@type\":\"Recipe\",...}"])`), or a Recipe object in
 * `window.__INITIAL_STATE__ = {...}` or a `__NEXT_DATA__` script. Read after the page's own JSON-LD and microdata.
 * Every scan is bounded: a few candidates, a few levels of string escaping, a window back to the object's start.
 */
import { parseLenientJson } from "./lenient-json";
import { findRecipe, jsonLdScriptSpans } from "./json-ld";
import { isObject, type RecipeNode } from "./recipe-node";

/** `"@type": "Recipe"` (or `["Recipe", ...]`), as written at the top level of some script's text. */
const RECIPE_TYPE = /"@type"\s*:\s*(?:\[\s*)?"(?:schema:|https?:\/\/schema\.org\/)?Recipe"/g;
/** The same inside a string literal: `\"@type\":\"Recipe\"` (one backslash matched first: no backtracking on a run). */
const ESCAPED_RECIPE_TYPE = /\\"@type\\+"\s*:\s*(?:\[\s*)?\\+"(?:schema:)?Recipe\\+"/g;
const MAX_CANDIDATES = 5;
/** How far back from `"@type"` the object's `{` is looked for: a Recipe's fields before its type. */
const MAX_LOOK_BACK = 200_000;
/** How long a string literal holding JSON may be. */
const MAX_LITERAL = 2_000_000;
const MAX_LEVELS = 3;

/** The `{` that opens the object around `at`: braces counted back (strings aside: recipe text rarely has braces). */
function objectStart(text: string, at: number): number {
  let depth = 0;
  for (let index = at; index >= 0 && at - index <= MAX_LOOK_BACK; index--) {
    const char = text[index];
    if (char === "}") depth++;
    else if (char === "{") {
      if (depth === 0) return index;
      depth--;
    }
  }
  return -1;
}

const escapedQuote = (text: string, at: number): boolean => {
  let slashes = 0;
  for (let index = at - 1; index >= 0 && text[index] === "\\"; index--) slashes++;
  return slashes % 2 === 1;
};

/** The text of the string literal (between unescaped quotes) that holds position `at`, decoded; null if none. */
function enclosingLiteral(text: string, at: number): string | null {
  let start = at;
  while (start >= 0 && at - start <= MAX_LITERAL && !(text[start] === '"' && !escapedQuote(text, start))) start--;
  let end = at;
  while (end < text.length && end - at <= MAX_LITERAL && !(text[end] === '"' && !escapedQuote(text, end))) end++;
  if (start < 0 || end >= text.length || text[start] !== '"' || text[end] !== '"') return null;
  const body = text.slice(start + 1, end);
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    // a JavaScript literal may escape what JSON does not: \' and \xHH
    try {
      return JSON.parse(`"${body.replace(/\\'/g, "'").replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1")}"`) as string;
    } catch {
      return null;
    }
  }
}

/**
 * The first value that `read` makes a recipe of: a JSON object around a match of `key` in `text`, else one inside a
 * string literal around a match of `escapedKey` (the same key escaped once more), down to MAX_LEVELS of escaping.
 */
function firstRecipeAround(
  text: string,
  key: RegExp,
  escapedKey: RegExp,
  read: (value: unknown) => RecipeNode | null,
  level = 0
): RecipeNode | null {
  let candidates = 0;
  for (const match of text.matchAll(key)) {
    if (++candidates > MAX_CANDIDATES) break;
    const start = objectStart(text, match.index);
    if (start < 0) continue;
    try {
      const found = read(parseLenientJson(text.slice(start), { trailing: true }));
      if (found) return found;
    } catch {
      // not JSON there (a script's code around the words): the next candidate
    }
  }
  if (level >= MAX_LEVELS) return null;
  candidates = 0;
  for (const match of text.matchAll(escapedKey)) {
    if (++candidates > MAX_CANDIDATES) break;
    const literal = enclosingLiteral(text, match.index);
    const found = literal === null ? null : firstRecipeAround(literal, key, escapedKey, read, level + 1);
    if (found) return found;
  }
  return null;
}

/** The page without its JSON-LD scripts' text. */
function withoutJsonLd(html: string): string {
  let kept = "";
  let from = 0;
  for (const { start, end } of jsonLdScriptSpans(html)) {
    kept += html.slice(from, start);
    from = end;
  }
  return kept + html.slice(from);
}

/** The first Recipe object in the page's scripts other than JSON-LD (the JSON-LD's own is no other reading), or null. */
export function embeddedRecipe(html: string): RecipeNode | null {
  return firstRecipeAround(withoutJsonLd(html), RECIPE_TYPE, ESCAPED_RECIPE_TYPE, findRecipe);
}

/** A key that holds a recipe's ingredients in an app's own data (as a list in its text), and one that holds its steps. */
const INGREDIENTS = String.raw`(?:recipe)?ingredients`;
const INGREDIENTS_KEY = new RegExp(`^${INGREDIENTS}$`, "i");
const INGREDIENTS_LIST = new RegExp(String.raw`"${INGREDIENTS}"\s*:\s*\[`, "gi");
const ESCAPED_INGREDIENTS_LIST = new RegExp(String.raw`\\"${INGREDIENTS}\\+"\s*:\s*\[`, "gi");
const STEPS_KEY =
  /^(?:recipe)?(?:instructions|steps|directions|method|preparation|preparationinstructions|preparationsteps|cookingsteps)$/i;
const NAME_KEY = /^(?:name|title|headline)$/i;
const QUANTITY_KEY = /^(?:display)?(?:ingredient)?(?:quantity|amount)$/i;
const UNIT_KEY = /^(?:display)?unit(?:ofmeasurement|ofmeasure)?$/i;
const TEXT_KEY = /^(?:text|body|description|instruction|content|step)$/i;

/** The value of an object's first key that `key` matches (the apps' keys vary in case and words). */
function field(object: Record<string, unknown>, key: RegExp): unknown {
  const name = Object.keys(object).find((candidate) => key.test(candidate));
  return name === undefined ? undefined : object[name];
}

/** A text said by a value: a string, a number, or an object's name ("unit": {"name": "g"}). */
function said(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return isObject(value) ? said(field(value, /^(?:name|abbreviation|text)$/i)) : "";
}

/** An app's ingredient item as a line: "3 Stk. Pak Choi" from `{name, quantity, unit}`, or the item's text. */
function ingredientLine(item: unknown): string {
  if (!isObject(item)) return said(item);
  const pick = (key: RegExp) => said(field(item, key));
  const name = pick(NAME_KEY) || pick(/^ingredient$/i);
  return [pick(QUANTITY_KEY), pick(UNIT_KEY), name].filter(Boolean).join(" ");
}

/** An app's step item as text: a string, or the text an object holds under "text", "body", "description"... */
function stepText(item: unknown): string {
  return said(isObject(item) ? field(item, TEXT_KEY) : item);
}

/**
 * A recipe as an app's own data holds it (a Next.js or Nuxt page's state, no schema.org type): an object with an
 * `ingredients` list and a `steps` / `instructions` / `preparationInstructions` list beside it, read as a Recipe.
 */
function appRecipeOf(object: unknown): RecipeNode | null {
  if (!isObject(object)) return null;
  const value = (key: RegExp) => field(object, key);
  const ingredients = value(INGREDIENTS_KEY);
  const steps = value(STEPS_KEY);
  if (!Array.isArray(ingredients) || !Array.isArray(steps)) return null;
  const lines = ingredients.map(ingredientLine).filter(Boolean);
  const texts = steps.map(stepText).filter(Boolean);
  if (lines.length === 0 || texts.length === 0) return null;
  return {
    "@type": "Recipe",
    name: value(NAME_KEY),
    recipeIngredient: lines,
    recipeInstructions: texts,
    // times in minutes ("preparationTimeInMinutes": 25) or as ISO durations, the servings as a number
    prepTime: value(/^prep(?:aration)?time(?:inminutes)?$/i),
    cookTime: value(/^cook(?:ing)?time(?:inminutes)?$/i),
    totalTime: value(/^totaltime(?:inminutes)?$/i),
    recipeYield: value(/^(?:servings|portions|serves|yields?|numberofservings)$/i),
  };
}

/** A recipe in the app data of the page's scripts, with no schema.org type: read when nothing else gives one. */
export function appStateRecipe(html: string): RecipeNode | null {
  return firstRecipeAround(withoutJsonLd(html), INGREDIENTS_LIST, ESCAPED_INGREDIENTS_LIST, appRecipeOf);
}
