/**
 * The shopping list's changes (Got it, Got everything, Remove, Add a typed item), one schema for the list's forms,
 * their JSON twin (POST /shoppinglist with a JSON body) and the replay of taps queued offline. Each may carry a
 * change key: the server applies a key once and answers a repeat with its first answer (decision 113).
 */
import * as z from "zod";
import { idField } from "./id-field";
import { emptyOrVisible, stripBidiControls } from "./text-safety";
import {
  ADD_NAME_REQUIRED_MESSAGE,
  ADD_NAME_TOO_LONG_MESSAGE,
  ADD_QUANTITY_TOO_LONG_MESSAGE,
  CHANGE_KEY_PATTERN,
  MAX_SHOPPING_NAME_LENGTH,
  MAX_SHOPPING_QUANTITY_LENGTH,
} from "./shopping-changes";

const changeKey = z
  .string()
  .regex(CHANGE_KEY_PATTERN, "change must be 8 to 64 letters, digits or dashes")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The typed item form's fields: a name, and an amount if the cook gave one ("2 cartons"). */
export const AddShoppingItemSchema = z.object({
  intent: z.literal("add"),
  name: z
    .string({ error: ADD_NAME_REQUIRED_MESSAGE })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, ADD_NAME_REQUIRED_MESSAGE)
    .refine(emptyOrVisible, ADD_NAME_REQUIRED_MESSAGE)
    .max(MAX_SHOPPING_NAME_LENGTH, ADD_NAME_TOO_LONG_MESSAGE),
  quantity: z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(MAX_SHOPPING_QUANTITY_LENGTH, ADD_QUANTITY_TOO_LONG_MESSAGE)
    .optional()
    .transform((quantity) => quantity ?? ""),
  change: changeKey,
});

export const ShoppingChangeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("got-it"), item: idField("item"), change: changeKey }),
    z.object({ intent: z.literal("got-everything"), change: changeKey }),
    z.object({ intent: z.literal("remove"), item: idField("item"), change: changeKey }),
    AddShoppingItemSchema,
  ],
  { error: "Unknown action" }
);
export type ShoppingChange = z.output<typeof ShoppingChangeSchema>;
