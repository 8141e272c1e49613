/** A text field people type for others to read, checked with zod. */
import * as z from "zod";
import { emptyOrVisible, stripBidiControls } from "./text-safety";

/** Required text: bidi controls stripped, trimmed, showing something (not blank) and at most `maxLength` characters. */
export function requiredTextField(messages: { blank: string; tooLong: string }, maxLength: number) {
  return z
    .string({ error: messages.blank })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, messages.blank)
    .refine(emptyOrVisible, messages.blank)
    .max(maxLength, messages.tooLong);
}
