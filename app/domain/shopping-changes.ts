/** The shopping list's change rules and messages, without zod (the list's first load carries this module). */

export const MAX_SHOPPING_NAME_LENGTH = 60;
export const MAX_SHOPPING_QUANTITY_LENGTH = 40;
export const ADD_NAME_REQUIRED_MESSAGE = "Please enter an item to buy.";
export const ADD_NAME_TOO_LONG_MESSAGE = `Item names can be at most ${MAX_SHOPPING_NAME_LENGTH} characters.`;
export const ADD_QUANTITY_TOO_LONG_MESSAGE = `Amounts can be at most ${MAX_SHOPPING_QUANTITY_LENGTH} characters.`;

/** A change key: what the browser makes per tap (a UUID), or any other 8 to 64 letters, digits and dashes. */
export const CHANGE_KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

export const addedMessage = (name: string) => `${name} is on your list.`;
export const alreadyListedMessage = (name: string) => `${name} is already on your list.`;
export const removedMessage = (name: string) => `${name} is off your list.`;

/** A new change key for a tap; randomUUID needs a secure context, which a shop's flaky LAN address may not be. */
export function newChangeKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
