/** The auth forms' checks, fetched by the browser once a form is on screen (the server parses with the schemas). */
import { LoginSchema, NewPasswordFormSchema, ResetRequestSchema, SignupSchema } from "./auth-schemas";
import { errorsWith } from "./form-check";

export const loginErrors = errorsWith(LoginSchema);
export const signupErrors = errorsWith(SignupSchema);
export const resetRequestErrors = errorsWith(ResetRequestSchema);
export const newPasswordErrors = errorsWith(NewPasswordFormSchema);
