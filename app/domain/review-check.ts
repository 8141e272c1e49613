/** The review form's check, fetched by the browser once the form is on screen (the server parses with the schema). */
import { errorsWith } from "./form-check";
import { ReviewSchema } from "./review-schema";

export const reviewErrors = errorsWith(ReviewSchema);
