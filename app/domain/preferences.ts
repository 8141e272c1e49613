/**
 * A cook's preferences: the chosen cuisines, dietary preferences and meal occasions,
 * each a subset of the spec's lists. One schema for the /preferences form, the JSON calls and the store.
 */
import * as z from "zod";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "./constants";

/** A list of choices from `values`: an unknown value is named in the message with the allowed ones. */
export function choicesOf<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z
    .array(
      z.enum(values, { error: (issue) => `must be one of: ${values.join(", ")} (got ${JSON.stringify(issue.input)})` })
    )
    .default([])
    .transform((chosen) => values.filter((value) => chosen.includes(value)) as Values[number][]);
}

export const PreferencesSchema = z.object({
  cuisines: choicesOf(CUISINES),
  dietaryPreferences: choicesOf(DIETARY_PREFERENCES),
  mealOccasions: choicesOf(MEAL_OCCASIONS),
});

export type Preferences = z.output<typeof PreferencesSchema>;

export const NO_PREFERENCES: Preferences = { cuisines: [], dietaryPreferences: [], mealOccasions: [] };

/**
 * Preferences from storage written by an earlier version (the session, a database row): what is no longer
 * a known choice is dropped instead of failing, so a renamed value never locks a cook out of the screen.
 */
export function storedPreferences(value: unknown): Preferences {
  const stored = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const known = <Value extends string>(list: unknown, values: readonly Value[]): Value[] =>
    Array.isArray(list) ? values.filter((option) => list.includes(option)) : [];
  return {
    cuisines: known(stored.cuisines, CUISINES),
    dietaryPreferences: known(stored.dietaryPreferences, DIETARY_PREFERENCES),
    mealOccasions: known(stored.mealOccasions, MEAL_OCCASIONS),
  };
}

export function hasPreferences(preferences: Preferences): boolean {
  return preferences.cuisines.length + preferences.dietaryPreferences.length + preferences.mealOccasions.length > 0;
}
