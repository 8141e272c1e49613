/** The import form's rules, for the action and the form's check; `maxFileBytes` is the importer's own limit. */
import * as z from "zod";
import { IMPORT_FILE_KIND, IMPORT_FILE_TOO_LARGE } from "./import-form";
import { isImportableFileName } from "./recipe-import";
import { MAX_PASTED_TEXT } from "./recipe-import/plain-text";

export const importFormSchema = (maxFileBytes: number) =>
  z
    .object({
      url: z.url({ protocol: /^https?$/, error: "Enter a web address starting with http:// or https://" }).optional(),
      file: z
        .instanceof(File)
        .refine((file) => isImportableFileName(file.name), IMPORT_FILE_KIND)
        .refine((file) => file.size <= maxFileBytes, IMPORT_FILE_TOO_LARGE)
        .optional(),
      /** a recipe pasted as text: title line, ingredient lines, steps */
      text: z.string().trim().max(MAX_PASTED_TEXT, "Paste at most 50,000 characters").optional(),
      /** "Share with everyone": unticked, the recipes are the importer's alone */
      shared: z.literal("on").optional(),
    })
    .refine((value) => value.url || value.file || value.text, {
      error: "Enter a recipe URL, choose a file or paste a recipe to import",
    })
    .refine((value) => [value.url, value.file, value.text].filter(Boolean).length <= 1, {
      error: "Import a URL, a file or a pasted recipe, one at a time",
    });
