/** The import form's rules, for the action and the form's check; `maxFileBytes` is the importer's own limit. */
import * as z from "zod";
import { IMPORT_FILE_KIND, IMPORT_FILE_TOO_LARGE } from "./import-form";
import { isImportableFileName } from "./recipe-import";

export const importFormSchema = (maxFileBytes: number) =>
  z
    .object({
      url: z.url({ protocol: /^https?$/, error: "Enter a web address starting with http:// or https://" }).optional(),
      file: z
        .instanceof(File)
        .refine((file) => isImportableFileName(file.name), IMPORT_FILE_KIND)
        .refine((file) => file.size <= maxFileBytes, IMPORT_FILE_TOO_LARGE)
        .optional(),
      /** "Share with everyone": unticked, the recipes are the importer's alone */
      shared: z.literal("on").optional(),
    })
    .refine((value) => value.url || value.file, { error: "Enter a recipe URL or choose a file to import" })
    .refine((value) => !(value.url && value.file), { error: "Import either a URL or a file, not both" });
