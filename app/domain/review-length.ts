/** The longest comment a review may have: the schema's rule and the form's maxlength (kept apart from zod). */
export const MAX_COMMENT_LENGTH = 1000;
