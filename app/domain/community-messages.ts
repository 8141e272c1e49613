/** The community's limits, messages and address, without the schemas (and zod) of community.ts. */
export const MAX_CAPTION_LENGTH = 500;
export const MAX_COMMENT_TEXT_LENGTH = 500;

export const COMMUNITY_MESSAGES = {
  photoMissing: "Please choose a photo of your dish.",
  captionTooLong: `Caption must not exceed ${MAX_CAPTION_LENGTH} characters`,
  commentBlank: "Please write a comment.",
  commentTooLong: `Comment must not exceed ${MAX_COMMENT_TEXT_LENGTH} characters`,
  menuNotFound: "Menu not found",
  postNotFound: "Post not found",
  commentNotFound: "Comment not found",
  notYourComment: "You can only delete your own comments",
  notYourPost: "You can only delete your own posts",
  tooManyPosts: "You have shared a lot of dishes in a short time. Please try again later.",
  tooManyComments: "You have written a lot of comments in a short time. Please try again later.",
  posted: "Your dish is shared with the community!",
  postDeleted: "Post deleted.",
  commented: "Comment added.",
  commentDeleted: "Comment deleted.",
  photoDiscarded: "Photo removed.",
  reported: "Thank you. The post is reported; after 3 reports it is hidden.",
  notYourOwnReport: "You cannot report your own post. You can delete it.",
} as const;

/** The community screen's address, for a recipe's dishes or all of them, optionally with a post's comments open. */
export function communityPath({
  recipeId,
  before,
  comments,
}: { recipeId?: number | null; before?: number | null; comments?: number | null } = {}): string {
  const query = new URLSearchParams();
  if (recipeId) query.set("menu_id", String(recipeId));
  if (before) query.set("before", String(before));
  if (comments) query.set("comments", String(comments));
  const search = query.toString();
  return search ? `/community?${search}` : "/community";
}
