import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CommentsDrawer, PostCard, useFocusReturnFromDrawer } from "~/components/community-feed";
import { Flash } from "~/components/flash";
import { stayOnScreen } from "~/components/intent-form";
import { ScreenHeader } from "~/components/screen-header";
import { communityPath } from "~/domain/community";
import { changeCommunity, communityScreen } from "~/services/community-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.menu ? `Community · ${data.menu.name} · Recipe Helper` : "Community · Recipe Helper" },
];

/** Anyone may look at the feed; liking, posting and commenting need an account (the action asks for it). */
export async function loader({ request }: LoaderFunctionArgs) {
  return communityScreen(request);
}

/**
 * Shares a dish photo (the recipe screen's form: a file, or the photo taken on /camera-share-dish) and then
 * shows the feed; likes, comments and deletions from this screen, each redirected back with a message.
 */
export async function action({ request }: ActionFunctionArgs) {
  return changeCommunity(request);
}

export const clientAction = stayOnScreen;

export default function CommunityScreen() {
  const { userId, menu, before, feed, drawer, now } = useLoaderData<typeof loader>();
  const recipeId = menu?.id ?? null;
  const place = { recipeId, before };
  useFocusReturnFromDrawer(drawer?.post_id ?? null);
  return (
    <main className="community-screen">
      <ScreenHeader
        back={menu ? `/menu-detail/${menu.id}` : "/home"}
        backLabel={menu ? `Back to ${menu.name}` : "Back to Home"}
        title="Community"
      />
      <Flash />
      {menu ? (
        <p className="community-filter">
          Dishes made from <strong>{menu.name}</strong>. <Link to={communityPath()}>See all dishes</Link>
        </p>
      ) : null}
      {feed.posts.length === 0 ? (
        <p className="empty-state">
          {before ? "No older posts." : menu ? "No one has shared this dish yet." : "No dishes shared yet."}
        </p>
      ) : (
        <ul className="community-feed" aria-label="Posts">
          {feed.posts.map((post, index) => (
            <li key={post.post_id}>
              <PostCard post={post} viewerId={userId} now={now} place={place} eager={index < 2} />
            </li>
          ))}
        </ul>
      )}
      <nav className="community-pages" aria-label="More posts">
        {before ? <Link to={communityPath({ recipeId })}>Newest posts</Link> : null}
        {feed.nextBefore ? <Link to={communityPath({ recipeId, before: feed.nextBefore })}>Older posts</Link> : null}
      </nav>
      {drawer ? <CommentsDrawer post={drawer} viewerId={userId} now={now} place={place} /> : null}
    </main>
  );
}
