/** schema.org Recipe in JSON-LD, inside an HTML page's <script type="application/ld+json"> or as a JSON file. */
import type { ParseResult } from "./draft";
import { decodeEntities } from "./fields";
import { parseLenientJson } from "./lenient-json";
import { fromRecipeNode, isObject, isRecipeType, type PageFallback, type RecipeNode } from "./recipe-node";

const SCRIPT_TAG = /<script\b[^<>]*>/gi;
const LD_TYPE = /\btype\s*=\s*["']?application\/ld\+json/i;
const MAX_SEARCH_DEPTH = 12;
/** Scripts looked at on one page; pages carry a handful. */
const MAX_SCRIPTS = 50;

export const NO_JSON_LD = "no JSON-LD found";

function isRecipe(node: RecipeNode): boolean {
  const type = node["@type"];
  return (Array.isArray(type) ? type : [type]).some((item) => typeof item === "string" && isRecipeType(item));
}

/** The first Recipe node in a JSON-LD document: top level, in an array, in @graph, or nested (mainEntity). */
export function findRecipe(value: unknown): RecipeNode | null {
  return findRecipes(value, [])[0] ?? null;
}

/** A script's JSON: strict first, then read leniently (raw line breaks in strings, trailing commas). */
function parseScript(source: string, escaped = false): unknown[] {
  const text = source
    .trim()
    .replace(/^<!\[CDATA\[|\]\]>$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .replace(/^<!--|-->$/g, "");
  try {
    return [JSON.parse(text)];
  } catch {
    try {
      return [parseLenientJson(text)];
    } catch {
      // a script whose JSON the page escaped as HTML ({&quot;@type&quot;: &quot;Recipe&quot;})
      return !escaped && text.includes("&quot;") ? parseScript(decodeEntities(text), true) : [];
    }
  }
}

/** Where the text of each of the page's JSON-LD scripts starts and ends (an unclosed one ends the search). */
export function jsonLdScriptSpans(html: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const lower = html.toLowerCase();
  // found with indexOf, not a lazy pattern, so an unclosed script costs one scan, not one per script
  for (const tag of html.matchAll(SCRIPT_TAG)) {
    if (!LD_TYPE.test(tag[0]) || tag.index < (spans.at(-1)?.end ?? 0)) continue;
    const start = tag.index + tag[0].length;
    const end = lower.indexOf("</script", start);
    if (end < 0 || spans.length >= MAX_SCRIPTS) break;
    spans.push({ start, end });
  }
  return spans;
}

function jsonDocuments(text: string): { scripts: number; documents: unknown[] } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return { scripts: 1, documents: parseScript(trimmed) };
  const sources = jsonLdScriptSpans(text).map(({ start, end }) => text.slice(start, end));
  return { scripts: sources.length, documents: sources.flatMap((source) => parseScript(source)) };
}

/** Recipe nodes looked at on one page: a page may carry a teaser before the recipe, rarely more. */
const MAX_RECIPES = 10;

/** Every Recipe node of a JSON-LD document, in document order (a recipe's own nested nodes not looked into). */
export function findRecipes(value: unknown, out: RecipeNode[], depth = 0): RecipeNode[] {
  if (depth > MAX_SEARCH_DEPTH || out.length >= MAX_RECIPES) return out;
  if (Array.isArray(value)) for (const item of value) findRecipes(item, out, depth + 1);
  else if (isObject(value)) {
    if (isRecipe(value)) out.push(value);
    else for (const child of Object.values(value)) if (typeof child === "object") findRecipes(child, out, depth + 1);
  }
  return out;
}

/** What JSON-LD says about a page: its Recipe nodes in document order, or why there is none. */
export function jsonLdRecipes(htmlOrJson: string): { recipes: RecipeNode[] } | { reason: string } {
  const { scripts, documents } = jsonDocuments(htmlOrJson);
  if (scripts === 0) return { reason: NO_JSON_LD };
  const recipes = documents.flatMap((document) => findRecipes(document, [])).slice(0, MAX_RECIPES);
  if (recipes.length > 0) return { recipes };
  return { reason: documents.length === 0 ? "the JSON-LD could not be read" : "no schema.org Recipe in the JSON-LD" };
}

/**
 * The first of a page's Recipes that imports (a teaser or an empty Recipe may come before the real one), else why
 * the first does not.
 */
export function firstImporting(recipes: RecipeNode[], page?: PageFallback): ParseResult {
  let first: ParseResult | null = null;
  for (const recipe of recipes) {
    const result = fromRecipeNode(recipe, page);
    if (result.ok) return result;
    first ??= result;
  }
  return first ?? { ok: false, reason: "no schema.org Recipe in the JSON-LD" };
}

/** A JSON document already read: its first Recipe node that imports. */
export function fromJsonLdValue(json: unknown): ParseResult {
  return firstImporting(findRecipes(json, []));
}

export function fromJsonLd(htmlOrJson: string): ParseResult {
  const found = jsonLdRecipes(htmlOrJson);
  return "recipes" in found ? firstImporting(found.recipes) : { ok: false, reason: found.reason };
}
