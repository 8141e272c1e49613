import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "~/domain/countries";
import { formatDayMonthYear, isoDay } from "~/domain/dates";
import { formatAllergies, parseAllergies, ProfileApiSchema, ProfileFormSchema } from "~/domain/profile-schema";

function parse(schema: typeof ProfileFormSchema | typeof ProfileApiSchema, fields: Record<string, string | File>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries({ username: "cook_1", email: "cook@example.com", ...fields })) {
    formData.set(key, value);
  }
  return parseWithZod(formData, { schema });
}

const errorsOf = (fields: Record<string, string | File>) => {
  const submission = parse(ProfileFormSchema, fields);
  return submission.status === "success" ? {} : submission.error;
};

describe("allergies", () => {
  it("are trimmed, lowercased, emptied of blanks and repeats", () => {
    expect(parseAllergies(" Peanuts, ,SHELLFISH,, peanuts ,Tree Nuts ")).toEqual(["peanuts", "shellfish", "tree nuts"]);
    expect(parseAllergies("")).toEqual([]);
    expect(parseAllergies(" , ,")).toEqual([]);
  });

  it("show as the comma-separated text they were typed as", () => {
    expect(formatAllergies(parseAllergies("Milk, Egg"))).toBe("milk, egg");
  });

  it("come from the form as text and from the JSON call as JSON text, normalised alike", () => {
    const form = parse(ProfileFormSchema, { allergies: "Milk, EGG , " });
    const api = parse(ProfileApiSchema, { allergies: '[" Milk", "EGG", ""]' });
    expect(form.status === "success" && form.value.allergies).toEqual(["milk", "egg"]);
    expect(api.status === "success" && api.value.allergies).toEqual(["milk", "egg"]);
  });

  it("are an empty list when the field is left out or empty", () => {
    const submission = parse(ProfileFormSchema, {});
    expect(submission.status === "success" && submission.value.allergies).toEqual([]);
  });

  it("refuse JSON text that is not a list of strings", () => {
    for (const allergies of ["milk", '{"a":1}', "[1]"]) {
      const submission = parse(ProfileApiSchema, { allergies });
      expect(submission.status === "success" ? {} : submission.error).toEqual({
        allergies: ['Allergies must be JSON text listing strings, e.g. ["peanuts"]'],
      });
    }
  });
});

describe("profile form", () => {
  it("accepts a complete profile", () => {
    expect(
      errorsOf({ phone_number: "0612345678", birth_date: "1990-02-28", country: "Peru", allergies: "milk" })
    ).toEqual({});
  });

  it("takes phone numbers of digits only, at most 10", () => {
    expect(errorsOf({ phone_number: "+31 6123" })).toEqual({ phone_number: ["Phone number can only contain digits"] });
    expect(errorsOf({ phone_number: "12345678901" })).toEqual({
      phone_number: ["Phone number must not exceed 10 digits"],
    });
    expect(errorsOf({ phone_number: "1234567890" })).toEqual({});
  });

  it("takes real calendar birth dates, not in the future", () => {
    expect(errorsOf({ birth_date: "2000-02-29" })).toEqual({});
    expect(errorsOf({ birth_date: "2001-02-29" })).toEqual({ birth_date: ["Please enter a valid birth date"] });
    expect(errorsOf({ birth_date: "31/02/2001" })).toEqual({ birth_date: ["Please enter a valid birth date"] });
    expect(errorsOf({ birth_date: "05/17/1990" })).toEqual({ birth_date: ["Please enter a valid birth date"] });
    expect(errorsOf({ birth_date: "1990/05/17" })).toEqual({ birth_date: ["Please enter a valid birth date"] });
    expect(errorsOf({ birth_date: "1899-12-31" })).toEqual({ birth_date: ["Please enter a valid birth date"] });
    const tomorrow = isoDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(errorsOf({ birth_date: tomorrow })).toEqual({ birth_date: ["Birth date cannot be in the future"] });
  });

  it("takes the birth date as dd/mm/yyyy, the way the screens show dates, and stores it as yyyy-mm-dd", () => {
    const parsed = ProfileFormSchema.safeParse({
      username: "cook_one",
      email: "cook@example.com",
      birth_date: "7/05/1990",
    });
    expect(parsed.success && parsed.data.birth_date).toBe("1990-05-07");
    expect(errorsOf({ birth_date: "17/05/1990" })).toEqual({});
  });

  it("takes a country from the list only", () => {
    expect(errorsOf({ country: "Narnia" })).toEqual({ country: ["Please choose a country from the list"] });
  });

  it("keeps the signup rules for username and email", () => {
    expect(errorsOf({ username: "ab", email: "nope" })).toEqual({
      username: ["Username must be at least 3 characters"],
      email: ["Please enter a valid email address"],
    });
  });

  it("refuses a picture over 8 MB before sending it", () => {
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    expect(errorsOf({ avatar: big })).toEqual({ avatar: ["The image must be 8 MB or smaller"] });
  });
});

describe("countries", () => {
  it("lists about 195 countries, each once, sorted alphabetically", () => {
    expect(COUNTRIES).toHaveLength(195);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect([...COUNTRIES].sort((a, b) => a.localeCompare(b, "en"))).toEqual([...COUNTRIES]);
    expect(COUNTRIES).toEqual(expect.arrayContaining(["Afghanistan", "Côte d'Ivoire", "United States", "Zimbabwe"]));
  });
});

describe("dates", () => {
  it("show as dd/mm/yyyy on the stored calendar day", () => {
    expect(formatDayMonthYear("1990-05-07")).toBe("07/05/1990");
    expect(formatDayMonthYear(new Date("2024-12-31T23:30:00.000Z"))).toBe("31/12/2024");
  });
});
