import * as z from "zod";
import { MAX_ID } from "./ids";
import { requiredTextField } from "./text-field";
import { MAX_COMMENT_LENGTH } from "./review-length";

export { MAX_COMMENT_LENGTH };
export const REVIEW_MESSAGES = {
  rating: "Please give a star rating.",
  comment: "Please comment.",
  commentTooLong: `Comment must not exceed ${MAX_COMMENT_LENGTH} characters`,
  menu: "A menu id is needed.",
} as const;

/**
 * One review as the form and the JSON calls send it. Conform turns form strings into numbers and blank
 * fields into missing ones, so a form post and a JSON body meet the same rules and messages.
 */
export const ReviewSchema = z.object({
  menu_id: z
    .number({ error: REVIEW_MESSAGES.menu })
    .int(REVIEW_MESSAGES.menu)
    .positive(REVIEW_MESSAGES.menu)
    .max(MAX_ID, REVIEW_MESSAGES.menu),
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: requiredTextField(
    { blank: REVIEW_MESSAGES.comment, tooLong: REVIEW_MESSAGES.commentTooLong },
    MAX_COMMENT_LENGTH
  ),
});

export type ReviewInput = z.output<typeof ReviewSchema>;
