/**
 * What the import's worker thread is asked to read (app/services/import-parser.server.ts). Each kind of task is read
 * here, inside the worker and its limits: a document (a page, a recipe file) or a file that may be an archive or
 * another app's export holding many recipes (decision 103).
 */
import { readExportFile, type ExportReading } from "./apps/export-file";
import type { ParseResult } from "./draft";
import { parseRecipeDocument, type SourceFormat } from "./source-format";

export type ParseTask =
  | { kind: "document"; text: string; format: SourceFormat }
  | { kind: "file"; name: string; bytes: Uint8Array };

/** What a task gives: a document's recipe, or every recipe of a file. */
export type ParseOutcome<Task extends ParseTask> = Task extends { kind: "file" } ? ExportReading : ParseResult;

export function readParseTask(task: ParseTask): ParseResult | ExportReading {
  switch (task.kind) {
    case "document":
      return parseRecipeDocument(task.text, task.format);
    case "file":
      return readExportFile(task.name, task.bytes);
  }
}
