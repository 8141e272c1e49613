import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { hasPreferences, NO_PREFERENCES, PreferencesSchema, storedPreferences } from "~/domain/preferences";

function form(entries: [string, string][]): FormData {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

describe("the preferences form", () => {
  it("reads checked chips as lists, one chip or several, in the spec's order without repeats", () => {
    const submission = parseWithZod(
      form([
        ["cuisines", "Mexican"],
        ["cuisines", "Italian"],
        ["cuisines", "Mexican"],
        ["dietaryPreferences", "Vegetarian"],
      ]),
      { schema: PreferencesSchema }
    );
    expect(submission.status === "success" && submission.value).toEqual({
      cuisines: ["Italian", "Mexican"],
      dietaryPreferences: ["Vegetarian"],
      mealOccasions: [],
    });
  });

  it("reads a form with nothing checked as no preferences", () => {
    const submission = parseWithZod(form([]), { schema: PreferencesSchema });
    expect(submission.status === "success" && submission.value).toEqual(NO_PREFERENCES);
  });

  it("refuses a value that is not one of the spec's, naming the allowed ones", () => {
    const submission = parseWithZod(form([["mealOccasions", "Brunch"]]), { schema: PreferencesSchema });
    expect(submission.status === "error" && submission.error?.["mealOccasions[0]"]).toEqual([
      'must be one of: Breakfast, Lunch, Dinner, Snack, Side Dish, Party (got "Brunch")',
    ]);
  });

  it("is case-sensitive, as the spec spells the values", () => {
    expect(PreferencesSchema.safeParse({ dietaryPreferences: ["vegetarian"] }).success).toBe(false);
  });
});

describe("stored preferences", () => {
  it("keep the known values and drop what is no longer a choice", () => {
    expect(
      storedPreferences({
        cuisines: ["Italian", "Klingon"],
        dietaryPreferences: "Vegetarian",
        mealOccasions: ["Party", 3],
      })
    ).toEqual({ cuisines: ["Italian"], dietaryPreferences: [], mealOccasions: ["Party"] });
  });

  it.each([null, undefined, "Italian", 42, []])("read %j as no preferences", (value) => {
    expect(storedPreferences(value)).toEqual(NO_PREFERENCES);
  });

  it("count as chosen when any list has a value", () => {
    expect(hasPreferences(NO_PREFERENCES)).toBe(false);
    expect(hasPreferences({ ...NO_PREFERENCES, mealOccasions: ["Lunch"] })).toBe(true);
  });
});
