/**
 * Usernames for accounts created through Google sign-in, within the signup rules: 3 to 20
 * letters, digits and underscores. Uniqueness is the caller's: it takes the first candidate not taken.
 */

const MIN_LENGTH = 3;
const MAX_LENGTH = 20;
const FALLBACK = "cook";

/** Letters and digits of the text, accents dropped, other runs as one underscore: "Ana María" → "Ana_Maria". */
function usernameOf(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .slice(0, MAX_LENGTH)
    .replace(/^_+|(?<!_)_+$/g, "");
}

/** A username from the person's name, else the email's local part, else "cook". */
export function usernameBase(name: string | null, email: string): string {
  for (const source of [name ?? "", email.split("@")[0]]) {
    const username = usernameOf(source);
    if (username.length >= MIN_LENGTH) return username;
  }
  return FALLBACK;
}

/** The nth choice (from 1): the base, then base_2, base_3... with the base cut so that the whole fits. */
export function usernameCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `_${n}`;
  return `${base.slice(0, MAX_LENGTH - suffix.length).replace(/(?<!_)_+$/, "")}${suffix}`;
}
