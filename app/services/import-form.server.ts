/** The import screen's post, parsed here so that the screen's module carries no zod. */
import { parseWithZod } from "@conform-to/zod/v4";
import { importFormSchema } from "~/domain/import-form-schema";
import { MAX_UPLOAD_BYTES } from "~/services/recipe-import.server";

const ImportFormSchema = importFormSchema(MAX_UPLOAD_BYTES);

export const parseImportForm = (formData: FormData) => parseWithZod(formData, { schema: ImportFormSchema });

/** conform's reply for a post refused before it could be read (too large, a broken body). */
export const refusedImport = (message: string) =>
  parseWithZod(new FormData(), { schema: ImportFormSchema }).reply({ formErrors: [message] });
