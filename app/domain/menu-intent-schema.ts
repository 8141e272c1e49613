/**
 * The recipe screen's form intents and their parse, in a module of their own so that zod stays on the server (the
 * action parses through recipe-screen.server.ts).
 */
import * as z from "zod";
import { NOTHING_SELECTED_MESSAGE } from "./menu-detail";
import { MAX_SERVINGS } from "./servings";

const flag = z.enum(["true", "false"], { error: "must be true or false" }).transform((value) => value === "true");

/** What the recipe screen's small forms ask for (field `intent`); `ingredient` may repeat for add-to-list. */
export const MenuIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("favorite"), favorite: flag }),
    z.object({
      intent: z.literal("select-ingredient"),
      ingredient: z.string().min(1, "ingredient is required"),
      selected: flag,
    }),
    z.object({
      intent: z.literal("add-to-list"),
      ingredients: z.array(z.string()).min(1, NOTHING_SELECTED_MESSAGE),
      // the servings chosen on the screen, as the factor its amounts were multiplied by
      scale: z
        .string()
        .regex(/^\d{1,3}(\.\d{1,20})?$/, "must be a number")
        .transform(Number)
        .refine((factor) => factor > 0 && factor <= MAX_SERVINGS, "must be more than 0 and at most 100")
        .optional(),
    }),
    z.object({
      intent: z.literal("check-step"),
      step: z
        .string()
        .regex(/^\d{1,4}$/, "step must be a step number")
        .transform(Number),
      checked: flag,
    }),
    z.object({ intent: z.literal("acknowledge-allergies") }),
    // `post` empty: back to the most-liked photo.
    z.object({
      intent: z.literal("choose-photo"),
      post: z
        .string({ error: "Choose a photo." })
        .regex(/^\d{0,9}$/, "Choose a photo.")
        .transform((post) => (post === "" ? null : Number(post))),
    }),
  ],
  { error: "Unknown action" }
);

export type MenuIntent = z.output<typeof MenuIntentSchema>;

/** Reads a posted form (or a JSON body turned into one) as an intent; the first problem as a message otherwise. */
export function parseMenuIntent(formData: FormData): { ok: true; intent: MenuIntent } | { ok: false; message: string } {
  const fields: Record<string, unknown> = {};
  for (const key of formData.keys()) fields[key] = formData.get(key);
  fields.ingredients = formData.getAll("ingredient");
  const parsed = MenuIntentSchema.safeParse(fields);
  if (parsed.success) return { ok: true, intent: parsed.data };
  const [issue] = parsed.error.issues;
  const field = issue.path.join(".");
  return {
    ok: false,
    message: field && !["intent", "ingredients", "post"].includes(field) ? `${field}: ${issue.message}` : issue.message,
  };
}
