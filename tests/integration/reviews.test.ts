import { beforeAll, describe, expect, it } from "vitest";
import { action as deleteReviewCall } from "~/api/$recipeId.$userId.reviews.server";
import { action as menuReviewsAction, loader as menuReviewsLoader } from "~/api/menu-detail.$id.reviews.server";
import { action as replaceReviewCall } from "~/api/reviews.server";
import { action as reviewsPageAction, loader as reviewsPageLoader } from "~/routes/reviews";
import { prisma } from "~/services/db.server";
import { loadReviewsBlock } from "~/services/reviews.server";
import { createUserSession } from "~/services/sign-in.server";
import { flashAfter } from "../support/flash";
import { formRequest, getRequest, jsonRequest, run, served } from "../support/requests";

type Cook = { id: number; cookie: string };
let recipeId: number;
let otherRecipeId: number;
let counter = 0;

async function newCook(): Promise<Cook> {
  counter += 1;
  const user = await prisma.user.create({
    data: { username: `reviewer_${counter}`, email: `reviewer${counter}@example.com` },
  });
  const setCookie = await createUserSession(getRequest("/login"), user.id);
  return { id: user.id, cookie: setCookie.split(";")[0] };
}

beforeAll(async () => {
  recipeId = (await prisma.recipe.create({ data: { name: "Review Test Soup" } })).id;
  otherRecipeId = (await prisma.recipe.create({ data: { name: "Review Test Salad" } })).id;
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

function call(method: string, path: string, body: unknown, cookie?: string | null): Request {
  const request = jsonRequest(path, body, { cookie });
  return new Request(request, { method });
}

const getSummary = (id: number | string, cookie?: string) =>
  run(() => menuReviewsLoader(args(getRequest(`/api/menu-detail/${id}/reviews`, { cookie }), { id: String(id) })));
const postReview = (id: number, body: unknown, cookie?: string | null) =>
  run(() => menuReviewsAction(args(call("POST", `/api/menu-detail/${id}/reviews`, body, cookie), { id: String(id) })));
const putReview = (body: unknown, cookie?: string | null) =>
  run(() => replaceReviewCall(args(call("PUT", "/api/reviews", body, cookie))));
const deleteCall = (menu: number | string, user: number | string, cookie?: string | null) =>
  run(() =>
    deleteReviewCall(
      args(call("DELETE", `/api/${menu}/${user}/reviews`, {}, cookie), { recipeId: String(menu), userId: String(user) })
    )
  );
const reviewsPage = (id: number | string, cookie?: string) =>
  run(() => reviewsPageLoader(args(getRequest(`/reviews?menu_id=${id}`, { cookie }))));
const postForm = (id: number, fields: Record<string, string>, cookie?: string) =>
  run(() => reviewsPageAction(args(formRequest(`/reviews?menu_id=${id}`, fields, { cookie }))));

const storedReview = (userId: number, recipeId: number) =>
  prisma.review.findUnique({
    where: { userId_recipeId: { userId, recipeId } },
    select: { rating: true, comment: true },
  });

describe("GET /api/menu-detail/{id}/reviews", () => {
  it("answers the spec's summary fields, reviews newest first", async () => {
    const menu = (await prisma.recipe.create({ data: { name: "Summary Stew" } })).id;
    const [first, second, third] = [await newCook(), await newCook(), await newCook()];
    expect(
      (await postReview(menu, { user_id: first.id, menu_id: menu, comment: "Great", rating: 5 }, first.cookie)).status
    ).toBe(201);
    expect(
      (await postReview(menu, { user_id: second.id, menu_id: menu, comment: "Fine", rating: 4 }, second.cookie)).status
    ).toBe(201);
    expect(
      (await postReview(menu, { user_id: third.id, menu_id: menu, comment: "Meh", rating: 4 }, third.cookie)).status
    ).toBe(201);

    const response = await getSummary(menu, first.cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      menu_id: menu,
      sum_rating: 13,
      avg_rating: 4.33,
      rate_5: 1,
      rate_4: 2,
      rate_3: 0,
      rate_2: 0,
      rate_1: 0,
      percent_rate_5: 33.33,
      percent_rate_4: 66.67,
      percent_rate_1: 0,
      review_lenght: 3,
    });
    expect(body.reviews.map((review: { comment: string }) => review.comment)).toEqual(["Meh", "Fine", "Great"]);
    expect(Object.keys(body.reviews[0]).sort()).toEqual(
      ["avatar", "comment", "created_at", "menu_id", "rating", "updated_at", "user_id", "username"].sort()
    );
    expect(body.reviews[0]).toMatchObject({
      user_id: third.id,
      username: `reviewer_${counter}`,
      rating: 4,
      menu_id: menu,
    });
  });

  it("answers a menu without reviews with zeros, and an unknown menu with 404", async () => {
    const cook = await newCook();
    expect(await (await getSummary(otherRecipeId, cook.cookie)).json()).toMatchObject({
      reviews: [],
      review_lenght: 0,
      avg_rating: 0,
    });
    const missing = await getSummary(999_999, cook.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Menu not found" });
    expect((await getSummary("abc", cook.cookie)).status).toBe(404);
  });

  it("refuses guests with 401", async () => {
    const response = await getSummary(recipeId);
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBeTruthy();
  });
});

describe("POST /api/menu-detail/{id}/reviews", () => {
  it("creates the caller's review once; a second one is refused and the first kept", async () => {
    const cook = await newCook();
    const created = await postReview(
      recipeId,
      { user_id: cook.id, menu_id: recipeId, comment: "  Tasty  ", rating: 5 },
      cook.cookie
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      message: "Review added successfully",
      review: { comment: "Tasty", rating: 5 },
    });

    const again = await postReview(
      recipeId,
      { user_id: cook.id, menu_id: recipeId, comment: "Again", rating: 1 },
      cook.cookie
    );
    expect(again.status).toBe(409);
    expect(await storedReview(cook.id, recipeId)).toEqual({ rating: 5, comment: "Tasty" });
  });

  it("takes the menu from the path when the body leaves it out", async () => {
    const cook = await newCook();
    expect((await postReview(otherRecipeId, { comment: "Crisp", rating: 3 }, cook.cookie)).status).toBe(201);
    expect(await storedReview(cook.id, otherRecipeId)).toEqual({ rating: 3, comment: "Crisp" });
  });

  it("refuses a guest (401) and another user's id (403), writing nothing", async () => {
    const cook = await newCook();
    const victim = await newCook();
    expect((await postReview(recipeId, { user_id: cook.id, menu_id: recipeId, comment: "x", rating: 5 })).status).toBe(
      401
    );
    const forged = await postReview(
      recipeId,
      { user_id: victim.id, menu_id: recipeId, comment: "Forged", rating: 1 },
      cook.cookie
    );
    expect(forged.status).toBe(403);
    expect(await storedReview(victim.id, recipeId)).toBeNull();
    expect(await storedReview(cook.id, recipeId)).toBeNull();
  });

  it.each([
    [{ comment: "Nice" }, "Please give a star rating.", "rating"],
    [{ rating: 4, comment: "   " }, "Please comment.", "comment"],
    [{ rating: 7, comment: "Nice" }, "Please give a star rating.", "rating"],
    [{ rating: 4.5, comment: "Nice" }, "Please give a star rating.", "rating"],
    [{ rating: 4, comment: { text: "object" } }, "Please comment.", "comment"],
    [{ rating: 4, comment: "a".repeat(1001) }, "Comment must not exceed 1000 characters", "comment"],
  ])("answers the bad body %j with 400 '%s'", async (body, message, field) => {
    const cook = await newCook();
    const response = await postReview(recipeId, body, cook.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, field });
    expect(await storedReview(cook.id, recipeId)).toBeNull();
  });

  it("answers broken JSON, a form body and a menu_id other than the path's with 400", async () => {
    const cook = await newCook();
    expect((await postReview(recipeId, "{not json", cook.cookie)).status).toBe(400);
    const formBody = await run(() =>
      menuReviewsAction(
        args(
          formRequest(`/api/menu-detail/${recipeId}/reviews`, { rating: "5", comment: "x" }, { cookie: cook.cookie }),
          {
            id: String(recipeId),
          }
        )
      )
    );
    expect(formBody.status).toBe(400);
    const mismatch = await postReview(recipeId, { menu_id: otherRecipeId, rating: 5, comment: "x" }, cook.cookie);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ message: "menu_id must be the menu in the path" });
    expect(await prisma.review.count({ where: { userId: cook.id } })).toBe(0);
  });

  it("answers an unknown menu with 404", async () => {
    const cook = await newCook();
    const response = await postReview(999_999, { rating: 5, comment: "Ghost" }, cook.cookie);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Menu not found" });
  });

  it("refuses a write sent from another site", async () => {
    const cook = await newCook();
    const request = jsonRequest(
      `/api/menu-detail/${recipeId}/reviews`,
      { rating: 5, comment: "x" },
      {
        cookie: cook.cookie,
        headers: { Origin: "https://evil.example" },
      }
    );
    expect((await served(request, () => menuReviewsAction(args(request, { id: String(recipeId) })))).status).toBe(403);
    expect(await storedReview(cook.id, recipeId)).toBeNull();
  });
});

describe("PUT /api/reviews", () => {
  it("replaces the caller's review", async () => {
    const cook = await newCook();
    await postReview(recipeId, { rating: 2, comment: "Bland" }, cook.cookie);
    const response = await putReview(
      { user_id: cook.id, menu_id: recipeId, rating: 4, comment: "Better with salt" },
      cook.cookie
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "Review updated successfully", review: { rating: 4 } });
    expect(await storedReview(cook.id, recipeId)).toEqual({ rating: 4, comment: "Better with salt" });
  });

  it("answers 404 when there is nothing to replace, 401 for a guest, 403 for another user's id", async () => {
    const cook = await newCook();
    const victim = await newCook();
    await postReview(recipeId, { rating: 5, comment: "Mine" }, victim.cookie);
    expect((await putReview({ menu_id: recipeId, rating: 1, comment: "x" }, cook.cookie)).status).toBe(404);
    expect((await putReview({ menu_id: recipeId, rating: 1, comment: "x" })).status).toBe(401);
    expect(
      (await putReview({ user_id: victim.id, menu_id: recipeId, rating: 1, comment: "x" }, cook.cookie)).status
    ).toBe(403);
    expect((await putReview({ user_id: "abc", menu_id: recipeId, rating: 1, comment: "x" }, cook.cookie)).status).toBe(
      403
    );
    expect(await storedReview(victim.id, recipeId)).toEqual({ rating: 5, comment: "Mine" });
  });

  it("validates the body like the form (400, data unchanged)", async () => {
    const cook = await newCook();
    await postReview(recipeId, { rating: 5, comment: "Keep" }, cook.cookie);
    const response = await putReview({ menu_id: recipeId, rating: 0, comment: "" }, cook.cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Please give a star rating.");
    expect((await putReview({ rating: 3, comment: "no menu" }, cook.cookie)).status).toBe(400);
    expect(await storedReview(cook.id, recipeId)).toEqual({ rating: 5, comment: "Keep" });
  });
});

describe("DELETE /api/{recipeId}/{userId}/reviews", () => {
  it("deletes the caller's own review and nobody else's", async () => {
    const cook = await newCook();
    const other = await newCook();
    await postReview(recipeId, { rating: 3, comment: "Gone soon" }, cook.cookie);
    await postReview(recipeId, { rating: 4, comment: "Stays" }, other.cookie);

    expect((await deleteCall(recipeId, other.id, cook.cookie)).status).toBe(403);
    expect((await deleteCall(recipeId, other.id)).status).toBe(401);
    expect(await storedReview(other.id, recipeId)).toEqual({ rating: 4, comment: "Stays" });

    const response = await deleteCall(recipeId, cook.id, cook.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Review deleted successfully" });
    expect(await storedReview(cook.id, recipeId)).toBeNull();
    expect((await deleteCall(recipeId, cook.id, cook.cookie)).status).toBe(404);
    expect((await deleteCall("abc", cook.id, cook.cookie)).status).toBe(404);
  });
});

describe("wrong methods", () => {
  it("answers 405 with a message instead of writing", async () => {
    const cook = await newCook();
    const posted = await run(() =>
      replaceReviewCall(args(call("POST", "/api/reviews", { menu_id: recipeId, rating: 5, comment: "x" }, cook.cookie)))
    );
    expect(posted.status).toBe(405);
    expect(await posted.json()).toEqual({ message: "Use PUT" });
    const put = await run(() =>
      menuReviewsAction(
        args(call("PUT", `/api/menu-detail/${recipeId}/reviews`, { rating: 5, comment: "x" }, cook.cookie), {
          id: String(recipeId),
        })
      )
    );
    expect(put.status).toBe(405);
    const postedToDelete = await run(() =>
      deleteReviewCall(
        args(call("POST", `/api/${recipeId}/${cook.id}/reviews`, {}, cook.cookie), {
          recipeId: String(recipeId),
          userId: String(cook.id),
        })
      )
    );
    expect(postedToDelete.status).toBe(405);
    expect(await storedReview(cook.id, recipeId)).toBeNull();
  });
});

describe("the reviews block and /reviews", () => {
  it("loads the latest review and the user's own for the recipe screen", async () => {
    const menu = (await prisma.recipe.create({ data: { name: "Block Pie" } })).id;
    const [cook, other] = [await newCook(), await newCook()];
    expect(await loadReviewsBlock(menu, cook.id)).toMatchObject({
      recipeId: menu,
      latest: null,
      ownReview: null,
      summary: { review_lenght: 0 },
    });
    await postReview(menu, { rating: 5, comment: "Mine first" }, cook.cookie);
    await postReview(menu, { rating: 3, comment: "Theirs later" }, other.cookie);
    const block = await loadReviewsBlock(menu, cook.id);
    expect(block.latest?.comment).toBe("Theirs later");
    expect(block.ownReview?.comment).toBe("Mine first");
    expect(block.summary).toMatchObject({ review_lenght: 2, avg_rating: 4, percent_rate_5: 50, percent_rate_3: 50 });
  });

  it("without JavaScript: creates, redirects back to the recipe with a flash, then asks before replacing", async () => {
    const menu = (await prisma.recipe.create({ data: { name: "Form Curry" } })).id;
    const cook = await newCook();
    const fields = {
      menu_id: String(menu),
      rating: "4",
      comment: "Warming",
      intent: "create",
      redirectTo: `/menu-detail/${menu}`,
    };
    const created = await postForm(menu, fields, cook.cookie);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`/menu-detail/${menu}#reviews`);
    expect(await flashAfter(created)).toEqual({ type: "success", message: "Review added successfully" });

    const second = await postForm(menu, { ...fields, rating: "2", comment: "Too spicy today" }, cook.cookie);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ confirm: { menu_id: menu, rating: 2, comment: "Too spicy today" } });
    expect(await storedReview(cook.id, menu)).toEqual({ rating: 4, comment: "Warming" });

    const confirmed = await postForm(
      menu,
      { ...fields, rating: "2", comment: "Too spicy today", intent: "update" },
      cook.cookie
    );
    expect(confirmed.status).toBe(302);
    expect(await storedReview(cook.id, menu)).toEqual({ rating: 2, comment: "Too spicy today" });
  });

  it("answers a fetcher (no redirectTo) with data that resets the form", async () => {
    const cook = await newCook();
    const response = await postForm(
      otherRecipeId,
      { menu_id: String(otherRecipeId), rating: "5", comment: "Fresh", intent: "create" },
      cook.cookie
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("Review added successfully");
    expect(body.result).toEqual({ initialValue: null });
  });

  it("returns the field errors for a bad form and writes nothing", async () => {
    const cook = await newCook();
    const response = await postForm(
      recipeId,
      { menu_id: String(recipeId), rating: "", comment: "  ", intent: "create", redirectTo: "/x" },
      cook.cookie
    );
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toEqual({
      rating: ["Please give a star rating."],
      comment: ["Please comment."],
    });
    expect(await storedReview(cook.id, recipeId)).toBeNull();
  });

  it("deletes only the signed-in user's own review", async () => {
    const menu = (await prisma.recipe.create({ data: { name: "Delete Dal" } })).id;
    const [cook, other] = [await newCook(), await newCook()];
    await postReview(menu, { rating: 5, comment: "Other's" }, other.cookie);
    const nothingOwn = await postForm(menu, { menu_id: String(menu), intent: "delete" }, cook.cookie);
    expect(nothingOwn.status).toBe(404);
    expect(await storedReview(other.id, menu)).not.toBeNull();

    await postReview(menu, { rating: 1, comment: "Mine" }, cook.cookie);
    const deleted = await postForm(
      menu,
      { menu_id: String(menu), intent: "delete", redirectTo: `/reviews?menu_id=${menu}` },
      cook.cookie
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/reviews?menu_id=${menu}`);
    expect(await storedReview(cook.id, menu)).toBeNull();
    expect(await storedReview(other.id, menu)).not.toBeNull();
  });

  it("lists a recipe's reviews for signed-in users, sends guests to /login, and 404s an unknown recipe", async () => {
    const cook = await newCook();
    await postReview(recipeId, { rating: 3, comment: "<b>not bold</b>" }, cook.cookie);
    const page = await reviewsPage(recipeId, cook.cookie);
    const body = await page.json();
    expect(body.menu).toEqual({ id: recipeId, name: "Review Test Soup" });
    expect(body.reviews[0]).toMatchObject({ comment: "<b>not bold</b>", user_id: cook.id });
    expect(body.userId).toBe(cook.id);

    const guest = await reviewsPage(recipeId);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/reviews?menu_id=${recipeId}`)}`
    );
    expect((await reviewsPage(999_999, cook.cookie)).status).toBe(404);
    expect((await reviewsPage("x", cook.cookie)).status).toBe(404);

    const guestPost = await postForm(recipeId, {
      menu_id: String(recipeId),
      rating: "5",
      comment: "x",
      intent: "create",
    });
    expect(guestPost.status).toBe(302);
    expect(guestPost.headers.get("Location")).toMatch(/^\/login\?/);
  });
});
