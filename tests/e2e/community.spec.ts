/**
 * Sharing a cooked dish and the community feed, as cooks use them: from a recipe to a posted photo with a
 * caption (the live camera with JavaScript, Chromium's fake camera filming a grocery photo; the photo forms
 * without), liked, commented, the comment deleted by its author and by no one else; the comments drawer.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { sharedPath, skipWithoutShared } from "../support/shared-data";
import { takePhotoTwice, withFakeCamera } from "./fake-camera";
import {
  animationsEnded,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  hasJavaScript,
  hydrated,
  queryServerDatabase,
  signInAsNewCook,
  uniqueUsername,
} from "./support";

const DISH_PHOTO = sharedPath("data/images/grocery-dev/Aubergine/Aubergine_001.jpg");
const sharedAvailable = existsSync(DISH_PHOTO);
const FAKE_VIDEO = path.resolve(`tests/.tmp/fake-dish-camera-${process.pid}.mjpeg`);

/** Chromium's fake camera plays an MJPEG file: here one baseline JPEG frame of a real photo, which it loops. */
async function writeFakeVideo(photo: string, file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await sharp(photo).resize(640, 480, { fit: "cover" }).jpeg({ quality: 85 }).toBuffer());
}

const test = withFakeCamera(FAKE_VIDEO, sharedAvailable ? (file) => writeFakeVideo(DISH_PHOTO, file) : null);

test.use({ permissions: ["camera"] });

/** A photo made here, for the file pickers (no shared data needed). */
const madePhoto = async (colour: string) => ({
  name: "dish.jpg",
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

async function firstRecipe(): Promise<{ id: number; name: string }> {
  const [row] = await queryServerDatabase("SELECT id, name FROM Recipe ORDER BY id LIMIT 1");
  return { id: Number(row.id), name: String(row.name) };
}

/** Until React has hydrated the page, a click is the no-JavaScript one. */
async function hydratedIfJavaScript(page: Page, testInfo: TestInfo) {
  if (hasJavaScript(testInfo)) await hydrated(page);
}

/** A cook signed in in a browser context of their own (JavaScript on or off as the project says). */
async function newCook(browser: Browser, testInfo: TestInfo, prefix: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: hasJavaScript(testInfo),
    permissions: ["camera"],
  });
  const page = await context.newPage();
  const username = uniqueUsername(testInfo, prefix);
  await signInAsNewCook(page, username);
  return { page, username, close: () => context.close() };
}

const feedPost = (page: Page, username: string) =>
  page.getByRole("list", { name: "Posts" }).getByRole("article", { name: username });

test("a cook shares a dish photo from a recipe; a friend likes and comments; only the comment's author deletes it", async ({
  browser,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  test.skip(
    javascript && skipWithoutShared("the live camera share", sharedAvailable, "data/images/grocery-dev"),
    "the fake camera films ../shared/data/images/grocery-dev (absent here)"
  );
  test.setTimeout(120_000);
  const recipe = await firstRecipe();
  const cook = await newCook(browser, testInfo, "sharer");
  const friend = await newCook(browser, testInfo, "friend");
  const caption = `<b>Crispy</b> & golden ${testInfo.project.name}`;

  // The recipe screen's block: a placeholder, 'Take a photo' to the dish camera.
  const { page } = cook;
  await page.goto(`/menu-detail/${recipe.id}`);
  await hydratedIfJavaScript(page, testInfo);
  const share = page.getByRole("region", { name: "Share your dish" });
  await expect(share.getByRole("link", { name: "See the Community" })).toHaveAttribute(
    "href",
    `/community?menu_id=${recipe.id}`
  );
  const historyLength = () => page.evaluate(() => window.history.length);
  const entriesBefore = await historyLength();
  const taken = share.getByRole("img", { name: "Your dish photo" });

  /** 'Take a photo', the dish camera (the fake camera films an aubergine; a file without JavaScript), Next. */
  async function takeDishPhoto() {
    await share.getByRole("link", { name: "Take a photo" }).click();
    await expect(page).toHaveURL(new RegExp(`/camera-share-dish\\?menu_id=${recipe.id}$`));
    await expect(page.getByRole("heading", { name: "Take your dish photo" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Close, back to ${recipe.name}` })).toHaveAttribute(
      "href",
      `/menu-detail/${recipe.id}`
    );
    if (javascript) {
      await takePhotoTwice(page);
    } else {
      const input = page.getByLabel("Photo of your dish");
      await expect(input).toHaveAttribute("accept", "image/*");
      await input.setInputFiles(await madePhoto("#7a3b6e"));
    }
    await page.getByRole("button", { name: "Next" }).click();
    // back on the recipe: the photo replaces the placeholder and the two buttons are gone
    await expect(page).toHaveURL(new RegExp(`/menu-detail/${recipe.id}#share-dish$`));
    await expect(taken).toHaveAttribute("src", /^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    await expect.poll(() => taken.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(share.getByRole("link", { name: "Take a photo" })).toHaveCount(0);
    await expect(share.getByText("Select photo")).toHaveCount(0);
    // the camera screen took the recipe's place in the history, and the recipe took it back
    if (javascript) expect(await historyLength()).toBe(entriesBefore);
  }

  // A first photo, cancelled: the placeholder and the buttons come back.
  await takeDishPhoto();
  await share.getByRole("button", { name: "Cancel" }).click();
  await expect(taken).toHaveCount(0);
  await expect(share.getByRole("link", { name: "Take a photo" })).toBeVisible();

  await takeDishPhoto();
  await share.getByLabel("Caption").fill(caption);
  await share.getByRole("button", { name: "Submit" }).click();

  // The feed: the picture in several sizes, the caption as text, the author, the time.
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByText("Your dish is shared with the community!")).toBeVisible();
  const post = feedPost(page, cook.username);
  await expect(post).toBeVisible();
  await expect(post.getByText(caption, { exact: true })).toBeVisible();
  await expect(post.getByText("just now").or(post.getByText(/seconds? ago/))).toBeVisible();
  await expect(post.getByRole("link", { name: recipe.name })).toHaveAttribute("href", `/menu-detail/${recipe.id}`);
  const picture = post.getByRole("img", { name: `${recipe.name}, made by ${cook.username}` });
  await expect(picture).toHaveAttribute(
    "srcset",
    /-320w\.jpg 320w, .*-640w\.jpg 640w, .*-1024w\.jpg 1024w, .*\.jpg 1600w$/
  );
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(post.getByText("0 likes")).toBeVisible();

  // The friend, on the recipe's feed: like, unlike, like; a comment (not blank).
  const other = friend.page;
  await other.goto(`/community?menu_id=${recipe.id}`);
  await hydratedIfJavaScript(other, testInfo);
  // with JavaScript the likes, comments and deletions below never reload the page
  if (javascript) await other.evaluate(() => ((window as { unreloaded?: boolean }).unreloaded = true));
  const seen = feedPost(other, cook.username);
  const likeButton = seen.getByRole("button", { name: "Like" });
  await expect(likeButton).toHaveAttribute("aria-pressed", "false");
  await likeButton.click();
  await expect(seen.getByText("1 like", { exact: true })).toBeVisible();
  await expect(likeButton).toHaveAttribute("aria-pressed", "true");
  await likeButton.click();
  await expect(seen.getByText("0 likes")).toBeVisible();
  await expect(likeButton).toHaveAttribute("aria-pressed", "false");
  await likeButton.click();
  await expect(seen.getByText("1 like", { exact: true })).toBeVisible();

  await seen.getByRole("link", { name: /Add a comment/ }).click();
  const drawer = other.getByRole("dialog", { name: /Comments/ });
  await expect(drawer).toBeVisible();
  await animationsEnded(drawer);
  await expect(drawer).toContainText("No comments yet. Be the first!");
  await drawer.getByRole("button", { name: "Post comment" }).click();
  await expect(other.getByText("Please write a comment.")).toBeVisible();
  await drawer.getByLabel("Add a comment").fill("Looks <i>delicious</i>!");
  await drawer.getByRole("button", { name: "Post comment" }).click();
  const friendsComment = drawer.getByRole("article", { name: `Comment by ${friend.username}` });
  await expect(friendsComment).toContainText("Looks <i>delicious</i>!");
  if (!javascript) await expect(other.getByText("Comment added.")).toBeVisible();
  await expect(drawer.getByLabel("Add a comment")).toHaveValue("");

  // The cook sees the like and the comment; they have no delete on someone else's comment, and the server refuses it.
  await page.goto("/community");
  await expect(post.getByText("1 like", { exact: true })).toBeVisible();
  await expect(post.getByRole("list", { name: /First comments/ })).toContainText(
    `${friend.username} Looks <i>delicious</i>!`
  );
  await post.getByRole("link", { name: /View 1 comment/ }).click();
  const cooksDrawer = page.getByRole("dialog", { name: /Comments/ });
  await expect(cooksDrawer.getByRole("article", { name: `Comment by ${friend.username}` })).toBeVisible();
  await expect(cooksDrawer.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  const [stored] = await queryServerDatabase(
    "SELECT c.id AS commentId, c.postId AS postId FROM PostComment c JOIN User u ON u.id = c.userId WHERE u.username = ?",
    [friend.username]
  );
  const refused = await page.request.delete(`/api/community/${stored.postId}/comments/${stored.commentId}`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: "You can only delete your own comments" });

  // The friend deletes it.
  await friendsComment.getByRole("button", { name: "Delete your comment" }).click();
  await expect(friendsComment).toHaveCount(0);
  await expect(drawer).toContainText("No comments yet. Be the first!");
  // (with JavaScript it goes from the screen at once, while the server deletes it)
  await expect
    .poll(() => queryServerDatabase("SELECT id FROM PostComment WHERE id = ?", [Number(stored.commentId)]))
    .toHaveLength(0);
  if (javascript) expect(await other.evaluate(() => (window as { unreloaded?: boolean }).unreloaded)).toBe(true);

  await friend.close();
  await cook.close();
});

test("Select photo picks a file for the same form; Cancel puts the placeholder back; a file that is not a photo is refused", async ({
  page,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  const recipe = await firstRecipe();
  const username = uniqueUsername(testInfo, "picker");
  await signInAsNewCook(page, username);

  await page.goto(`/menu-detail/${recipe.id}`);
  await hydratedIfJavaScript(page, testInfo);
  const share = page.getByRole("region", { name: "Share your dish" });
  const picker = share.getByLabel("Select photo");
  await expect(picker).toHaveAttribute("accept", "image/*");

  if (javascript) {
    // no caption box until there is a photo; the picked one shows at once and hides the buttons
    await expect(share.getByLabel("Caption")).toHaveCount(0);
    await picker.setInputFiles(await madePhoto("#c2571a"));
    await expect(share.getByRole("img", { name: "Your dish photo" })).toHaveAttribute("src", /^blob:/);
    await expect(share.getByRole("link", { name: "Take a photo" })).toHaveCount(0);
    await share.getByLabel("Caption").fill("Not this one");

    await share.getByRole("button", { name: "Cancel" }).click();
    await expect(share.getByRole("img", { name: "Your dish photo" })).toHaveCount(0);
    await expect(share.getByRole("link", { name: "Take a photo" })).toBeVisible();
  }

  const notAPhoto = {
    name: "dish.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><body>not a photo</body></html>"),
  };
  await picker.setInputFiles(notAPhoto);
  await share.getByLabel("Caption").fill("Broken");
  await share.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Choose a JPEG, PNG, WebP or GIF image")).toBeVisible();
  // the cook stays on the recipe; without JavaScript the page comes back scrolled to the form
  await expect(page).toHaveURL(
    new RegExp(`/menu-detail/${recipe.id}${javascript ? "(#share-dish)?" : "#share-dish"}$`)
  );

  if (javascript) await share.getByRole("button", { name: "Cancel" }).click();
  await share.getByLabel("Select photo").setInputFiles(await madePhoto("#1a8c4e"));
  await share.getByLabel("Caption").fill(`Green curry night (${testInfo.project.name})`);
  await share.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(feedPost(page, username).getByText(`Green curry night (${testInfo.project.name})`)).toBeVisible();
  expect(
    await queryServerDatabase(
      "SELECT p.caption FROM CommunityPost p JOIN User u ON u.id = p.userId WHERE u.username = ?",
      [username]
    )
  ).toHaveLength(1);
});

test("the comments drawer closes with its close button, and with JavaScript by Escape or a click outside, giving focus back", async ({
  page,
}, testInfo) => {
  const javascript = hasJavaScript(testInfo);
  const username = uniqueUsername(testInfo, "drawer");
  await signInAsNewCook(page, username);
  const created = await page.request.post("/api/community", {
    multipart: { image: await madePhoto("#d9a441"), caption: "Drawer test" },
  });
  expect(created.status()).toBe(201);

  await page.goto("/community");
  await hydratedIfJavaScript(page, testInfo);
  const post = feedPost(page, username);
  const opener = post.getByRole("link", { name: /Add a comment/ });
  const drawer = page.getByRole("dialog", { name: /Comments/ });

  // It slides up for 200 ms: the clicks below come once it has stopped, as a cook's would.
  const openDrawer = async () => {
    await opener.click();
    await expect(drawer).toBeVisible();
    await animationsEnded(drawer);
  };

  await openDrawer();
  // a phone's width: nothing wider than the screen; and nothing axe finds wrong
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page, testInfo);
  await drawer.getByRole("link", { name: "Close comments" }).click();
  await expect(drawer).toHaveCount(0);
  if (!javascript) return;
  await expect(opener).toBeFocused();

  await openDrawer();
  await expect(drawer.getByRole("link", { name: "Close comments" })).toBeFocused();
  await page.keyboard.press("Escape");
  // it slides down for 300 ms before it goes
  await expect(drawer).toHaveClass(/is-closing/);
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();

  await openDrawer();
  await drawer.getByLabel("Add a comment").click();
  await expect(drawer).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});
