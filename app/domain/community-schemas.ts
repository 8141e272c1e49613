/** The rules a community caption and comment meet, for the actions, the JSON calls and the comment form's check. */
import * as z from "zod";
import { COMMUNITY_MESSAGES, MAX_CAPTION_LENGTH, MAX_COMMENT_TEXT_LENGTH } from "./community-messages";
import { idField } from "./id-field";
import { requiredTextField } from "./text-field";
import { stripBidiControls } from "./text-safety";

/** A dish photo's caption and recipe, as the recipe screen's form and POST /api/community send them. */
export const DishPostSchema = z.object({
  menu_id: idField("menu_id").optional(),
  caption: z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .max(MAX_CAPTION_LENGTH, COMMUNITY_MESSAGES.captionTooLong)
    .optional()
    .transform((caption) => caption ?? ""),
});
export type DishPostInput = z.output<typeof DishPostSchema>;

/** A comment must not be blank. */
export const CommentSchema = z.object({
  comment_text: requiredTextField(
    { blank: COMMUNITY_MESSAGES.commentBlank, tooLong: COMMUNITY_MESSAGES.commentTooLong },
    MAX_COMMENT_TEXT_LENGTH
  ),
});

/** The community screen's forms: each names its intent and the post (and comment) it is about. */
export const CommunityIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("like"), post_id: idField("post_id") }),
  CommentSchema.extend({ intent: z.literal("comment"), post_id: idField("post_id") }),
  z.object({ intent: z.literal("delete-comment"), post_id: idField("post_id"), comment_id: idField("comment_id") }),
  z.object({ intent: z.literal("delete-post"), post_id: idField("post_id") }),
  z.object({ intent: z.literal("report"), post_id: idField("post_id") }),
]);
export type CommunityIntent = z.output<typeof CommunityIntentSchema>;
