/** The community comment form's check, fetched by the browser once a comment form is on screen. */
import { CommentSchema } from "./community-schemas";
import { errorsWith } from "./form-check";

export const commentErrors = errorsWith(CommentSchema);
