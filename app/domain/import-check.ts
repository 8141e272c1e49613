/** The import form's check, fetched by the browser once the import screen is up, with the server's file limit. */
import { errorsWith } from "./form-check";
import { importFormSchema } from "./import-form-schema";

export const importErrorsWithin = (maxFileBytes: number) => errorsWith(importFormSchema(maxFileBytes));
