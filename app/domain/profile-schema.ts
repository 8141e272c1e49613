import * as z from "zod";
import { SignupSchema } from "~/domain/auth-schemas";
import { COUNTRIES } from "~/domain/countries";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from "~/domain/image-upload";

export { formatAllergies, PROFILE_MESSAGES } from "./profile-messages";

const MAX_ALLERGIES = 30;
const MAX_ALLERGY_LENGTH = 50;

/** Allergies as stored: trimmed, lowercased, blanks and repeats dropped. */
function normalizeAllergies(items: readonly string[]): string[] {
  return [...new Set(items.map((item) => item.trim().toLowerCase()).filter(Boolean))];
}

/** "Peanuts, , Shellfish " -> ["peanuts", "shellfish"] */
export function parseAllergies(text: string): string[] {
  return normalizeAllergies(text.split(","));
}

/** An optional picture field of a form (an empty file input counts as no picture). */
const optionalImageFile = z
  .instanceof(File, { error: NOT_AN_IMAGE })
  .refine((file) => file.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE)
  .optional();

const allergyList = z
  .array(z.string().max(MAX_ALLERGY_LENGTH, `Each allergy must not exceed ${MAX_ALLERGY_LENGTH} characters`))
  .max(MAX_ALLERGIES, `List at most ${MAX_ALLERGIES} allergies`);

/** A list of allergies sent in a JSON call (a guest's, for suggestions), normalised as stored. */
export const AllergyListSchema = allergyList.transform(normalizeAllergies);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** "5/3/1990" or "05/03/1990" (dd/mm/yyyy, as the screens show dates) -> "1990-03-05"; anything else unchanged. */
export function isoFromDayMonthYear(value: string): string {
  const match = DAY_MONTH_YEAR.exec(value);
  if (!match) return value;
  const [day, month, year] = match.slice(1);
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

const INVALID_BIRTH_DATE = "Please enter a valid birth date";

/** What is wrong with a yyyy-mm-dd birth date: not a calendar day (31 February), before 1900, or in the future. */
function birthDateProblem(value: string): string | null {
  const match = ISO_DATE.exec(value);
  if (!match) return INVALID_BIRTH_DATE;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists || year < 1900) return INVALID_BIRTH_DATE;
  if (date.getTime() > Date.now()) return "Birth date cannot be in the future";
  return null;
}

const profileFields = {
  username: SignupSchema.shape.username,
  email: SignupSchema.shape.email,
  phone_number: z
    .string()
    .trim()
    .regex(/^\d*$/, "Phone number can only contain digits")
    .max(10, "Phone number must not exceed 10 digits")
    .optional(),
  // The Setting screen types dd/mm/yyyy (as Account shows it), the JSON call sends yyyy-mm-dd; both are stored alike.
  birth_date: z
    .string()
    .trim()
    .transform(isoFromDayMonthYear)
    .superRefine((value, context) => {
      const problem = birthDateProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  country: z.enum(COUNTRIES, { error: "Please choose a country from the list" }).optional(),
  avatar: optionalImageFile,
};

/** The Setting screen's form: allergies typed as a comma-separated list. */
export const ProfileFormSchema = z.object({
  ...profileFields,
  allergies: z
    .string()
    .max(MAX_ALLERGIES * (MAX_ALLERGY_LENGTH + 2), "The allergy list is too long")
    .optional()
    .transform((text) => parseAllergies(text ?? ""))
    .pipe(allergyList),
});

/** PUT /api/users/{id}: the same fields, allergies as JSON text (a list of strings), normalised the same way. */
export const ProfileApiSchema = z.object({
  ...profileFields,
  allergies: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return [];
      try {
        const list: unknown = JSON.parse(text);
        if (Array.isArray(list) && list.every((item) => typeof item === "string")) {
          return normalizeAllergies(list);
        }
      } catch {
        // reported below
      }
      context.addIssue({ code: "custom", message: 'Allergies must be JSON text listing strings, e.g. ["peanuts"]' });
      return z.NEVER;
    })
    .pipe(allergyList),
});

export type ProfileInput = z.output<typeof ProfileFormSchema>;
