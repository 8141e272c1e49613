/**
 * What a photo was recognised as, waiting for the cook to confirm it (issue 28): nothing joins the ingredient
 * list until they have. The guesses wait in the session (a guest's too), one photo at a time; the cook picks
 * the right guess per item, or "none of these" and types its name, and only then are the items added, as
 * camera items of the photo. A pick other than the first guess teaches the recogniser like a correction.
 */
import { MAX_INGREDIENT_NAME_LENGTH, NAME_TOO_LONG_MESSAGE } from "~/domain/pantry";
import { getCook } from "~/services/cook.server";
import { addToPantry } from "~/services/pantry-store.server";
import { getSession, oneAtATimePerSession, sessionStorage } from "~/services/session.server";
import { noteCorrection } from "./memory.server";
import type { FoundIngredient, RecognisedItem } from "./provider.server";

const GUESSES_KEY = "cameraGuesses";
/** Guesses older than this are not offered any more: the photo is taken again. */
export const GUESSES_KEPT_MS = 30 * 60 * 1000;
/** The value of the "none of these" choice. */
export const NONE_OF_THESE = "";
export const GUESSES_GONE = "These guesses are no longer waiting. Please take the photo again.";
export const NOTHING_CHOSEN = "Nothing was added: choose an ingredient, or type its name.";
export const CHOICE_NOT_OFFERED = "Choose one of the ingredients offered, or type its name.";

export interface PhotoGuesses {
  captureId: string | null;
  items: RecognisedItem[];
  /** when the photo was recognised (ms since the epoch) */
  at: number;
}

const isFound = (value: unknown): value is FoundIngredient =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as FoundIngredient).name === "string" &&
  typeof (value as FoundIngredient).type === "string";

function storedGuesses(value: unknown): PhotoGuesses | null {
  const stored = value as Partial<PhotoGuesses> | null;
  if (!stored || typeof stored.at !== "number" || !Array.isArray(stored.items)) return null;
  if (Date.now() - stored.at > GUESSES_KEPT_MS) return null;
  const items = stored.items.filter(
    (item): item is RecognisedItem =>
      isFound(item) && Array.isArray(item.alternatives) && item.alternatives.every(isFound)
  );
  if (items.length === 0 || items.length !== stored.items.length) return null;
  return { captureId: typeof stored.captureId === "string" ? stored.captureId : null, items, at: stored.at };
}

/** The guesses waiting for this cook's confirmation, or null. */
export async function waitingGuesses(request: Request): Promise<PhotoGuesses | null> {
  return storedGuesses((await getSession(request)).get(GUESSES_KEY));
}

/** Keeps a photo's guesses for the cook to confirm (replacing any earlier photo's); the Set-Cookie to send. */
export async function keepGuesses(request: Request, guesses: Omit<PhotoGuesses, "at">): Promise<Headers> {
  return oneAtATimePerSession(request, async () => {
    const session = await getSession(request);
    session.set(GUESSES_KEY, { ...guesses, at: Date.now() } satisfies PhotoGuesses);
    return new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
  });
}

/** Forgets the waiting guesses (Retake, or once confirmed). */
async function dropGuesses(request: Request): Promise<Headers> {
  const session = await getSession(request);
  session.unset(GUESSES_KEY);
  return new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
}

export function discardGuesses(request: Request): Promise<Headers> {
  return oneAtATimePerSession(request, () => dropGuesses(request));
}

/** The form field of the choice for item `index`, and of the name typed for it. */
export const choiceField = (index: number) => `item-${index}`;
export const typedField = (index: number) => `typed-${index}`;

export type ConfirmOutcome = { ok: true; headers: Headers } | { ok: false; message: string; gone?: boolean };

/**
 * The cook's answer for each item: a guess offered for it, or "none of these" with a typed name (blank: the item
 * is left out). Refused whole when a choice was not offered or a name is too long: nothing is added.
 */
export function chosenNames(guesses: PhotoGuesses, form: FormData): { names: (string | null)[] } | { message: string } {
  const names: (string | null)[] = [];
  for (const [index, item] of guesses.items.entries()) {
    const choice = form.get(choiceField(index));
    const offered = [item, ...item.alternatives].map(({ name }) => name);
    if (choice === null || choice === NONE_OF_THESE) {
      const typed = String(form.get(typedField(index)) ?? "").trim();
      if (typed.length > MAX_INGREDIENT_NAME_LENGTH) return { message: NAME_TOO_LONG_MESSAGE };
      names.push(typed === "" ? null : typed);
    } else if (typeof choice === "string" && offered.includes(choice)) {
      names.push(choice);
    } else {
      return { message: CHOICE_NOT_OFFERED };
    }
  }
  return { names };
}

/**
 * Adds what the cook confirmed to their list, as camera items of the photo, and forgets the guesses. Each item
 * whose answer is not the first guess teaches the recogniser: "not the first guess", and the name chosen or typed.
 */
export async function confirmGuesses(request: Request, form: FormData): Promise<ConfirmOutcome> {
  const guesses = await waitingGuesses(request);
  if (!guesses) return { ok: false, message: GUESSES_GONE, gone: true };
  const chosen = chosenNames(guesses, form);
  if ("message" in chosen) return { ok: false, message: chosen.message };
  const names = [...new Set(chosen.names.filter((name): name is string => name !== null))];
  if (names.length === 0) return { ok: false, message: NOTHING_CHOSEN };
  const { captureId } = guesses;
  // the cook (a guest's session) read once the earlier changes of this session are written
  const listed = await oneAtATimePerSession(request, async () =>
    addToPantry(
      await getCook(request),
      names.map((name) => ({ name, source: "camera" as const, captureId }))
    )
  );
  if (!listed.ok) return { ok: false, message: listed.message };
  if (captureId) {
    for (const [index, item] of guesses.items.entries()) {
      const answer = chosen.names[index];
      if (answer !== item.name) await noteCorrection({ captureId, previousName: item.name, correctedName: answer });
    }
  }
  const headers = new Headers(listed.headers);
  for (const cookie of (await discardGuesses(request)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return { ok: true, headers };
}
