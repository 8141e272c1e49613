/** What reading another app's export gives: each recipe it holds, read or why not, with its photo when it has one. */
import type { ParseResult } from "../draft";

export interface ExportedRecipe {
  /** where the recipe came from, for the import report: "paprika.zip › Zucchinipuffer.paprikarecipe" */
  item: string;
  result: ParseResult;
  /** the photo's bytes from the archive, still to be checked and re-encoded like an upload */
  photo?: Uint8Array | null;
  /** the same title and source as a recipe before it in the file */
  duplicate?: boolean;
  /** the name of the recipe it repeats */
  duplicateOf?: string;
}

export type ExportReading = { ok: true; app: string; recipes: ExportedRecipe[] } | { ok: false; reason: string };

/** Texts of a list given as an array or as one newline-separated string. */
export function textLines(value: unknown): string[] {
  if (typeof value === "string")
    return value
      .split(/\r?\n|[\u2028\u2029]/)
      .map((line) => line.trim())
      .filter(Boolean);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (typeof item === "string" || typeof item === "number" ? textLines(String(item)) : []));
}

/** Tag names of a list of strings or of {name} objects, or of one comma-separated string. */
export function tagNames(value: unknown): string[] {
  if (typeof value === "string")
    return value
      .split(/[,;]/)
      .map((tag) => tag.trim())
      .filter(Boolean);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const name = typeof item === "object" && item !== null ? (item as { name?: unknown }).name : item;
    // "Course: Main" (Tandoor's keyword trees) says "Main"
    return typeof name === "string" ? tagNames(name.replace(/^[^:]{1,30}:\s*/, "")) : [];
  });
}

/** The folder of a path inside an export ("a/b/recipe.json" → "a/b/"). */
export const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
