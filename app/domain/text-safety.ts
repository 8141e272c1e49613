/**
 * Text people type that others see or that identifies someone: one normal form for comparing names and
 * addresses, and no invisible characters that make shown text read differently from what was stored.
 */

/**
 * Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): a right-to-left override
 * makes "gnp.exe" read as "exe.png", or a comment appear to say what it does not.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** The left-to-right, right-to-left and Arabic letter marks: legitimate in running text, never in a name. */
const BIDI_MARKS = /[\u200E\u200F\u061C]/g;

/** `text` without bidi embeddings, overrides and isolates; marks (U+200E/F) are kept for right-to-left prose. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * What shows nothing: spaces and line breaks, control and format characters (bidi controls, zero-width space and
 * joiners, soft hyphen) and the other default-ignorable code points (e.g. the Hangul filler).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Z}\s]/gu;

/** Whether `text`, normalised (NFKC), shows at least one character: a name of only U+202E or U+200B does not. */
export function hasVisibleCharacters(text: string): boolean {
  return text.normalize("NFKC").replace(INVISIBLE, "").length > 0;
}

/** For a schema that refuses empty text already: empty text passes here, so that it gets one message, not two. */
export const emptyOrVisible = (text: string) => text.length === 0 || hasVisibleCharacters(text);

/** The message for required text that shows nothing (after the field's name, e.g. "menu_name: …"). */
export const INVISIBLE_TEXT = "must contain visible characters, not only spaces or invisible ones";

/** An email address as stored and compared: NFKC (fullwidth "ａ" is "a"), no bidi characters, trimmed, lowercase. */
export function normalizeEmail(email: string): string {
  return stripBidiControls(email.normalize("NFKC")).replace(BIDI_MARKS, "").trim().toLowerCase();
}

/** The key two usernames are the same name by: NFKC, lowercase ("Alice", "alice" and "ａlice" are one name). */
export function usernameKey(username: string): string {
  return stripBidiControls(username.normalize("NFKC")).replace(BIDI_MARKS, "").toLowerCase();
}
