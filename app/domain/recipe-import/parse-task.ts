/**
 * What the import's worker thread is asked to read (app/services/import-parser.server.ts). Each kind of task is read
 * here, inside the worker and its limits; formats that hold several recipes (other apps' exports, archives) are to be
 * added as kinds of their own.
 */
import type { ParseResult } from "./draft";
import { parseRecipeDocument, type SourceFormat } from "./source-format";

export type ParseTask = { kind: "document"; text: string; format: SourceFormat };

export function readParseTask(task: ParseTask): ParseResult {
  switch (task.kind) {
    case "document":
      return parseRecipeDocument(task.text, task.format);
  }
}
