/**
 * A form's check for the browser, made from the zod schema the server parses the same form with: the errors by
 * field name, or null when the form is right. Only the modules a screen loads with import() once its form is
 * there (`*-check.ts`, for `useLazyFormCheck`) use it, so that zod is no part of a screen's first load.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";

export const errorsWith = (schema: z.ZodType) => (formData: FormData) => {
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? null : submission.error;
};
