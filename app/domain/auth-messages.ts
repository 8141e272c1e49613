/**
 * What the auth screens say and where they send a cook, apart from the schemas (auth-schemas.ts) so that a screen
 * showing them does not carry zod to the browser.
 */

export const SIGNUP_SUCCESS = "Account created successfully.";
export const LOGIN_SUCCESS = "Login successfully";
/** Login's default error, spelt as the spec spells it (signup's and reset's say "occurred": AN_ERROR_OCCURRED). */
export const LOGIN_DEFAULT_ERROR = "An error occured. Please try again.";

// What the password-reset screens and calls say.
export const RESET_REQUESTED = "If an account exists with this email, you will receive a password reset link.";
export const PASSWORD_RESET = "Your password has been reset successfully!";
export const INVALID_RESET_LINK = "This password reset link is invalid or has expired.";

/** Only same-site paths are followed after signing in, never another host. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
