/** The auth screens' posts, parsed here so that the screens' modules (sent to the browser) carry no zod. */
import { parseWithZod } from "@conform-to/zod/v4";
import { LoginSchema, NewPasswordFormSchema, ResetRequestSchema, SignupSchema } from "~/domain/auth-schemas";

export const parseLoginForm = (formData: FormData) => parseWithZod(formData, { schema: LoginSchema });
export const parseSignupForm = (formData: FormData) => parseWithZod(formData, { schema: SignupSchema });
export const parseResetRequestForm = (formData: FormData) => parseWithZod(formData, { schema: ResetRequestSchema });
export const parseNewPasswordForm = (formData: FormData) => parseWithZod(formData, { schema: NewPasswordFormSchema });
