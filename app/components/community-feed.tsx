/**
 * The community screen's pieces: a post card with its picture
 * in several sizes, caption, author, time, like toggle and first comments; the comments drawer. Every control
 * is a form posted to /community, which redirects back to the feed: with JavaScript a fetcher sends it and the
 * screen stays where it is while the feed reloads (stayOnScreen); without it the browser follows the redirect.
 */
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/avatar";
import { FormMessage, useFlash } from "~/components/flash";
import { ErrorList } from "~/components/field-errors";
import { CloseIcon, HeartIcon } from "~/components/icons";
import { IntentForm, usePendingIntents, type StayedOnScreen } from "~/components/intent-form";
import { ModalDialog } from "~/components/modal-dialog";
import { useLazyFormCheck } from "~/components/use-lazy-form-check";
import {
  COMMENT_PREVIEW_COUNT,
  commentsText,
  communityPath,
  DRAWER_CLOSE_MS,
  likesText,
  MAX_COMMENT_TEXT_LENGTH,
  type CommunityComment,
  type CommunityPost,
} from "~/domain/community";
import { formatDayMonthYear } from "~/domain/dates";
import { relativeTime } from "~/domain/relative-time";

/** Where the feed is: a recipe's dishes or all, and which page; opening and closing comments keeps it. */
type FeedPlace = { recipeId: number | null; before: number | null };

/** "5 minutes ago", with the date (dd/mm/yyyy) on hover. `now` is the server's, so both renders agree. */
function PostedTime({ at, now }: { at: string; now: string }) {
  return (
    <time dateTime={at} title={formatDayMonthYear(at)}>
      {relativeTime(new Date(at), new Date(now))}
    </time>
  );
}

const commentsLinkId = (postId: number) => `comments-link-${postId}`;
const postAnchor = (postId: number) => `post-${postId}`;

export function PostCard({
  post,
  viewerId,
  now,
  place,
  eager,
}: {
  post: CommunityPost;
  /** null for a guest, who sees a way to log in instead of the like button */
  viewerId: number | null;
  now: string;
  place: FeedPlace;
  /** the first pictures of the page load at once, the others as they scroll into view */
  eager: boolean;
}) {
  const authorId = `post-${post.post_id}-author`;
  const deleting = usePendingIntents("delete-post").some((fields) => Number(fields.post_id) === post.post_id);
  if (deleting) return null;
  const hidden = post.comment_count - post.comments.length;
  return (
    <article id={postAnchor(post.post_id)} className="post-card" aria-labelledby={authorId}>
      <header className="post-header">
        <Avatar src={post.avatar_url} label={`Picture of ${post.username}`} />
        <div className="post-who">
          <h2 id={authorId} className="post-author">
            {post.username}
          </h2>
          <p className="post-meta">
            <PostedTime at={post.created_at} now={now} />
            {post.menu_id && post.menu_name ? (
              <>
                {" · "}
                <Link to={`/menu-detail/${post.menu_id}`}>{post.menu_name}</Link>
              </>
            ) : null}
          </p>
        </div>
        {post.user_id === viewerId ? (
          <IntentForm
            fetcherKey={`delete-post-${post.post_id}`}
            fields={{ intent: "delete-post", post_id: String(post.post_id) }}
            className="post-delete"
          >
            <button type="submit" className="text-button">
              Delete post
            </button>
          </IntentForm>
        ) : viewerId !== null ? (
          <ReportButton post={post} />
        ) : null}
      </header>
      {post.hidden && post.user_id === viewerId ? (
        <p className="post-hidden" role="note">
          Hidden after reports from other cooks: only you see this post. Delete it to remove it.
        </p>
      ) : null}
      <img
        className="post-image"
        src={post.image_url}
        srcSet={post.image_srcset}
        sizes="(min-width: 480px) 448px, calc(100vw - 2rem)"
        alt={post.menu_name ? `${post.menu_name}, made by ${post.username}` : `A dish made by ${post.username}`}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      {viewerId === null ? <GuestLike post={post} place={place} /> : <LikeButton post={post} />}
      {post.caption ? <p className="post-caption">{post.caption}</p> : null}
      {post.comments.length > 0 ? (
        <ul className="comment-preview" aria-label={`First comments on ${post.username}'s dish`}>
          {post.comments.slice(0, COMMENT_PREVIEW_COUNT).map((comment) => (
            <li key={comment.comment_id}>
              <strong>{comment.username}</strong> {comment.comment_text}
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        id={commentsLinkId(post.post_id)}
        className="post-comments-link"
        to={`${communityPath({ ...place, comments: post.post_id })}#${postAnchor(post.post_id)}`}
        replace
        preventScrollReset
      >
        {post.comment_count === 0
          ? "Add a comment"
          : `View ${hidden > 0 ? "all " : ""}${commentsText(post.comment_count)}`}
        <span className="visually-hidden"> on {post.username}&apos;s dish</span>
      </Link>
    </article>
  );
}

/** Someone else's post: report it once (the button says so after). */
function ReportButton({ post }: { post: CommunityPost }) {
  const reporting = usePendingIntents("report").some((fields) => Number(fields.post_id) === post.post_id);
  if (post.reported || reporting) return <span className="post-reported">Reported</span>;
  return (
    <IntentForm
      fetcherKey={`report-${post.post_id}`}
      fields={{ intent: "report", post_id: String(post.post_id) }}
      className="post-delete"
    >
      <button type="submit" className="text-button">
        Report<span className="visually-hidden"> {post.username}&apos;s post</span>
      </button>
    </IntentForm>
  );
}

/** Where a guest goes to log in, coming back to `path` afterwards. */
const loginPath = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;

function GuestLike({ post, place }: { post: CommunityPost; place: FeedPlace }) {
  return (
    <p className="post-like">
      <Link className="like-button" to={loginPath(`${communityPath(place)}#${postAnchor(post.post_id)}`)}>
        <HeartIcon />
        <span className="visually-hidden">Log in to like {post.username}&apos;s dish</span>
      </Link>
      <span className="like-count">{likesText(post.like_count)}</span>
    </p>
  );
}

/** The heart shows the like toggled as soon as it is sent, until the feed has reloaded with it. */
function LikeButton({ post }: { post: CommunityPost }) {
  const key = `like-${post.post_id}`;
  const fetcher = useFetcher({ key });
  const toggling = fetcher.state !== "idle";
  const liked = toggling ? !post.liked : post.liked;
  const count = toggling ? post.like_count + (liked ? 1 : -1) : post.like_count;
  return (
    <IntentForm fetcherKey={key} fields={{ intent: "like", post_id: String(post.post_id) }} className="post-like">
      <button type="submit" className="like-button" aria-pressed={liked} aria-busy={fetcher.state === "submitting"}>
        <HeartIcon />
        <span className="visually-hidden">Like</span>
      </button>
      <span className="like-count">{likesText(count)}</span>
    </IntentForm>
  );
}

/** Gives focus back to the post's comments link once its drawer has closed. */
export function useFocusReturnFromDrawer(openPostId: number | null) {
  const previous = useRef(openPostId);
  useEffect(() => {
    if (previous.current !== null && openPostId === null)
      document.getElementById(commentsLinkId(previous.current))?.focus();
    previous.current = openPostId;
  }, [openPostId]);
}

/**
 * A post's comments as a bottom sheet: a modal dialog once JavaScript runs (Escape, the close button or a
 * click outside it slide it down over 300 ms, then focus returns to the post), an overlay with a close link
 * without it.
 */
export function CommentsDrawer({
  post,
  viewerId,
  now,
  place,
}: {
  post: CommunityPost;
  viewerId: number | null;
  now: string;
  place: FeedPlace;
}) {
  const navigate = useNavigate();
  const titleId = useId();
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // Without JavaScript the page loads again: at the post, not at the top of the feed.
  const closeTo = `${communityPath(place)}#${postAnchor(post.post_id)}`;
  const close = () => {
    if (closing) return;
    setClosing(true);
    timer.current = setTimeout(() => navigate(closeTo, { replace: true, preventScrollReset: true }), DRAWER_CLOSE_MS);
  };
  const deleting = new Set(usePendingIntents("delete-comment").map((fields) => Number(fields.comment_id)));
  const comments = post.comments.filter((comment) => !deleting.has(comment.comment_id));

  return (
    <ModalDialog
      titleId={titleId}
      className={closing ? "comments-drawer is-closing" : "comments-drawer"}
      onClose={close}
      closeOnOutsideClick
    >
      <div className="comments-drawer-body">
        <header className="comments-drawer-header">
          <h2 id={titleId}>
            Comments <span className="comments-drawer-on">on {post.username}&apos;s dish</span>
          </h2>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="icon-button"
            aria-label="Close comments"
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            <CloseIcon />
          </Link>
        </header>
        {comments.length === 0 ? (
          <p className="comments-empty">No comments yet. Be the first!</p>
        ) : (
          <ul className="comment-list" aria-label="Comments">
            {comments.map((comment) => (
              <li key={comment.comment_id}>
                <CommentItem comment={comment} own={comment.user_id === viewerId} now={now} />
              </li>
            ))}
          </ul>
        )}
        {viewerId === null ? (
          <p className="comments-login">
            <Link
              to={loginPath(communityPath({ ...place, comments: post.post_id }))}
              className="button button-secondary"
            >
              Log in to comment
            </Link>
          </p>
        ) : (
          <CommentForm postId={post.post_id} />
        )}
      </div>
    </ModalDialog>
  );
}

function CommentItem({ comment, own, now }: { comment: CommunityComment; own: boolean; now: string }) {
  return (
    <article className="comment" aria-label={`Comment by ${comment.username}`}>
      <Avatar src={comment.avatar_url} label={`Picture of ${comment.username}`} className="avatar-small" />
      <div className="comment-body">
        <p className="comment-meta">
          <strong>{comment.username}</strong> <PostedTime at={comment.created_at} now={now} />
        </p>
        <p className="comment-text">{comment.comment_text}</p>
      </div>
      {own ? (
        <IntentForm
          fetcherKey={`delete-comment-${comment.comment_id}`}
          fields={{
            intent: "delete-comment",
            post_id: String(comment.post_id),
            comment_id: String(comment.comment_id),
          }}
        >
          <button type="submit" className="text-button">
            Delete<span className="visually-hidden"> your comment</span>
          </button>
        </IntentForm>
      ) : null}
    </article>
  );
}

const loadCommentCheck = () => import("~/domain/comment-check").then((module) => module.commentErrors);

/** A comment must not be blank; checked here (once the check has arrived) and by the server. */
function CommentForm({ postId }: { postId: number }) {
  const fetcher = useFetcher<StayedOnScreen>({ key: `comment-${postId}` });
  const flash = useFlash();
  const { errors, formProps, reset } = useLazyFormCheck(loadCommentCheck, undefined);
  const formId = `comment-form-${postId}`;
  // Emptied once the comment is in.
  const answered = fetcher.state === "idle" && fetcher.data?.stayed === true;
  const failure = answered && flash?.type === "error" ? flash.message : undefined;
  const sent = answered && !failure;
  useEffect(() => {
    if (sent) reset();
  }, [sent, reset]);

  return (
    <form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented) return; // a blank comment is shown, not sent
        event.preventDefault();
        if (fetcher.state !== "idle") return;
        const text = new FormData(event.currentTarget).get("comment_text");
        fetcher.submit(
          { intent: "comment", post_id: String(postId), comment_text: typeof text === "string" ? text : "" },
          { method: "post" }
        );
      }}
      id={formId}
      className="comment-form"
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="post_id" value={postId} />
      <FormMessage type="error" message={failure} />
      <div className="field">
        <label htmlFor={`${formId}-comment_text`}>Add a comment</label>
        <textarea
          id={`${formId}-comment_text`}
          name="comment_text"
          required
          maxLength={MAX_COMMENT_TEXT_LENGTH}
          rows={2}
          aria-invalid={errors.comment_text ? true : undefined}
          aria-describedby={errors.comment_text ? `${formId}-comment_text-error` : undefined}
        />
        <ErrorList id={`${formId}-comment_text-error`} errors={errors.comment_text} />
      </div>
      {/* not disabled while sending: that would take the keyboard focus away from it */}
      <button type="submit" className="button button-primary" aria-disabled={fetcher.state !== "idle"}>
        {fetcher.state === "submitting" ? "Posting..." : "Post comment"}
      </button>
    </form>
  );
}
