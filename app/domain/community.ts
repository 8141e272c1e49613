/**
 * The community feed: what a post and a comment look like and the messages people see. Shared by the screens,
 * their actions and the JSON calls; the rules a caption and a comment meet (zod) are in community-schemas.ts.
 */
import { COMMUNITY_MESSAGES, communityPath, MAX_CAPTION_LENGTH, MAX_COMMENT_TEXT_LENGTH } from "./community-messages";

export { COMMUNITY_MESSAGES, communityPath, MAX_CAPTION_LENGTH, MAX_COMMENT_TEXT_LENGTH };

/** The feed shows the first two comments of each post; the rest are in its comments drawer. */
export const COMMENT_PREVIEW_COUNT = 2;
export const FEED_PAGE_SIZE = 10;
/** A shared photo becomes a recipe's picture for everyone once this many other cooks like it. */
export const LIKES_TO_SHOW_A_PHOTO = 3;
/** A post this many cooks reported is hidden from everyone but its author, until the author deletes it. */
export const REPORTS_TO_HIDE_A_POST = 3;
/** The comments drawer slides down for 300 ms when it closes. */
export const DRAWER_CLOSE_MS = 300;

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
  /** the viewer reported it */
  reported: boolean;
  /** hidden after reports: only its author sees it, until they delete it */
  hidden: boolean;
  /** oldest first; the feed has the first COMMENT_PREVIEW_COUNT, the JSON call all of them */
  comments: CommunityComment[];
};

/** The JSON answer to a report. */
export type ReportAnswer = { success: true; message: string; hidden: boolean };

/** The JSON answer to a like. */
export type LikeAnswer = { success: true; like_count: number; liked: boolean };

export const likesText = (count: number) => `${count} ${count === 1 ? "like" : "likes"}`;
export const commentsText = (count: number) => `${count} ${count === 1 ? "comment" : "comments"}`;
