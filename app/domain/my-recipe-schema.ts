/** The My recipes edit form's rules, for the action and the form's check (my-recipe-check.ts). */
import * as z from "zod";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from "./image-upload";
import { MY_RECIPE_MESSAGES } from "./my-recipe-messages";
import { USER_RECIPE_LIMITS } from "./user-recipe";

const L = USER_RECIPE_LIMITS;
/** Room for every line of a recipe at its longest, with its section lines. */
const MAX_LINES_TEXT = 20_000;
const MAX_STEPS_TEXT = L.steps * (L.textLength + 1) + 2_000;

const minutes = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(L.minutes, `${label} must be within a day (${L.minutes} minutes)`)
    .optional();

export const MyRecipeSchema = z.object({
  name: z
    .string({ error: "Give the recipe a name" })
    .trim()
    .min(1, "Give the recipe a name")
    .max(L.nameLength, `A recipe name can be at most ${L.nameLength} characters.`),
  prepTime: minutes("Prep time"),
  cookingTime: minutes("Cooking time"),
  totalTime: z
    .number({ error: "Total time must be a whole number of minutes" })
    .int("Total time must be a whole number of minutes")
    .min(0, "Total time cannot be negative")
    .max(7 * 24 * 60, "Total time must be within a week")
    .optional(),
  servings: z
    .number({ error: "Servings must be a whole number" })
    .int("Servings must be a whole number")
    .min(1, "Servings must be at least 1")
    .max(100, "Servings can be at most 100")
    .optional(),
  ingredients: z
    .string({ error: MY_RECIPE_MESSAGES.noLines })
    .trim()
    .min(1, MY_RECIPE_MESSAGES.noLines)
    .max(MAX_LINES_TEXT, `Write at most ${MAX_LINES_TEXT.toLocaleString("en")} characters of ingredients`),
  steps: z
    .string()
    .trim()
    .max(MAX_STEPS_TEXT, `Write at most ${MAX_STEPS_TEXT.toLocaleString("en")} characters of steps`)
    .optional(),
  picture: z
    .instanceof(File, { error: NOT_AN_IMAGE })
    .refine((file) => file.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE)
    .optional(),
  /** "Remove the picture": the recipe shows its drawn illustration again */
  removePicture: z.literal("on").optional(),
});

export type MyRecipeForm = z.infer<typeof MyRecipeSchema>;
