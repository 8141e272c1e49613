/**
 * A menu sent by a client (POST /api/menus, PUT /api/menus/{id}), validated and turned into
 * a recipe draft. The client's nutrition is not read: the store computes it from the catalogue.
 */
import * as z from "zod";
import { CUISINES, MEAL_OCCASIONS } from "./constants";
import { INGREDIENT_TYPES, MISCELLANEOUS_TYPE, OTHER_TYPE } from "./ingredient-types";
import { choicesOf } from "./preferences";
import type { RecipeDraft } from "./recipe-analysis";
import { emptyOrVisible, hasVisibleCharacters, INVISIBLE_TEXT } from "./text-safety";
import { USER_RECIPE_LIMITS } from "./user-recipe";

const {
  nameLength: MAX_NAME_LENGTH,
  ingredients: MAX_INGREDIENTS,
  lineLength: MAX_TEXT_LENGTH,
  steps: MAX_STEPS,
  tips: MAX_TIPS,
  textLength: MAX_STEP_LENGTH,
  minutes: MAX_MINUTES,
} = USER_RECIPE_LIMITS;
const MAX_SERVINGS = 100;
const MAX_IMAGE_URL_LENGTH = 2000;

/** A dish photo in the app's upload store, as its address (imageUrl of "dishes/…"). */
const UPLOADED_DISH_PHOTO = /^\/uploads\/dishes\/[A-Za-z0-9._-]+$/;

function isImageAddress(text: string): boolean {
  if (UPLOADED_DISH_PHOTO.test(text)) return true;
  try {
    return new URL(text).protocol === "https:" && !/\s/.test(text);
  } catch {
    return false;
  }
}

export const IMAGE_ADDRESS_MESSAGE = "must be an https:// address of a picture, or a photo uploaded to this app";

/**
 * A picture's address: a photo of the app's upload store, or an https URL (which the server fetches and stores:
 * recipe-photo.server.ts). Never another path of the app, which every viewer's browser would request.
 */
export const ImageAddressSchema = z
  .string({ error: IMAGE_ADDRESS_MESSAGE })
  .trim()
  .max(MAX_IMAGE_URL_LENGTH, `must be at most ${MAX_IMAGE_URL_LENGTH} characters`)
  .refine(isImageAddress, IMAGE_ADDRESS_MESSAGE);

/** The answer when the picture at an accepted address could not be fetched and stored. */
export const IMAGE_NOT_FETCHED = "image: the picture could not be fetched from this address";

const minutes = z
  .number({ error: "must be a number of minutes or null" })
  .int("must be a whole number of minutes")
  .min(0, "must not be negative")
  .max(MAX_MINUTES, `must be at most ${MAX_MINUTES} minutes (one day)`)
  .nullable()
  .default(null);

const text = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be blank")
    .refine(emptyOrVisible, INVISIBLE_TEXT)
    .max(max, `must be at most ${max} characters`);

const ingredientName = z
  .string()
  .refine((name) => name.trim().length > 0, "an ingredient name must not be blank")
  .refine(
    (name) => name.trim().length <= MAX_TEXT_LENGTH,
    `an ingredient name must be at most ${MAX_TEXT_LENGTH} characters`
  );

const DISPLAY_TYPES = [...INGREDIENT_TYPES, OTHER_TYPE, MISCELLANEOUS_TYPE] as const;

export const MenuInputSchema = z
  .object({
    menu_name: text(MAX_NAME_LENGTH),
    image: ImageAddressSchema.nullable().default(null),
    prep_time: minutes,
    cooking_time: minutes,
    servings: z
      .number({ error: "must be a whole number of servings" })
      .int("must be a whole number of servings")
      .min(1, "must be at least 1")
      .max(MAX_SERVINGS, `must be at most ${MAX_SERVINGS}`)
      .default(1),
    ingredients_quantity: z
      .record(
        ingredientName,
        z
          .string({ error: "must be quantity text" })
          .trim()
          .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`),
        {
          error: "must be an object of ingredient name to quantity text",
        }
      )
      .refine((lines) => Object.keys(lines).length > 0, "must list at least one ingredient")
      .refine(
        (lines) => Object.keys(lines).length <= MAX_INGREDIENTS,
        `must list at most ${MAX_INGREDIENTS} ingredients`
      ),
    ingredients_type: z
      .record(z.string(), z.enum(DISPLAY_TYPES, { error: `must be one of: ${DISPLAY_TYPES.join(", ")}` }), {
        error: "must be an object of ingredient name to type",
      })
      .default({}),
    steps: z
      .array(text(MAX_STEP_LENGTH), { error: "must be a list of steps" })
      .min(1, "must list at least one step")
      .max(MAX_STEPS, `must list at most ${MAX_STEPS} steps`),
    tips: z
      .array(text(MAX_STEP_LENGTH), { error: "must be a list of tips" })
      .max(MAX_TIPS, `must list at most ${MAX_TIPS} tips`)
      .default([]),
    cuisines: choicesOf(CUISINES),
    mealOccasions: choicesOf(MEAL_OCCASIONS),
    /** show it to everyone; by default only its author sees it */
    shared: z.boolean({ error: "must be true or false" }).default(false),
  })
  .superRefine((menu, context) => {
    const seen = new Set<string>();
    for (const name of Object.keys(menu.ingredients_quantity)) {
      if (!hasVisibleCharacters(name)) {
        const message = `an ingredient name ${INVISIBLE_TEXT}`;
        context.addIssue({ code: "custom", path: ["ingredients_quantity", name], message });
      }
      const key = name.trim().toLowerCase();
      if (seen.has(key))
        context.addIssue({ code: "custom", path: ["ingredients_quantity", name], message: "is listed twice" });
      seen.add(key);
    }
    for (const name of Object.keys(menu.ingredients_type)) {
      if (!(name in menu.ingredients_quantity)) {
        context.addIssue({
          code: "custom",
          path: ["ingredients_type", name],
          message: "is not in ingredients_quantity",
        });
      }
    }
  });

export type MenuInput = z.output<typeof MenuInputSchema>;

export const MenuImageSchema = z.object({ image: ImageAddressSchema });

/** The recipe a client's menu describes, added by this user. */
export function menuDraft(menu: MenuInput, userId: number): RecipeDraft {
  return {
    name: menu.menu_name,
    cuisines: menu.cuisines,
    occasions: menu.mealOccasions,
    prepTime: menu.prep_time,
    cookingTime: menu.cooking_time,
    servings: menu.servings,
    ingredients: Object.entries(menu.ingredients_quantity).map(([name, quantity]) => ({
      name: name.trim(),
      quantity,
      ...(menu.ingredients_type[name] === MISCELLANEOUS_TYPE ? { seasoning: true } : {}),
    })),
    steps: menu.steps,
    tips: menu.tips,
    image: menu.image,
    origin: "user",
    importedById: userId,
    shared: menu.shared,
  };
}
