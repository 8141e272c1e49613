/** schema.org Recipe in JSON-LD, inside an HTML page's <script type="application/ld+json"> or as a JSON file. */
import { buildDraft, type ParseResult } from "./draft";

type JsonObject = Record<string, unknown>;

const LD_TYPE = /\btype\s*=\s*["']?application\/ld\+json\b/i;

/**
 * The contents of the page's <script type="application/ld+json"> elements. Found by searching for the tags in
 * turn (each character is looked at a bounded number of times), not by one pattern over the page, which
 * backtracks on pages of many unclosed tags.
 */
function ldScripts(html: string): string[] {
  const open = /<script\b/gi;
  const close = /<\/script\s*>/gi;
  const found: string[] = [];
  for (let start = open.exec(html); start; start = open.exec(html)) {
    const tagEnd = html.indexOf(">", start.index);
    if (tagEnd === -1) break;
    close.lastIndex = tagEnd;
    const end = close.exec(html);
    if (!end) break;
    if (LD_TYPE.test(html.slice(start.index, tagEnd))) found.push(html.slice(tagEnd + 1, end.index));
    open.lastIndex = close.lastIndex;
  }
  return found;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRecipe(node: JsonObject): boolean {
  const type = node["@type"];
  return (Array.isArray(type) ? type : [type]).some((item) => typeof item === "string" && /(^|[/:])Recipe$/.test(item));
}

/** The first Recipe node in a JSON-LD document: top level, in an array, in @graph, or nested (mainEntity). */
function findRecipe(value: unknown, depth = 0): JsonObject | null {
  if (depth > 8) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findRecipe(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (isRecipe(value)) return value;
  for (const child of Object.values(value)) {
    if (typeof child === "object") {
      const found = findRecipe(child, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

function jsonDocuments(text: string): unknown[] {
  const trimmed = text.trim();
  const sources = trimmed.startsWith("{") || trimmed.startsWith("[") ? [trimmed] : ldScripts(text);
  return sources.flatMap((source) => {
    try {
      return [JSON.parse(source.trim().replace(/^<!\[CDATA\[|\]\]>$/g, ""))];
    } catch {
      return [];
    }
  });
}

function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  return [];
}

/** recipeInstructions: text, a list of texts, HowToStep objects, or HowToSection objects holding steps. */
function instructionSteps(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\n+|<\/p>|<br\s*\/?>/i);
  if (Array.isArray(value)) return value.flatMap(instructionSteps);
  if (!isObject(value)) return [];
  if (value.itemListElement !== undefined) return instructionSteps(value.itemListElement);
  return textsOf(value.text ?? value.name);
}

function imageUrl(value: unknown): unknown {
  if (Array.isArray(value)) return imageUrl(value[0]);
  if (isObject(value)) return value.url ?? value.contentUrl;
  return value;
}

export function fromJsonLd(htmlOrJson: string): ParseResult {
  const documents = jsonDocuments(htmlOrJson);
  if (documents.length === 0) return { ok: false, reason: "no JSON-LD found" };
  const recipe = documents.map((document) => findRecipe(document)).find((found) => found !== null);
  if (!recipe) return { ok: false, reason: "no schema.org Recipe in the JSON-LD" };
  return buildDraft({
    name: recipe.name,
    description: recipe.description,
    cuisines: recipe.recipeCuisine,
    occasions: [...textsOf(recipe.recipeCategory), ...textsOf(recipe.keywords)],
    prepTime: recipe.prepTime,
    cookingTime: recipe.cookTime,
    totalTime: recipe.totalTime,
    yields: recipe.recipeYield,
    ingredientLines: textsOf(recipe.recipeIngredient ?? recipe.ingredients),
    steps: instructionSteps(recipe.recipeInstructions),
    image: imageUrl(recipe.image),
    sourceUrl: recipe.url,
  });
}
