import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { NOT_AN_IMAGE } from "~/domain/image-upload";
import { loader as communityApiLoader, action as communityApiAction } from "~/api/community.server";
import { action as likeCall } from "~/api/community.$postId.like.server";
import { action as commentCall } from "~/api/community.$postId.comments.server";
import { action as deleteCommentCall } from "~/api/community.$postId.comments.$commentId.server";
import { action as cameraShareAction, loader as cameraShareLoader } from "~/routes/camera-share-dish";
import { action as communityAction, loader as communityLoader } from "~/routes/community";
import { loader as menuDetailLoader } from "~/routes/menu-detail.$id";
import { prisma } from "~/services/db.server";
import { readStoredImage, storeImage } from "~/services/images.server";
import { createUserSession } from "~/services/sign-in.server";
import { cameraJpeg } from "../support/images";
import { flashAfter } from "../support/flash";
import { formRequest, getRequest, jsonRequest, run, served } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-community-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const ORIGIN = "http://localhost:3000";
type Cook = { id: number; username: string; cookie: string };
let counter = 0;
let recipeId: number;
let otherRecipeId: number;

/** A signed-in user; `cookie` carries their session (and, when given, other cookies such as a waiting photo). */
async function newCook(): Promise<Cook> {
  counter += 1;
  const username = `sharer_${counter}`;
  const user = await prisma.user.create({ data: { username, email: `sharer${counter}@example.com` } });
  const setCookie = await createUserSession(getRequest("/login"), user.id);
  return { id: user.id, username, cookie: setCookie.split(";")[0] };
}

beforeAll(async () => {
  recipeId = (await prisma.recipe.create({ data: { name: "Community Test Curry" } })).id;
  otherRecipeId = (await prisma.recipe.create({ data: { name: "Community Test Tart" } })).id;
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const jpeg = async (width = 64, height = 48) =>
  new File([await cameraJpeg(width, height)], "dish.jpg", { type: "image/jpeg" });
const dishFiles = () =>
  existsSync(path.join(uploadsDir, "dishes")) ? readdirSync(path.join(uploadsDir, "dishes")).sort() : [];

function multipart(
  pathAndQuery: string,
  fields: Record<string, string | File>,
  cookie?: string | null,
  headers: Record<string, string> = {}
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${pathAndQuery}`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

function call(method: string, pathAndQuery: string, body: unknown, cookie?: string | null): Request {
  return new Request(jsonRequest(pathAndQuery, body, { cookie }), { method });
}

const sharePost = (fields: Record<string, string | File>, cookie?: string | null, headers?: Record<string, string>) => {
  const request = multipart("/api/community", fields, cookie, headers);
  return served(request, () => communityApiAction(args(request)));
};
const listCall = (query: string, cookie?: string | null) =>
  run(() => communityApiLoader(args(getRequest(`/api/community${query}`, { cookie }))));
const like = (postId: number | string, body: unknown, cookie?: string | null) =>
  run(() => likeCall(args(call("POST", `/api/community/${postId}/like`, body, cookie), { postId: String(postId) })));
const comment = (postId: number | string, body: unknown, cookie?: string | null) =>
  run(() =>
    commentCall(args(call("POST", `/api/community/${postId}/comments`, body, cookie), { postId: String(postId) }))
  );
const deleteComment = (postId: number | string, commentId: number | string, cookie?: string | null) =>
  run(() =>
    deleteCommentCall(
      args(
        new Request(`${ORIGIN}/api/community/${postId}/comments/${commentId}`, {
          method: "DELETE",
          headers: cookie ? { Cookie: cookie } : {},
        }),
        {
          postId: String(postId),
          commentId: String(commentId),
        }
      )
    )
  );

async function refusal(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

/** A post made straight in the database (a stored photo, so the feed can build its sizes). */
async function postBy(cook: Cook, recipe: number | null = recipeId, caption = "Dinner") {
  const image = await storeImage("dishes", await jpeg());
  return prisma.communityPost.create({ data: { userId: cook.id, recipeId: recipe, image, caption } });
}

describe("dish photos in several sizes", () => {
  it("are stored at 320, 640 and 1024 px wide beside the photo, offered as a srcset, and deleted together", async () => {
    const cook = await newCook();
    // turned upright by its EXIF orientation: 1400 px wide
    const response = await sharePost(
      { image: await jpeg(1050, 1400), menu_id: String(recipeId), caption: "Big" },
      cook.cookie
    );
    expect(response.status).toBe(201);
    const { post } = await response.json();
    const stored = post.image_url.replace(/^\/uploads\//, "");
    const widths = await Promise.all(
      post.image_srcset.split(", ").map(async (candidate: string) => {
        const [url, descriptor] = candidate.split(" ");
        const image = await readStoredImage(url.replace(/^\/uploads\//, ""));
        return [descriptor, (await sharp(image!.bytes).metadata()).width];
      })
    );
    expect(widths).toEqual([
      ["320w", 320],
      ["640w", 640],
      ["1024w", 1024],
      ["1600w", 1400],
    ]);

    await communityAction(
      args(formRequest("/community", { intent: "delete-post", post_id: String(post.post_id) }, { cookie: cook.cookie }))
    );
    expect(dishFiles().filter((name) => name.startsWith(path.basename(stored, ".jpg")))).toEqual([]);
  });
});

describe("POST /api/community", () => {
  it("shares a photo with its caption and answers 201 with the post in the spec's shape", async () => {
    const cook = await newCook();
    const response = await sharePost(
      { image: await jpeg(), user_id: String(cook.id), menu_id: String(recipeId), caption: "  <b>Crispy</b> edges  " },
      cook.cookie
    );
    expect(response.status).toBe(201);
    const { success, post } = await response.json();
    expect(success).toBe(true);
    expect(post).toMatchObject({
      username: cook.username,
      avatar_url: null,
      caption: "<b>Crispy</b> edges",
      like_count: 0,
      liked: false,
      comments: [],
      menu_id: recipeId,
      menu_name: "Community Test Curry",
    });
    expect(post.image_url).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    // re-encoded by the upload service: no camera metadata left
    const saved = await readStoredImage(post.image_url.replace(/^\/uploads\//, ""));
    expect((await sharp(saved!.bytes).metadata()).exif).toBeUndefined();
  });

  it("refuses guests (401), another user's id (403) and anything but an image (400), storing nothing", async () => {
    const cook = await newCook();
    const other = await newCook();
    const postsBefore = await prisma.communityPost.count();
    const filesBefore = dishFiles();

    expect(await refusal(await sharePost({ image: await jpeg(), menu_id: String(recipeId) }))).toEqual({
      status: 401,
      message: "Please log in to continue",
    });
    expect(await refusal(await sharePost({ image: await jpeg(), user_id: String(other.id) }, cook.cookie))).toEqual({
      status: 403,
      message: "You can only access your own data",
    });
    const page = new File(["<html><script>alert(1)</script></html>"], "dish.jpg", { type: "image/jpeg" });
    expect(await refusal(await sharePost({ image: page, menu_id: String(recipeId) }, cook.cookie))).toEqual({
      status: 400,
      message: NOT_AN_IMAGE,
    });
    expect(await refusal(await sharePost({ menu_id: String(recipeId), caption: "No photo" }, cook.cookie))).toEqual({
      status: 400,
      message: COMMUNITY_MESSAGES.photoMissing,
    });
    expect(await refusal(await sharePost({ image: await jpeg(), menu_id: "soup" }, cook.cookie))).toEqual({
      status: 400,
      message: "menu_id must be a positive whole number",
    });
    expect(await refusal(await sharePost({ image: await jpeg(), menu_id: "999999" }, cook.cookie))).toEqual({
      status: 404,
      message: COMMUNITY_MESSAGES.menuNotFound,
    });
    expect(await refusal(await sharePost({ image: await jpeg(), caption: "x".repeat(501) }, cook.cookie))).toEqual({
      status: 400,
      message: COMMUNITY_MESSAGES.captionTooLong,
    });
    const asJson = await run(() =>
      communityApiAction(args(jsonRequest("/api/community", { caption: "hi" }, { cookie: cook.cookie })))
    );
    expect(asJson.status).toBe(415);
    const crossSite = await sharePost({ image: await jpeg() }, cook.cookie, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);

    expect(await prisma.communityPost.count()).toBe(postsBefore);
    expect(dishFiles()).toEqual(filesBefore);
  });

  it("limits how many dishes one user shares in an hour (429)", async () => {
    const cook = await newCook();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await sharePost({ image: await jpeg(16, 16) }, cook.cookie)).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    expect(await refusal(await sharePost({ image: await jpeg(16, 16) }, cook.cookie))).toEqual({
      status: 429,
      message: COMMUNITY_MESSAGES.tooManyPosts,
    });
    // someone else is not held back
    expect((await sharePost({ image: await jpeg(16, 16) }, (await newCook()).cookie)).status).toBe(201);
  });
});

describe("GET /api/community", () => {
  it("lists posts newest first with the viewer's likes and all comments, filtered by recipe, 20 at a time", async () => {
    const [author, viewer] = [await newCook(), await newCook()];
    const recipe = (await prisma.recipe.create({ data: { name: "Community Feed Pie" } })).id;
    const posts = [];
    for (let index = 0; index < 22; index++)
      posts.push(
        await prisma.communityPost.create({
          data: { userId: author.id, recipeId: recipe, image: "dishes/none.jpg", caption: `Pie ${index}` },
        })
      );
    await prisma.postLike.create({ data: { postId: posts[21].id, userId: viewer.id } });
    for (const text of ["one", "two", "three"])
      await prisma.postComment.create({ data: { postId: posts[21].id, userId: author.id, text } });

    const first = await (await listCall(`?menu_id=${recipe}`, viewer.cookie)).json();
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0]).toMatchObject({ caption: "Pie 21", liked: true, like_count: 1, comment_count: 3 });
    expect(first.posts[0].comments.map((c: { comment_text: string }) => c.comment_text)).toEqual([
      "one",
      "two",
      "three",
    ]);
    expect(first.posts[1]).toMatchObject({ caption: "Pie 20", liked: false, like_count: 0 });
    const older = await (await listCall(`?menu_id=${recipe}&before=${first.next_before}`, viewer.cookie)).json();
    expect(older.posts.map((post: { caption: string }) => post.caption)).toEqual(["Pie 1", "Pie 0"]);
    expect(older.next_before).toBeNull();

    const everything = await (await listCall("", viewer.cookie)).json();
    expect(everything.posts[0].caption).toBe("Pie 21");
  });

  it("shows guests the feed, as /community does, with nothing liked", async () => {
    const author = await newCook();
    const post = await postBy(author);
    await prisma.postLike.create({ data: { postId: post.id, userId: author.id } });
    const guest = await listCall("");
    expect(guest.status).toBe(200);
    const { posts } = (await guest.json()) as { posts: { post_id: number; liked: boolean; like_count: number }[] };
    expect(posts.find((shown) => shown.post_id === post.id)).toMatchObject({ liked: false, like_count: 1 });
  });

  it("answers 400 to a bad menu_id and 404 to an unknown recipe", async () => {
    const cook = await newCook();
    expect(await refusal(await listCall("?menu_id=abc", cook.cookie))).toEqual({
      status: 400,
      message: "menu_id must be a positive whole number",
    });
    expect(await refusal(await listCall("?menu_id=999999", cook.cookie))).toEqual({
      status: 404,
      message: COMMUNITY_MESSAGES.menuNotFound,
    });
  });
});

describe("POST /api/community/{postId}/like", () => {
  it("toggles the caller's like and answers success, like_count and liked", async () => {
    const [author, first, second] = [await newCook(), await newCook(), await newCook()];
    const post = await postBy(author);
    expect(await (await like(post.id, { user_id: first.id }, first.cookie)).json()).toEqual({
      success: true,
      like_count: 1,
      liked: true,
    });
    expect(await (await like(post.id, { user_id: second.id }, second.cookie)).json()).toEqual({
      success: true,
      like_count: 2,
      liked: true,
    });
    expect(await (await like(post.id, { user_id: first.id }, first.cookie)).json()).toEqual({
      success: true,
      like_count: 1,
      liked: false,
    });
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(1);
  });

  it("counts two likes sent at once by the same user as one toggle each, never failing", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    const answers = await Promise.all([like(post.id, {}, fan.cookie), like(post.id, {}, fan.cookie)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(0);
  });

  it("answers 401 to guests, 403 for another user's id, 400 for a bad body and 404 for no such post", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    expect((await like(post.id, { user_id: fan.id })).status).toBe(401);
    expect(await refusal(await like(post.id, { user_id: author.id }, fan.cookie))).toEqual({
      status: 403,
      message: "You can only access your own data",
    });
    expect(await refusal(await like(post.id, "{not json", fan.cookie))).toEqual({
      status: 400,
      message: "Request body must be valid JSON",
    });
    expect(await refusal(await like(999999, {}, fan.cookie))).toEqual({
      status: 404,
      message: COMMUNITY_MESSAGES.postNotFound,
    });
    expect(await refusal(await like("abc", {}, fan.cookie))).toEqual({
      status: 404,
      message: COMMUNITY_MESSAGES.postNotFound,
    });
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(0);
  });
});

describe("comments through the JSON calls", () => {
  it("adds a comment (201: success, comment_id, username, avatar_url) and keeps HTML as text", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    await prisma.user.update({
      where: { id: fan.id },
      data: { avatar: "avatars/0123456789abcdef0123456789abcdef.webp" },
    });
    const post = await postBy(author);
    const response = await comment(
      post.id,
      { user_id: fan.id, comment_text: "  <img src=x onerror=alert(1)> yum " },
      fan.cookie
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, username: fan.username });
    expect(body.avatar_url).toMatch(/^\/uploads\/avatars\/0123456789abcdef0123456789abcdef\.webp\?t=\d+$/);
    const stored = await prisma.postComment.findUniqueOrThrow({ where: { id: body.comment_id } });
    expect([stored.userId, stored.postId, stored.text]).toEqual([fan.id, post.id, "<img src=x onerror=alert(1)> yum"]);
  });

  it("refuses a blank comment, a guest, another user's id and an unknown post, storing nothing", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    expect(await refusal(await comment(post.id, { comment_text: "   " }, fan.cookie))).toEqual({
      status: 400,
      message: COMMUNITY_MESSAGES.commentBlank,
    });
    expect(await refusal(await comment(post.id, {}, fan.cookie))).toEqual({
      status: 400,
      message: COMMUNITY_MESSAGES.commentBlank,
    });
    expect(await refusal(await comment(post.id, { comment_text: "x".repeat(501) }, fan.cookie))).toEqual({
      status: 400,
      message: COMMUNITY_MESSAGES.commentTooLong,
    });
    expect((await comment(post.id, { comment_text: "Hi" })).status).toBe(401);
    expect((await comment(post.id, { user_id: author.id, comment_text: "Hi" }, fan.cookie)).status).toBe(403);
    expect((await comment(999999, { comment_text: "Hi" }, fan.cookie)).status).toBe(404);
    expect(await prisma.postComment.count({ where: { postId: post.id } })).toBe(0);
  });

  it("lets only the author delete a comment", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    const { comment_id } = await (await comment(post.id, { comment_text: "Lovely" }, fan.cookie)).json();

    expect((await deleteComment(post.id, comment_id)).status).toBe(401);
    expect(await refusal(await deleteComment(post.id, comment_id, author.cookie))).toEqual({
      status: 403,
      message: COMMUNITY_MESSAGES.notYourComment,
    });
    expect(await refusal(await deleteComment(post.id + 1000, comment_id, fan.cookie))).toEqual({
      status: 404,
      message: COMMUNITY_MESSAGES.commentNotFound,
    });
    expect(await prisma.postComment.count({ where: { id: comment_id } })).toBe(1);

    expect(await (await deleteComment(post.id, comment_id, fan.cookie)).json()).toEqual({
      success: true,
      message: COMMUNITY_MESSAGES.commentDeleted,
    });
    expect(await prisma.postComment.count({ where: { id: comment_id } })).toBe(0);
  });
});

describe("the community screen", () => {
  const screen = (query: string, cookie?: string) =>
    run(() => communityLoader(args(getRequest(`/community${query}`, { cookie }))));
  const postForm = (query: string, fields: Record<string, string>, cookie: string) =>
    run(() => communityAction(args(formRequest(`/community${query}`, fields, { cookie }))));
  const postJson = (query: string, body: unknown, cookie: string) =>
    run(() => communityAction(args(jsonRequest(`/community${query}`, body, { cookie, headers: { Origin: ORIGIN } }))));
  const flashOf = async (response: Response) => (await flashAfter(response))!;

  it("shows guests the feed (liking, posting and commenting ask them to log in)", async () => {
    const response = await screen("");
    expect(response.status).toBe(200);
  });

  it("shows each post's first two comments and the count, and a post's comments all in its drawer", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author, otherRecipeId);
    for (const text of ["first", "second", "third"])
      await prisma.postComment.create({ data: { postId: post.id, userId: fan.id, text } });
    const body = await (await screen(`?menu_id=${otherRecipeId}&comments=${post.id}`, fan.cookie)).json();
    const shown = body.feed.posts.find((p: { post_id: number }) => p.post_id === post.id);
    expect(shown.comments.map((c: { comment_text: string }) => c.comment_text)).toEqual(["first", "second"]);
    expect(shown.comment_count).toBe(3);
    expect(body.drawer.comments.map((c: { comment_text: string }) => c.comment_text)).toEqual([
      "first",
      "second",
      "third",
    ]);
    expect(body.menu).toEqual({ id: otherRecipeId, name: "Community Test Tart" });
    expect((await screen("?menu_id=abc", fan.cookie)).status).toBe(404);
    expect((await screen("?menu_id=999999", fan.cookie)).status).toBe(404);
  });

  it("without JavaScript: a like, a comment and its deletion post forms and come back to the post", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    const liked = await postForm(`?menu_id=${recipeId}`, { intent: "like", post_id: String(post.id) }, fan.cookie);
    expect(liked.status).toBe(302);
    expect(liked.headers.get("Location")).toBe(`/community?menu_id=${recipeId}#post-${post.id}`);
    expect(await prisma.postLike.count({ where: { postId: post.id, userId: fan.id } })).toBe(1);

    const blank = await postForm(
      `?comments=${post.id}`,
      { intent: "comment", post_id: String(post.id), comment_text: " " },
      fan.cookie
    );
    expect(await flashOf(blank)).toEqual({ type: "error", message: COMMUNITY_MESSAGES.commentBlank });
    const added = await postForm(
      `?comments=${post.id}`,
      { intent: "comment", post_id: String(post.id), comment_text: "Nice crust" },
      fan.cookie
    );
    expect(added.headers.get("Location")).toBe(`/community?comments=${post.id}#post-${post.id}`);
    expect(await flashOf(added)).toEqual({ type: "success", message: COMMUNITY_MESSAGES.commented });
    const stored = await prisma.postComment.findFirstOrThrow({ where: { postId: post.id } });

    const notTheirs = await postForm(
      "",
      { intent: "delete-comment", post_id: String(post.id), comment_id: String(stored.id) },
      author.cookie
    );
    expect(await flashOf(notTheirs)).toEqual({ type: "error", message: COMMUNITY_MESSAGES.notYourComment });
    expect(await prisma.postComment.count({ where: { id: stored.id } })).toBe(1);
    await postForm(
      "",
      { intent: "delete-comment", post_id: String(post.id), comment_id: String(stored.id) },
      fan.cookie
    );
    expect(await prisma.postComment.count({ where: { id: stored.id } })).toBe(0);
  });

  it("takes forms only: a JSON body changes nothing; refusals come back with their message", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    const json = await postJson("", { intent: "like", post_id: post.id }, fan.cookie);
    expect((await flashOf(json)).type).toBe("error");
    expect(await prisma.postLike.count({ where: { postId: post.id } })).toBe(0);
    expect((await flashOf(await postForm("", { intent: "dance", post_id: String(post.id) }, fan.cookie))).type).toBe(
      "error"
    );
    const notTheirs = await postForm("", { intent: "delete-post", post_id: String(post.id) }, fan.cookie);
    expect(await flashOf(notTheirs)).toEqual({ type: "error", message: COMMUNITY_MESSAGES.notYourPost });
    expect(await prisma.communityPost.count({ where: { id: post.id } })).toBe(1);
  });

  it("deletes one's own post with its likes, comments and photo files", async () => {
    const [author, fan] = [await newCook(), await newCook()];
    const post = await postBy(author);
    await prisma.postLike.create({ data: { postId: post.id, userId: fan.id } });
    await prisma.postComment.create({ data: { postId: post.id, userId: fan.id, text: "Wow" } });
    const name = path.basename(post.image, ".jpg");
    expect(dishFiles().filter((file) => file.startsWith(name))).toHaveLength(4);

    const response = await postForm(
      `?comments=${post.id}`,
      { intent: "delete-post", post_id: String(post.id) },
      author.cookie
    );
    expect(response.headers.get("Location")).toBe("/community");
    expect(await prisma.communityPost.count({ where: { id: post.id } })).toBe(0);
    expect(await prisma.postComment.count({ where: { postId: post.id } })).toBe(0);
    expect(dishFiles().filter((file) => file.startsWith(name))).toEqual([]);
  });
});

describe("sharing from the recipe screen", () => {
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .find((pair) => pair.startsWith(`${name}=`));
  const recipeScreen = (cookie: string) =>
    run(() => menuDetailLoader(args(getRequest(`/menu-detail/${recipeId}`, { cookie }), { id: String(recipeId) })));
  const takePhoto = async (cook: Cook, image: File | string, cookie = cook.cookie) =>
    run(() =>
      cameraShareAction(
        args(multipart(`/camera-share-dish?menu_id=${recipeId}`, { menu_id: String(recipeId), image }, cookie))
      )
    );
  const share = (fields: Record<string, string | File>, cookie: string) =>
    run(() =>
      communityAction(
        args(
          multipart(`/community?menu_id=${recipeId}`, { intent: "share", menu_id: String(recipeId), ...fields }, cookie)
        )
      )
    );

  it("the camera's photo waits on the recipe screen, then Submit shares it once and opens the feed", async () => {
    const cook = await newCook();
    expect(
      (
        await run(() =>
          cameraShareLoader(args(getRequest(`/camera-share-dish?menu_id=${recipeId}`, { cookie: cook.cookie })))
        )
      ).status
    ).toBe(200);
    const taken = await takePhoto(cook, await jpeg());
    expect(taken.status).toBe(302);
    expect(taken.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    const withPhoto = `${cook.cookie}; ${cookieOf(taken, "__dish_photo")}`;

    const recipe = await (await recipeScreen(withPhoto)).json();
    expect(recipe.sharedDishImage).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    expect((await (await recipeScreen(cook.cookie)).json()).sharedDishImage).toBeNull();

    const shared = await share({ caption: "From the camera" }, withPhoto);
    expect(shared.status).toBe(302);
    expect(shared.headers.get("Location")).toBe("/community");
    expect(cookieOf(shared, "__dish_photo")).toBe("__dish_photo=");
    const post = await prisma.communityPost.findFirstOrThrow({ where: { userId: cook.id } });
    expect([`/uploads/${post.image}`, post.caption, post.recipeId]).toEqual([
      recipe.sharedDishImage,
      "From the camera",
      recipeId,
    ]);

    // the same Submit sent again (a double click, the old cookie) shares nothing more
    const again = await share({ caption: "From the camera" }, withPhoto);
    expect(again.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    expect(await prisma.communityPost.count({ where: { userId: cook.id } })).toBe(1);
    expect(await readStoredImage(post.image)).not.toBeNull();
  });

  it("Cancel deletes the waiting photo, a newer photo replaces it, and another user's cookie is ignored", async () => {
    const [cook, other] = [await newCook(), await newCook()];
    const first = await takePhoto(cook, await jpeg());
    const firstImage = (await (await recipeScreen(`${cook.cookie}; ${cookieOf(first, "__dish_photo")}`)).json())
      .sharedDishImage as string;
    const second = await takePhoto(cook, await jpeg(), `${cook.cookie}; ${cookieOf(first, "__dish_photo")}`);
    expect(await readStoredImage(firstImage.replace("/uploads/", ""))).toBeNull();
    const withSecond = `${cook.cookie}; ${cookieOf(second, "__dish_photo")}`;
    const secondImage = (await (await recipeScreen(withSecond)).json()).sharedDishImage as string;

    expect(
      (await (await recipeScreen(`${other.cookie}; ${cookieOf(second, "__dish_photo")}`)).json()).sharedDishImage
    ).toBeNull();
    const stolen = await share({ caption: "Not mine" }, `${other.cookie}; ${cookieOf(second, "__dish_photo")}`);
    expect(stolen.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    expect(await prisma.communityPost.count({ where: { userId: other.id } })).toBe(0);

    const cancelled = await run(() =>
      cameraShareAction(
        args(
          multipart(
            `/camera-share-dish?menu_id=${recipeId}`,
            { menu_id: String(recipeId), intent: "discard" },
            withSecond
          )
        )
      )
    );
    expect(cancelled.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    expect(cookieOf(cancelled, "__dish_photo")).toBe("__dish_photo=");
    expect(await readStoredImage(secondImage.replace("/uploads/", ""))).toBeNull();
  });

  it("the camera screen refuses a file that is not an image, with the upload service's message", async () => {
    const cook = await newCook();
    const before = dishFiles();
    const refused = await takePhoto(cook, new File(["<svg onload=alert(1)>"], "dish.jpg", { type: "image/jpeg" }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: NOT_AN_IMAGE });
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    expect((await takePhoto(cook, "")).status).toBe(400);
    expect(dishFiles()).toEqual(before);
  });

  it("without JavaScript: one form with the file and caption shares it; a refusal goes back to the recipe with the reason", async () => {
    const cook = await newCook();
    const shared = await share({ image: await jpeg(), caption: "<script>alert(1)</script>" }, cook.cookie);
    expect(shared.headers.get("Location")).toBe("/community");
    const feed = await (
      await run(() => communityLoader(args(getRequest("/community", { cookie: cook.cookie }))))
    ).json();
    expect(await flashAfter(shared)).toEqual({ type: "success", message: COMMUNITY_MESSAGES.posted });
    expect(feed.feed.posts[0]).toMatchObject({ username: cook.username, caption: "<script>alert(1)</script>" });

    const notAPhoto = await share(
      { image: new File(["hello"], "dish.png", { type: "image/png" }), caption: "x" },
      cook.cookie
    );
    expect(notAPhoto.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    const empty = await share({ image: new File([], ""), caption: "x" }, cook.cookie);
    expect(empty.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    expect(await flashAfter(empty)).toEqual({ type: "error", message: COMMUNITY_MESSAGES.photoMissing });
    expect(await prisma.communityPost.count({ where: { userId: cook.id } })).toBe(1);
  });
});
