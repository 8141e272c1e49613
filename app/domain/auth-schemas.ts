import * as z from "zod";
import { INVALID_RESET_LINK } from "./auth-messages";

export { INVALID_RESET_LINK, PASSWORD_RESET, RESET_REQUESTED, safeRedirectPath } from "./auth-messages";

// The messages are the product's wording, character for character.
const username = z
  .string({ error: "Username is required" })
  .min(3, "Username must be at least 3 characters")
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

// One way to match any text (the domain's parts exclude the dot that ends them), so the time is linear in the
// length: the earlier /^[^\s@]+@[^\s@]+\.[^\s@]+$/ took 52 s on "a@" + 200,000 dots + "@".
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .max(254, "Please enter a valid email address")
  .regex(EMAIL_PATTERN, "Please enter a valid email address");

const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must not exceed 128 characters")
  .refine((value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value), {
    message: "Password must contain uppercase, lowercase, and number",
  });

export const LoginSchema = z.object({
  username,
  password: z
    .string({ error: "Password is required" })
    .min(4, "Password must be at least 4 characters")
    .max(128, "Password must not exceed 128 characters"),
});

export const SignupSchema = z.object({
  username: username.max(20, "Username must not exceed 20 characters"),
  email,
  password: newPassword,
});

export type LoginInput = z.infer<typeof LoginSchema>;
export type SignupInput = z.infer<typeof SignupSchema>;

/** /reset-password: where to send the link. */
export const ResetRequestSchema = z.object({ email });

/** POST /api/auth/new-password: the link's token and the new password (the signup rules). */
export const NewPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_LINK }).max(200, INVALID_RESET_LINK),
  password: newPassword,
});

/** The form on /reset-password/{token}: the password typed twice. */
export const NewPasswordFormSchema = NewPasswordSchema.extend({
  confirmPassword: z.string({ error: "Please confirm your password" }),
}).refine((value) => value.password === value.confirmPassword, {
  message: "Passwords do not match",
  path: ["confirmPassword"],
});
