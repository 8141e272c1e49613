/**
 * Limits on the recipes users add (POST /api/menus, imports): a recipe a person could cook, not a page of
 * 20,000 lines or a cooking time of a million years. The recipe store applies them to every draft a user
 * adds, whichever way it came in.
 */
import type { RecipeDraft } from "./recipe-analysis";
import { hasVisibleCharacters, stripBidiControls } from "./text-safety";

export const USER_RECIPE_LIMITS = {
  ingredients: 60,
  steps: 40,
  tips: 20,
  nameLength: 120,
  /** a step, a tip or the description */
  textLength: 2000,
  /** an ingredient's name or its quantity */
  lineLength: 100,
  /** preparation and cooking time, each: one day */
  minutes: 24 * 60,
} as const;

/** Recipes a user may add (create or import) in an hour. */
export const USER_RECIPES_PER_HOUR = 20;
export const TOO_MANY_RECIPES = `You can add at most ${USER_RECIPES_PER_HOUR} recipes an hour. Please try again later.`;

const L = USER_RECIPE_LIMITS;

/** What makes a user's recipe too big to keep, as the person adding it should read it; null when it fits. */
export function userRecipeProblem(draft: RecipeDraft): string | null {
  if (!hasVisibleCharacters(draft.name))
    return "A recipe name must contain visible characters, not only spaces or invisible ones.";
  if (draft.ingredients.some((line) => !hasVisibleCharacters(line.name))) {
    return "Each ingredient's name must contain visible characters, not only spaces or invisible ones.";
  }
  if (draft.name.length > L.nameLength) return `A recipe name can be at most ${L.nameLength} characters.`;
  if (draft.ingredients.length > L.ingredients) return `A recipe can list at most ${L.ingredients} ingredients.`;
  if (draft.steps.length > L.steps) return `A recipe can have at most ${L.steps} steps.`;
  if (draft.tips.length > L.tips) return `A recipe can have at most ${L.tips} tips.`;
  const texts = [...draft.steps, ...draft.tips, draft.description ?? ""];
  if (texts.some((text) => text.length > L.textLength)) {
    return `Each step, tip and description can be at most ${L.textLength} characters.`;
  }
  const lines = draft.ingredients.flatMap((line) => [line.name, line.quantity, line.note ?? ""]);
  if (lines.some((text) => text.length > L.lineLength)) {
    return `An ingredient's name or quantity can be at most ${L.lineLength} characters.`;
  }
  const times = [draft.prepTime, draft.cookingTime];
  if (times.some((minutes) => minutes != null && (minutes < 0 || minutes > L.minutes))) {
    return `Preparation and cooking times must each be within a day (${L.minutes} minutes).`;
  }
  return null;
}

/** The draft with bidi controls taken out of every text it shows (name, description, lines, steps, tips). */
export function withoutBidiControls(draft: RecipeDraft): RecipeDraft {
  const clean = stripBidiControls;
  return {
    ...draft,
    name: clean(draft.name),
    ...(draft.description != null ? { description: clean(draft.description) } : {}),
    ingredients: draft.ingredients.map((line) => ({
      ...line,
      name: clean(line.name),
      quantity: clean(line.quantity),
      ...(line.note != null ? { note: clean(line.note) } : {}),
    })),
    steps: draft.steps.map(clean),
    tips: draft.tips.map(clean),
  };
}
