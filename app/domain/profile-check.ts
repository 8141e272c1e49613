/** The profile form's check, fetched by the browser once the settings screen is up (the server parses with the schema). */
import { errorsWith } from "./form-check";
import { ProfileFormSchema } from "./profile-schema";

export const profileErrors = errorsWith(ProfileFormSchema);
