/**
 * The cook who added a recipe chooses which shared dish photo shows it; anyone else is refused and nothing
 * changes; without a choice, or once the chosen post is deleted, the photo most liked by other cooks shows it again,
 * once 3 of them like it. A cook sees their own photo on their own view; a post hidden after 3 reports shows nowhere.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as menuAction, loader as menuLoader } from "~/routes/menu-detail.$id";
import { deletePost, listPosts, reportPost } from "~/services/community.server";
import { prisma } from "~/services/db.server";
import { PHOTO_CHOICE_MESSAGES } from "~/services/recipe-pictures.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { flashOn } from "../support/flash";
import { cookiesAfter, formRequest, getRequest, jsonRequest, run } from "../support/requests";

let counter = 0;
async function signedInCook() {
  counter += 1;
  const user = await prisma.user.create({
    data: {
      username: `chooser_${counter}_${Date.now() % 100000}`,
      email: `chooser${counter}_${Date.now()}@example.com`,
    },
  });
  return {
    id: user.id,
    username: user.username,
    cookie: (await createUserSession(getRequest("/login"), user.id)).split(";")[0],
  };
}
type Cook = Awaited<ReturnType<typeof signedInCook>>;

let owner: Cook;
let stranger: Cook;
/** a cook who shares nothing: sees what everyone sees */
let viewer: Cook;
let recipeId: number;
let otherRecipeId: number;
const photo = (name: string) => `dishes/${name.padEnd(32, "0")}.jpg`;

beforeAll(async () => {
  await seedIngredients();
  [owner, stranger, viewer] = [await signedInCook(), await signedInCook(), await signedInCook()];
  const recipe = (name: string) => ({
    name,
    cuisines: [],
    occasions: [],
    servings: 2,
    ingredients: [{ name: "tomato", quantity: "2" }],
    steps: ["Slice and serve."],
    tips: [],
    origin: "user" as const,
    importedById: owner.id,
    shared: true,
  });
  recipeId = (await saveRecipe(recipe("Chosen Photo Tomatoes"))).id;
  otherRecipeId = (await saveRecipe(recipe("Other Photo Tomatoes"))).id;
});

async function post(cook: Cook, image: string, likes = 0, recipe = recipeId) {
  const created = await prisma.communityPost.create({ data: { userId: cook.id, recipeId: recipe, image } });
  for (let like = 0; like < likes; like++) {
    const liker = await signedInCook();
    await prisma.postLike.create({ data: { postId: created.id, userId: liker.id } });
  }
  return created.id;
}

async function screen(cook: Cook, cookie: string | null = cook.cookie) {
  const response = await run(() =>
    menuLoader({
      request: getRequest(`/menu-detail/${recipeId}`, { cookie }),
      params: { id: String(recipeId) },
      context: {},
    })
  );
  const page = (await response.json()) as {
    sharedPhoto: { image: string; image_credit: string } | null;
    photoChoices: { postId: number; chosen: boolean }[] | null;
  };
  return { ...page, flash: await flashOn(`/menu-detail/${recipeId}`, cookie) };
}

const choose = (cook: Cook, post: string) =>
  run(() =>
    menuAction({
      request: formRequest(`/menu-detail/${recipeId}`, { intent: "choose-photo", post }, { cookie: cook.cookie }),
      params: { id: String(recipeId) },
      context: {},
    })
  );

describe("choosing the photo a recipe is shown with", () => {
  it("lets the recipe's cook choose a shared photo over the most-liked one, credited to who shared it", async () => {
    const liked = await post(stranger, photo("a1"), 3);
    const chosen = await post(owner, photo("b2"));
    expect((await screen(viewer)).sharedPhoto?.image).toBe(`/uploads/${photo("a1")}`);
    expect((await screen(owner)).photoChoices?.map((choice) => choice.postId)).toEqual([chosen, liked]);

    const response = await choose(owner, String(chosen));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/menu-detail/${recipeId}`);
    const after = await screen(owner, cookiesAfter(owner.cookie, response));
    expect(after.flash?.message).toBe(PHOTO_CHOICE_MESSAGES.chosen);
    expect(after.sharedPhoto).toMatchObject({ image: `/uploads/${photo("b2")}`, image_credit: owner.username });
    // Everyone sees the chosen photo, and only the cook is offered the choice.
    const seenByViewer = await screen(viewer);
    expect(seenByViewer.sharedPhoto?.image).toBe(`/uploads/${photo("b2")}`);
    expect(seenByViewer.photoChoices).toBeNull();
    // the cook's choice shows even to the cook who shared another photo
    expect((await screen(stranger)).sharedPhoto?.image).toBe(`/uploads/${photo("b2")}`);

    expect((await choose(owner, "")).status).toBe(302);
    expect((await screen(viewer)).sharedPhoto?.image).toBe(`/uploads/${photo("a1")}`);
    await prisma.communityPost.deleteMany({ where: { recipeId } });
  });

  it("refuses anyone but the recipe's cook, and nothing changes", async () => {
    await post(await signedInCook(), photo("c3"), 3);
    const strangers = await post(stranger, photo("d4"));
    const response = await choose(stranger, String(strangers));
    expect(response.status).toBe(302);
    const after = await screen(stranger, cookiesAfter(stranger.cookie, response));
    expect(after.flash).toEqual({ type: "error", message: PHOTO_CHOICE_MESSAGES.notYourRecipe });
    // the stranger sees their own photo on their own view; everyone else the liked one, as before
    expect(after.sharedPhoto?.image).toBe(`/uploads/${photo("d4")}`);
    expect((await screen(viewer)).sharedPhoto?.image).toBe(`/uploads/${photo("c3")}`);
    expect(await prisma.communityPost.count({ where: { recipeId, chosenForRecipe: true } })).toBe(0);

    const json = await run(() =>
      menuAction({
        request: jsonRequest(
          `/menu-detail/${recipeId}`,
          { intent: "choose-photo", post: String(strangers) },
          { cookie: stranger.cookie }
        ),
        params: { id: String(recipeId) },
        context: {},
      })
    );
    // A page action reads forms only: a JSON body is refused before anything is looked at.
    expect(json.status).toBe(400);
    expect(await prisma.communityPost.count({ where: { recipeId, chosenForRecipe: true } })).toBe(0);
    await prisma.communityPost.deleteMany({ where: { recipeId } });
  });

  it("refuses a photo of another recipe or none at all, and nothing changes", async () => {
    await post(stranger, photo("e5"), 3);
    const elsewhere = await post(stranger, photo("f6"), 0, otherRecipeId);
    for (const choice of [String(elsewhere), "not-a-post"]) {
      const after = await screen(owner, cookiesAfter(owner.cookie, await choose(owner, choice)));
      expect(after.flash?.type).toBe("error");
      expect(after.sharedPhoto?.image).toBe(`/uploads/${photo("e5")}`);
    }
    expect(await prisma.communityPost.count({ where: { chosenForRecipe: true } })).toBe(0);
    await prisma.communityPost.deleteMany({ where: { recipeId: { in: [recipeId, otherRecipeId] } } });
  });

  it("falls back to the most-liked photo once the chosen post is deleted", async () => {
    await post(stranger, photo("g7"), 3);
    const chosen = await post(owner, photo("h8"));
    await choose(owner, String(chosen));
    expect((await screen(viewer)).sharedPhoto?.image).toBe(`/uploads/${photo("h8")}`);

    expect((await deletePost(owner.id, chosen)).ok).toBe(true);
    expect((await screen(viewer)).sharedPhoto).toMatchObject({
      image: `/uploads/${photo("g7")}`,
      image_credit: stranger.username,
    });
  });
});

describe("a shared photo earns its place", () => {
  it("shows on its author's own view at once, and for everyone only once 3 other cooks like it (the author's own like not counted)", async () => {
    await prisma.communityPost.deleteMany({ where: { recipeId } });
    const shelf = await post(stranger, photo("i9"), 2);
    await prisma.postLike.create({ data: { postId: shelf, userId: stranger.id } });
    expect((await screen(stranger)).sharedPhoto).toMatchObject({ image: `/uploads/${photo("i9")}` });
    expect((await screen(viewer)).sharedPhoto).toBeNull();
    expect((await screen(owner)).sharedPhoto).toBeNull();

    await prisma.postLike.create({ data: { postId: shelf, userId: viewer.id } });
    expect((await screen(owner)).sharedPhoto).toMatchObject({
      image: `/uploads/${photo("i9")}`,
      image_credit: stranger.username,
    });
    await prisma.communityPost.deleteMany({ where: { recipeId } });
  });

  it("hides a post 3 cooks reported from the feed and the recipe, but for its author, who can still delete it", async () => {
    const reported = await post(stranger, photo("j0"), 3);
    expect((await screen(viewer)).sharedPhoto?.image).toBe(`/uploads/${photo("j0")}`);
    expect(await reportPost(stranger.id, reported)).toMatchObject({ ok: false, status: 403 });

    const reporters = [viewer, await signedInCook(), await signedInCook()];
    expect(await reportPost(reporters[0].id, reported)).toMatchObject({ ok: true, hidden: false });
    // a second report by the same cook counts once
    expect(await reportPost(reporters[0].id, reported)).toMatchObject({ ok: true, hidden: false });
    expect(await reportPost(reporters[1].id, reported)).toMatchObject({ ok: true, hidden: false });
    const feed = (viewerId: number | null) => listPosts({ viewerId, recipeId, limit: 10 });
    expect((await feed(viewer.id)).posts.map((shown) => shown.post_id)).toEqual([reported]);
    expect(await reportPost(reporters[2].id, reported)).toMatchObject({ ok: true, hidden: true });

    expect((await feed(viewer.id)).posts).toEqual([]);
    expect((await feed(null)).posts).toEqual([]);
    expect((await screen(viewer)).sharedPhoto).toBeNull();
    expect(await reportPost(owner.id, reported)).toMatchObject({ ok: false, status: 404 });
    const authors = (await feed(stranger.id)).posts;
    expect(authors.map((shown) => [shown.post_id, shown.hidden])).toEqual([[reported, true]]);
    expect((await deletePost(stranger.id, reported)).ok).toBe(true);
    expect(await prisma.postReport.count({ where: { postId: reported } })).toBe(0);
  });
});
