/** Which parser reads a file or a fetched document, by its extension or content type. */
import { fromHtmlPage } from "./html-page";
import { fromJsonLdValue } from "./json-ld";
import { parseLenientJson } from "./lenient-json";
import type { ParseResult } from "./draft";
import { fromMarkdown } from "./markdown";
import { fromPlainText } from "./plain-text";
import { fromRecipeScrapers, isRecipeScrapersShape } from "./recipe-scrapers";

/** "text": a recipe pasted as plain text on /import */
export type SourceFormat = "json" | "html" | "markdown" | "text";

const FORMAT_OF_EXTENSION: Record<string, SourceFormat> = {
  ".json": "json",
  ".html": "html",
  ".htm": "html",
  ".md": "markdown",
  ".markdown": "markdown",
};

/**
 * Other apps' exports (decision 103): archives (Mealie, Tandoor, Nextcloud Cookbook, Copy Me That, Chowdown, Plan to
 * Eat), Paprika's files, CSV (Plan to Eat, My Recipe Box), and Cooklang. What a
 * file is, is told from its content; its name only has to be one a cook would pick.
 */
const EXPORT_EXTENSIONS = [".zip", ".paprikarecipes", ".paprikarecipe", ".csv", ".cook"];

/** The file name endings that can be imported, for a file input's accept list. */
export const IMPORTABLE_EXTENSIONS = [...Object.keys(FORMAT_OF_EXTENSION), ...EXPORT_EXTENSIONS];

export function isImportableFileName(fileName: string): boolean {
  const extension = fileName.toLowerCase().match(/\.[a-z]+$/)?.[0];
  return extension !== undefined && IMPORTABLE_EXTENSIONS.includes(extension);
}

export function formatOfFileName(fileName: string): SourceFormat | null {
  const extension = fileName.toLowerCase().match(/\.[a-z]+$/)?.[0];
  return (extension && FORMAT_OF_EXTENSION[extension]) || null;
}

export function formatOfContentType(contentType: string): SourceFormat | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "application/json" || type === "application/ld+json" || type.endsWith("+json")) return "json";
  return null;
}

/** Reads one document: JSON in the recipe-scrapers shape or JSON-LD, an HTML page, or markdown. */
export function parseRecipeDocument(text: string, format: SourceFormat): ParseResult {
  if (format === "markdown") return fromMarkdown(text);
  if (format === "text") return fromPlainText(text);
  if (format === "html") return fromHtmlPage(text);
  let json: unknown;
  try {
    json = parseLenientJson(text);
  } catch {
    return { ok: false, reason: "not valid JSON" };
  }
  return isRecipeScrapersShape(json) ? fromRecipeScrapers(json) : fromJsonLdValue(json);
}
