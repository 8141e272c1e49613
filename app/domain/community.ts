/**
 * The community feed: what a post and a comment
 * look like, the rules a caption and a comment meet, and the messages people see. Shared by the screens,
 * their actions and the JSON calls.
 */
import * as z from "zod";
import { stripBidiControls } from "./text-safety";
import { COMMUNITY_MESSAGES, communityPath, MAX_CAPTION_LENGTH, MAX_COMMENT_TEXT_LENGTH } from "./community-messages";
import { idField } from "./id-field";

export { COMMUNITY_MESSAGES, communityPath, MAX_CAPTION_LENGTH, MAX_COMMENT_TEXT_LENGTH };

/** The feed shows the first two comments of each post; the rest are in its comments drawer. */
export const COMMENT_PREVIEW_COUNT = 2;
export const FEED_PAGE_SIZE = 10;
/** The comments drawer slides down for 300 ms when it closes. */
export const DRAWER_CLOSE_MS = 300;

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
  comment_text: z
    .string({ error: COMMUNITY_MESSAGES.commentBlank })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, COMMUNITY_MESSAGES.commentBlank)
    .max(MAX_COMMENT_TEXT_LENGTH, COMMUNITY_MESSAGES.commentTooLong),
});

/** The community screen's forms: each names its intent and the post (and comment) it is about. */
export const CommunityIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("like"), post_id: idField("post_id") }),
  CommentSchema.extend({ intent: z.literal("comment"), post_id: idField("post_id") }),
  z.object({ intent: z.literal("delete-comment"), post_id: idField("post_id"), comment_id: idField("comment_id") }),
  z.object({ intent: z.literal("delete-post"), post_id: idField("post_id") }),
]);
export type CommunityIntent = z.output<typeof CommunityIntentSchema>;

/** A comment, with the time it was written. */
export type CommunityComment = {
  comment_id: number;
  post_id: number;
  user_id: number;
  username: string;
  avatar_url: string | null;
  comment_text: string;
  created_at: string;
};

/** A community post, with what the feed also shows: the recipe, the viewer's like, all comments counted. */
export type CommunityPost = {
  post_id: number;
  user_id: number;
  username: string;
  avatar_url: string | null;
  image_url: string;
  /** the same photo in several widths, for an img srcset */
  image_srcset: string;
  caption: string;
  created_at: string;
  like_count: number;
  liked: boolean;
  menu_id: number | null;
  menu_name: string | null;
  comment_count: number;
  /** oldest first; the feed has the first COMMENT_PREVIEW_COUNT, the JSON call all of them */
  comments: CommunityComment[];
};

/** The JSON answer to a like. */
export type LikeAnswer = { success: true; like_count: number; liked: boolean };

export const likesText = (count: number) => `${count} ${count === 1 ? "like" : "likes"}`;
export const commentsText = (count: number) => `${count} ${count === 1 ? "comment" : "comments"}`;
