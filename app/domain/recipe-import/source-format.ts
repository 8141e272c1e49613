/** Which parser reads a file or a fetched document, by its extension or content type. */
import { fromJsonLd } from "./json-ld";
import type { ParseResult } from "./draft";
import { fromMarkdown } from "./markdown";
import { fromRecipeScrapers, isRecipeScrapersShape } from "./recipe-scrapers";

export type SourceFormat = "json" | "html" | "markdown";

export const IMPORTABLE_EXTENSIONS = [".json", ".html", ".htm", ".md"] as const;

export function formatOfFileName(fileName: string): SourceFormat | null {
  const extension = fileName.toLowerCase().match(/\.[a-z]+$/)?.[0];
  if (extension === ".json") return "json";
  if (extension === ".html" || extension === ".htm") return "html";
  if (extension === ".md" || extension === ".markdown") return "markdown";
  return null;
}

export function formatOfContentType(contentType: string): SourceFormat | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "text/html" || type === "application/xhtml+xml") return "html";
  if (type === "application/json" || type === "application/ld+json" || type.endsWith("+json")) return "json";
  return null;
}

/** Reads one document: JSON in the recipe-scrapers shape or JSON-LD, an HTML page's JSON-LD, or markdown. */
export function parseRecipeDocument(text: string, format: SourceFormat): ParseResult {
  if (format === "markdown") return fromMarkdown(text);
  if (format === "html") return fromJsonLd(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "not valid JSON" };
  }
  return isRecipeScrapersShape(json) ? fromRecipeScrapers(json) : fromJsonLd(text);
}
