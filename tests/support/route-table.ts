/// <reference types="vite/client" />
import { createHash, randomBytes } from "node:crypto";
/**
 * The route table of the security tests (authorization-matrix and fuzz): for every module in app/routes and every
 * JSON call in the API table, how each loader and action is called (path, body) and who may call it, with the data each call starts from and helpers
 * to run a call and to see what changed in the database.
 */
import { API_ROUTES, matchApiCall, type ApiRoute } from "~/api/routes.server";
import { resolveName } from "~/domain/pantry";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { Prisma } from "~/generated/prisma/client";
import { loadCatalogue } from "~/services/catalogue.server";
import { imageUrl, storeImage } from "~/services/images.server";
import { prisma } from "~/services/db.server";
import { mondayOf } from "~/domain/meal-plan";
import { todayUtc } from "~/domain/pantry-details";
import { feedPath } from "~/services/meal-plan-feed.server";
import { addToUserPantry } from "~/services/pantry-store.server";
import { hashPassword } from "~/services/password.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { seedIngredients } from "../../prisma/seed";
import { cameraJpeg } from "./images";
import { signedInMember, type Member } from "./members";
import { flashAfter } from "./flash";
import { requestWith, served, type RequestBody } from "./requests";
import { cookOfUser, type MemberCook } from "~/services/cook.server";
import { createInvite, joinHousehold, leaveHousehold } from "~/services/household.server";

/**
 * public: anyone, no user's data. guest-ok: anyone; it only touches the caller's own data (session or account).
 * signed-in: guests are sent to log in; it only touches the caller's own data. owner-only: it names someone's
 * data (an id in the path or body); guests are sent to log in and anyone but the owner is refused (403, or 404
 * that hides whether it exists).
 */
/** "author-only": about a recipe the owner added without sharing it; anyone else finds no such recipe. */
/**
 * "household": about an item of the owner's household (its pantry, its list, its invitations): the owner and a member
 * may; an outsider and a former member find no such item. "household-owner": what only the household's owner may do.
 */
export type Access =
  | "public"
  | "guest-ok"
  | "signed-in"
  | "owner-only"
  | "author-only"
  | "household"
  | "household-owner";
/** member: in the owner's household; former: was, and left; other: never was (an outsider). */
export type Caller = "guest" | "owner" | "other" | "member" | "former";

export type Fixture = {
  owner: Member;
  other: Member;
  /** joined the owner's household with an invitation */
  member: Member;
  /** joined the owner's household, then left it */
  former: Member;
  /** unused invitations of the owner's household, one taken by each call that withdraws one */
  inviteTokens: string[];
  /** unused invitations of a household none of the callers is in, one taken by each call that joins one */
  elsewhereTokens: string[];
  password: string;
  /** a cookbook recipe the owner has favourited, reviewed, opened and cooked */
  recipeId: number;
  recipeName: string;
  /** a cookbook recipe nobody has touched */
  freshRecipeId: number;
  /** a recipe the owner imported and did not share: theirs alone */
  ownRecipe: { id: number; name: string };
  postId: number;
  commentId: number;
  shoppingItemId: number;
  pantryKey: string;
  /** the owner's pantry item (tomato) */
  pantryItemId: number;
  /** the owner's cooking of recipeId, whose pantry update is still open */
  completionId: number;
  /** the owner's tomato thrown away a moment ago ("Thrown away" on the pantry list), still to be undone */
  foodLogEntryId: number;
  /** the owner's dinner on their plan this week, and the plan's calendar address (path) */
  mealPlanEntryId: number;
  calendarPath: string;
};

export type Probe = {
  handler: "loader" | "action";
  method: "GET" | "POST" | "PUT" | "DELETE";
  access: Access;
  path: (f: Fixture) => string;
  /** built afresh for every call */
  body?: (f: Fixture, caller: Caller) => RequestBody | Promise<RequestBody>;
  /** a status the permitted caller may get that is not a refusal of who they are, and why */
  alsoAllowed?: { status: number; because: string };
  /** the action writes nothing for anyone, so a cross-site call need not be refused */
  writesNothing?: true;
};

const get = (access: Access, path: Probe["path"], alsoAllowed?: Probe["alsoAllowed"]): Probe => ({
  handler: "loader",
  method: "GET",
  access,
  path,
  alsoAllowed,
});
const act = (
  method: Probe["method"],
  access: Access,
  path: Probe["path"],
  body?: Probe["body"],
  extra: Partial<Probe> = {}
): Probe => ({
  handler: "action",
  method,
  access,
  path,
  body,
  ...extra,
});

let unique = 0;
const next = () => ++unique;
const photo = async (name = "dish.jpg") => new File([await cameraJpeg(32, 24)], name, { type: "image/jpeg" });
const BOGUS_TOKEN = "A".repeat(43);
const NEW_PASSWORD = { password: "Fresh1234", confirmPassword: "Fresh1234" };

/** A recipe document as the import screen takes it (recipe-scrapers JSON). */
const recipeFile = (name: string) =>
  new File(
    [
      JSON.stringify({
        title: name,
        ingredients: ["2 eggs", "1 tbsp butter"],
        instructions_list: ["Scramble the eggs in the butter."],
        yields: "1 serving",
      }),
    ],
    "recipe.json",
    { type: "application/json" }
  );

const profileFields = (member: Member) => ({
  intent: "update",
  username: member.username,
  email: member.email,
  phone_number: "0123456789",
});

const unknownPath = (path: string): Probe[] => [
  get("public", () => path, { status: 404, because: "unknown paths are not found" }),
  act(
    "POST",
    "public",
    () => path,
    () => ({ form: {} }),
    {
      alsoAllowed: { status: 404, because: "unknown paths are not found" },
      writesNothing: true,
    }
  ),
];

/**
 * Keyed by route file name (app/routes) and, for the JSON calls behind the splat route api.$.ts, by the API
 * table's pattern under /api/ (app/api/routes.server.ts).
 */
export const ROUTES: Record<string, Probe[]> = {
  "$.tsx": unknownPath("/no-such-page"),
  "_index.tsx": [get("public", () => "/")],
  "_tabs.account.tsx": [get("signed-in", () => "/account")],
  "_tabs.favorites.tsx": [get("signed-in", () => "/favorites")],
  "_tabs.history.tsx": [
    get("signed-in", () => "/history"),
    act(
      "POST",
      "owner-only",
      () => "/history",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.freshRecipeId } })
    ),
    act(
      "POST",
      "author-only",
      () => "/history",
      (f, caller) => ({
        json: { user_id: (caller === "other" ? f.other : f.owner).id, menu_id: f.ownRecipe.id },
      })
    ),
  ],
  "_tabs.home.tsx": [
    get("public", () => "/home"),
    act(
      "POST",
      "guest-ok",
      () => "/home",
      () => ({ form: { intent: "toggle", name: "Tomato" } })
    ),
  ],
  "_tabs.tsx": [],
  "analyze-allergies.ts": [
    act(
      "POST",
      "guest-ok",
      () => "/analyze-allergies",
      () => ({ json: { ingredients: ["peanut butter"], allergies: ["peanut"] } })
    ),
  ],
  "api.$.ts": unknownPath("/api/no-such-call"),
  "/api/:recipeId/:userId/reviews": [act("DELETE", "owner-only", (f) => `/api/${f.recipeId}/${f.owner.id}/reviews`)],
  "/api/auth/new-password": [
    act(
      "POST",
      "guest-ok",
      () => "/api/auth/new-password",
      () => ({ json: { token: BOGUS_TOKEN, password: NEW_PASSWORD.password } }),
      {
        alsoAllowed: { status: 400, because: "a made-up link is invalid, whoever sends it" },
      }
    ),
  ],
  "/api/auth/reset-password": [
    act(
      "POST",
      "guest-ok",
      () => "/api/auth/reset-password",
      () => ({ json: { email: `reset${next()}@example.com` } })
    ),
  ],
  "/api/auth/verify-reset-token/:token": [
    get("public", () => `/api/auth/verify-reset-token/${BOGUS_TOKEN}`, {
      status: 400,
      because: "a made-up link is invalid",
    }),
  ],
  "/api/community/:postId/comments/:commentId": [
    act("DELETE", "owner-only", (f) => `/api/community/${f.postId}/comments/${f.commentId}`),
  ],
  "/api/community/:postId/comments": [
    act(
      "POST",
      "owner-only",
      (f) => `/api/community/${f.postId}/comments`,
      (f) => ({ json: { user_id: f.owner.id, comment_text: "Looks great" } })
    ),
  ],
  "/api/community/:postId/like": [
    act(
      "POST",
      "owner-only",
      (f) => `/api/community/${f.postId}/like`,
      (f) => ({ json: { user_id: f.owner.id } })
    ),
  ],
  "/api/community/:postId/report": [
    act(
      "POST",
      "signed-in",
      (f) => `/api/community/${f.postId}/report`,
      (f, caller) => ({ json: { user_id: (caller === "other" ? f.other : f.owner).id } }),
      { alsoAllowed: { status: 403, because: "a cook cannot report their own post (the fixture's is the owner's)" } }
    ),
  ],
  "/api/community": [
    get("public", () => "/api/community"),
    get("author-only", (f) => `/api/community?menu_id=${f.ownRecipe.id}`),
    act(
      "POST",
      "owner-only",
      () => "/api/community",
      async (f) => ({
        multipart: {
          user_id: String(f.owner.id),
          menu_id: String(f.recipeId),
          caption: "Dinner",
          image: await photo(),
        },
      })
    ),
  ],
  "/api/favorites/:userId": [get("owner-only", (f) => `/api/favorites/${f.owner.id}`)],
  // each signed-in caller downloads their own data (tests/integration/data-export.test.ts checks whose)
  "/api/export": [get("signed-in", () => "/api/export")],
  "/api/favorites": [
    act(
      "POST",
      "owner-only",
      () => "/api/favorites",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.freshRecipeId } })
    ),
    act(
      "POST",
      "author-only",
      () => "/api/favorites",
      (f, caller) => ({
        json: { user_id: (caller === "other" ? f.other : f.owner).id, menu_id: f.ownRecipe.id },
      })
    ),
    act(
      "DELETE",
      "owner-only",
      () => "/api/favorites",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.recipeId } })
    ),
  ],
  "/api/food-log": [
    act(
      "POST",
      "household",
      () => "/api/food-log",
      (f) => ({ json: { pantry_item_id: f.pantryItemId, kind: "wasted", amount: 1, unit: "piece" } })
    ),
    act(
      "DELETE",
      "owner-only",
      () => "/api/food-log",
      (f) => ({ json: { entry_id: f.foodLogEntryId } })
    ),
  ],
  "/api/meal-completions/:id/pantry-update": [
    get("owner-only", (f) => `/api/meal-completions/${f.completionId}/pantry-update`),
    act(
      "POST",
      "owner-only",
      (f) => `/api/meal-completions/${f.completionId}/pantry-update`,
      (f) => ({
        json: { uses: [{ pantry_item_id: f.pantryItemId, amount: 1, unit: "piece", rest: "keep" }] },
      })
    ),
    act("DELETE", "owner-only", (f) => `/api/meal-completions/${f.completionId}/pantry-update`, undefined, {
      alsoAllowed: { status: 409, because: "the owner has not updated their pantry for this meal: nothing to undo" },
    }),
  ],
  "/api/get_ingredient_image": [
    act(
      "POST",
      "guest-ok",
      () => "/api/get_ingredient_image",
      () => ({ json: { ingredients: ["tomato"] } })
    ),
  ],
  "/api/history/:userId": [get("owner-only", (f) => `/api/history/${f.owner.id}`)],
  "/api/household": [
    get("signed-in", () => "/api/household"),
    act(
      "POST",
      "signed-in",
      () => "/api/household",
      () => ({ json: { name: `Matrix home ${next()}` } })
    ),
  ],
  "/api/household/invites": [
    act(
      "POST",
      "signed-in",
      () => "/api/household/invites",
      () => ({ json: {} })
    ),
  ],
  "/api/household/invites/:token": [
    act("DELETE", "household", (f) => `/api/household/invites/${f.inviteTokens.shift()}`),
  ],
  "/api/household/join": [
    act(
      "POST",
      "signed-in",
      () => "/api/household/join",
      (f) => ({ json: { token: f.elsewhereTokens.shift() } })
    ),
  ],
  "/api/household/leave": [
    act("POST", "signed-in", () => "/api/household/leave", undefined, {
      alsoAllowed: { status: 409, because: "a cook alone in their household has nothing to leave" },
    }),
  ],
  "/api/household/members/:userId": [act("DELETE", "household-owner", (f) => `/api/household/members/${f.member.id}`)],
  "/api/ingredient-suggestions": [get("public", () => "/api/ingredient-suggestions?q=tom")],
  "/api/meal-plan": [
    get("signed-in", () => "/api/meal-plan?from=2026-11-30&days=7"),
    act(
      "POST",
      "signed-in",
      () => "/api/meal-plan",
      (f) => ({ json: { date: "2026-12-01", meal: "Lunch", menu_id: f.freshRecipeId, servings: 2 } })
    ),
    act(
      "POST",
      "author-only",
      () => "/api/meal-plan",
      (f) => ({ json: { date: "2026-12-01", meal: "Lunch", menu_id: f.ownRecipe.id } })
    ),
  ],
  "/api/meal-plan/:id": [act("DELETE", "owner-only", (f) => `/api/meal-plan/${f.mealPlanEntryId}`)],
  "/api/meal-plan/auto": [
    act(
      "POST",
      "signed-in",
      () => "/api/meal-plan/auto",
      () => ({ json: { from: mondayOf(todayUtc()), days: 7, meals: ["Lunch"] } })
    ),
  ],
  "/api/meal-plan/calendar": [
    get("signed-in", () => "/api/meal-plan/calendar"),
    act("DELETE", "signed-in", () => "/api/meal-plan/calendar"),
  ],
  "/api/meal-plan/shopping": [
    act(
      "POST",
      "signed-in",
      () => "/api/meal-plan/shopping",
      () => ({ json: { from: mondayOf(todayUtc()), days: 7 } })
    ),
  ],
  "/api/menu-detail/:id/reviews": [
    get("signed-in", (f) => `/api/menu-detail/${f.recipeId}/reviews`),
    get("author-only", (f) => `/api/menu-detail/${f.ownRecipe.id}/reviews`),
    act(
      "POST",
      "author-only",
      (f) => `/api/menu-detail/${f.ownRecipe.id}/reviews`,
      (f, caller) => ({
        json: {
          user_id: (caller === "other" ? f.other : f.owner).id,
          menu_id: f.ownRecipe.id,
          rating: 1,
          comment: "Found it",
        },
      })
    ),
    act(
      "POST",
      "owner-only",
      (f) => `/api/menu-detail/${f.freshRecipeId}/reviews`,
      (f) => ({
        json: { user_id: f.owner.id, menu_id: f.freshRecipeId, rating: 4, comment: "Tasty" },
      })
    ),
  ],
  "/api/menu-recommendations": [
    act(
      "POST",
      "guest-ok",
      () => "/api/menu-recommendations",
      () => ({
        json: { ingredients: ["egg"], cuisines: [], dietaryPreferences: [], mealOccasions: [] },
      })
    ),
  ],
  "/api/menus/:recipeId": [
    act(
      "PUT",
      "owner-only",
      (f) => `/api/menus/${f.ownRecipe.id}`,
      // a photo of the upload store (an app path such as /recipe-images/1.svg is refused: decision 086)
      async () => ({ json: { image: imageUrl(await storeImage("dishes", await photo())) } })
    ),
  ],
  "/api/menus/by-name/:name": [
    get("public", (f) => `/api/menus/by-name/${encodeURIComponent(f.recipeName)}`),
    get("author-only", (f) => `/api/menus/by-name/${encodeURIComponent(f.ownRecipe.name)}`),
  ],
  "/api/menus": [
    act(
      "POST",
      "signed-in",
      () => "/api/menus",
      () => ({
        json: {
          menu_name: `Matrix Omelette ${next()}`,
          ingredients_quantity: { egg: "2" },
          steps: ["Beat and fry the eggs."],
          cuisines: [],
          mealOccasions: [],
        },
      })
    ),
  ],
  "/api/pantry": [
    get("signed-in", () => "/api/pantry"),
    act(
      "POST",
      "signed-in",
      () => "/api/pantry",
      () => ({
        json: { ingredient_name: "Celery", quantity: 2, unit: "piece", storage: "fridge" },
      })
    ),
  ],
  "/api/pantry/:id": [
    act(
      "PUT",
      "household",
      (f) => `/api/pantry/${f.pantryItemId}`,
      () => ({
        json: { quantity: 3, unit: "piece", storage: "freezer" },
      })
    ),
    act("DELETE", "household", (f) => `/api/pantry/${f.pantryItemId}`),
  ],
  "/api/random-menu": [get("public", () => "/api/random-menu")],
  "/api/reviews": [
    act(
      "PUT",
      "owner-only",
      () => "/api/reviews",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.recipeId, rating: 2, comment: "Changed my mind" } })
    ),
  ],
  "/api/shopping-list/got": [
    act(
      "POST",
      "household",
      () => "/api/shopping-list/got",
      (f) => ({ json: { intent: "got-it", item: f.shoppingItemId } })
    ),
  ],
  "/api/use-soon-reminder": [
    get("signed-in", () => "/api/use-soon-reminder"),
    act(
      "PUT",
      "signed-in",
      () => "/api/use-soon-reminder",
      () => ({ json: { intent: "reminder-on", time: "07:30", timeZone: "UTC" } })
    ),
  ],
  "/api/upload": [
    act(
      "POST",
      "guest-ok",
      () => "/api/upload",
      async () => ({
        json: { image: `data:image/jpeg;base64,${Buffer.from(await cameraJpeg(32, 24)).toString("base64")}` },
      }),
      { alsoAllowed: { status: 503, because: "no recognition model is installed for the unit tests" } }
    ),
  ],
  "/api/users/:id/meal-stats": [get("owner-only", (f) => `/api/users/${f.owner.id}/meal-stats`)],
  "/api/users/:id/monthly-meal-stats": [get("owner-only", (f) => `/api/users/${f.owner.id}/monthly-meal-stats`)],
  "/api/users/:id": [
    get("owner-only", (f) => `/api/users/${f.owner.id}`),
    act(
      "PUT",
      "owner-only",
      (f) => `/api/users/${f.owner.id}`,
      async (f) => ({
        multipart: {
          username: f.owner.username,
          email: f.owner.email,
          country: "France",
          avatar: await photo("me.png"),
        },
      })
    ),
    act("DELETE", "owner-only", (f) => `/api/users/${f.owner.id}`),
  ],
  "auth.google.callback.ts": [
    get("public", () => "/auth/google/callback?code=x&state=y", {
      status: 302,
      because: "a guest with no sign-in under way goes back to /login with the reason",
    }),
  ],
  "auth.google.ts": [
    get("public", () => "/auth/google"),
    act("POST", "guest-ok", () => "/auth/google", undefined, {
      alsoAllowed: { status: 302, because: "Google sign-in is off in the unit tests: back to /login with the reason" },
    }),
  ],
  "camera-search.tsx": [
    get("public", () => "/camera-search"),
    act(
      "POST",
      "guest-ok",
      () => "/camera-search",
      async () => ({ multipart: { image: await photo() } }),
      {
        alsoAllowed: {
          status: 422,
          because: "the synthetic test photo shows nothing the recogniser knows (nothing found)",
        },
      }
    ),
  ],
  "camera-share-dish.tsx": [
    get("signed-in", (f) => `/camera-share-dish?menu_id=${f.recipeId}`),
    act(
      "POST",
      "signed-in",
      () => "/camera-share-dish",
      async (f) => ({ multipart: { menu_id: String(f.recipeId), image: await photo() } })
    ),
  ],
  "camera.tsx": [
    get("public", () => "/camera"),
    act(
      "POST",
      "guest-ok",
      () => "/camera",
      async () => ({ multipart: { image: await photo() } }),
      {
        alsoAllowed: {
          status: 422,
          because: "the synthetic test photo shows nothing the recogniser knows (nothing found)",
        },
      }
    ),
  ],
  "community.tsx": [
    get("public", () => "/community"),
    act(
      "POST",
      "signed-in",
      () => "/community",
      (f) => ({ form: { intent: "like", post_id: String(f.postId) } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/community",
      (f) => ({ form: { intent: "comment", post_id: String(f.postId), comment_text: "Yum" } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/community",
      async (f) => ({
        multipart: { intent: "share", menu_id: String(f.recipeId), caption: "Mine", image: await photo() },
      })
    ),
    act(
      "POST",
      "owner-only",
      () => "/community",
      (f) => ({
        form: { intent: "delete-comment", post_id: String(f.postId), comment_id: String(f.commentId) },
      })
    ),
    act(
      "POST",
      "owner-only",
      () => "/community",
      (f) => ({ form: { intent: "delete-post", post_id: String(f.postId) } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/community",
      (f) => ({ form: { intent: "report", post_id: String(f.postId) } })
    ),
  ],
  "get_ingredient_image.ts": [
    act(
      "POST",
      "guest-ok",
      () => "/get_ingredient_image",
      () => ({ json: { ingredients: ["egg"] } })
    ),
  ],
  "google-auth.ts": [
    act(
      "POST",
      "guest-ok",
      () => "/google-auth",
      () => ({ json: { credential: "not-a-token" } }),
      {
        alsoAllowed: { status: 503, because: "Google sign-in is off in the unit tests" },
      }
    ),
  ],
  "household.tsx": [
    get("signed-in", () => "/household"),
    act(
      "POST",
      "signed-in",
      () => "/household",
      () => ({ form: { intent: "rename", name: `Matrix home ${next()}` } })
    ),
    act(
      "POST",
      "household-owner",
      () => "/household",
      (f) => ({ form: { intent: "remove", member: String(f.member.id) } })
    ),
  ],
  "healthz.ts": [get("public", () => "/healthz")],
  "icons.$name.ts": [get("public", () => "/icons/carrot.svg")],
  "import.tsx": [
    get("signed-in", () => "/import"),
    act(
      "POST",
      "signed-in",
      () => "/import",
      (f) => ({ multipart: { file: recipeFile(f.ownRecipe.name) } })
    ),
  ],
  "ingredient-preview.tsx": [
    get("public", () => "/ingredient-preview"),
    act(
      "POST",
      "guest-ok",
      () => "/ingredient-preview",
      (f) => ({ form: { intent: "delete", key: f.pantryKey } })
    ),
    act(
      "POST",
      "guest-ok",
      () => "/ingredient-preview",
      (f) => ({
        form: { intent: "log-food", key: f.pantryKey, kind: "used", amount: "", unit: "" },
      })
    ),
    act(
      "POST",
      "guest-ok",
      () => "/ingredient-preview",
      (f) => ({ form: { intent: "undo-food-log", entry: String(f.foodLogEntryId) } })
    ),
  ],
  "cook.$id.tsx": [
    get("signed-in", (f) => `/cook/${f.recipeId}?step=2`),
    act(
      "POST",
      "signed-in",
      (f) => `/cook/${f.freshRecipeId}`,
      () => ({ form: { intent: "finish" } })
    ),
    get("author-only", (f) => `/cook/${f.ownRecipe.id}`),
    act(
      "POST",
      "author-only",
      (f) => `/cook/${f.ownRecipe.id}`,
      () => ({ form: { intent: "finish" } })
    ),
  ],
  "cooked.$id.tsx": [
    get("owner-only", (f) => `/cooked/${f.completionId}`),
    act(
      "POST",
      "owner-only",
      (f) => `/cooked/${f.completionId}`,
      (f) => ({
        form: {
          back: "page",
          intent: "update",
          "use[0].key": f.pantryKey,
          "use[0].amount": "1",
          "use[0].unit": "",
          "use[0].rest": "keep",
        },
      })
    ),
  ],
  "login.tsx": [
    get("public", () => "/login"),
    // Only the owner signs in to the owner's account: whoever knows a password may use it, that is not the question here.
    act(
      "POST",
      "guest-ok",
      () => "/login",
      (f, caller) => ({
        form: { username: (caller === "owner" ? f.owner : f.other).username, password: f.password },
      })
    ),
  ],
  "logout.tsx": [
    get("public", () => "/logout"),
    act(
      "POST",
      "guest-ok",
      () => "/logout",
      () => ({ form: {} })
    ),
  ],
  "meal-completions.ts": [
    act(
      "POST",
      "owner-only",
      () => "/meal-completions",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.freshRecipeId } })
    ),
    act(
      "POST",
      "owner-only",
      () => "/meal-completions",
      (f) => ({ json: { user_id: f.owner.id, menu_id: f.freshRecipeId, servings_cooked: 4, servings_eaten: 2 } })
    ),
  ],
  "menu-detail.$id.tsx": [
    get("signed-in", (f) => `/menu-detail/${f.recipeId}`),
    act(
      "POST",
      "signed-in",
      (f) => `/menu-detail/${f.recipeId}`,
      () => ({ form: { intent: "favorite", favorite: "false" } })
    ),
    act(
      "POST",
      "signed-in",
      (f) => `/menu-detail/${f.recipeId}`,
      () => ({ form: { intent: "add-to-list", ingredient: "egg" } })
    ),
    get("author-only", (f) => `/menu-detail/${f.ownRecipe.id}`),
    act(
      "POST",
      "author-only",
      (f) => `/menu-detail/${f.ownRecipe.id}`,
      () => ({ form: { intent: "favorite", favorite: "true" } })
    ),
  ],
  "menu-detail._index.tsx": [get("signed-in", () => "/menu-detail")],
  "pantry.tsx": [
    get("public", () => "/pantry"),
    act(
      "POST",
      "guest-ok",
      () => "/pantry",
      () => ({ form: { intent: "add", name: "Oat milk", quantity: "", unit: "", storage: "", bestBefore: "" } })
    ),
    act(
      "POST",
      "guest-ok",
      () => "/pantry",
      (f) => ({ form: { intent: "delete", key: f.pantryKey } })
    ),
    act(
      "POST",
      "guest-ok",
      () => "/pantry",
      (f) => ({ form: { intent: "log-food", key: f.pantryKey, kind: "used", amount: "", unit: "" } })
    ),
    act(
      "POST",
      "guest-ok",
      () => "/pantry",
      (f) => ({ form: { intent: "undo-food-log", entry: String(f.foodLogEntryId) } })
    ),
  ],
  "plan.tsx": [
    get("signed-in", () => "/plan"),
    act(
      "POST",
      "owner-only",
      () => "/plan",
      (f) => ({ form: { intent: "remove", entry: String(f.mealPlanEntryId) } })
    ),
    act(
      "POST",
      "owner-only",
      () => "/plan",
      (f) => ({ form: { intent: "move", entry: String(f.mealPlanEntryId), day: mondayOf(todayUtc()), meal: "Lunch" } })
    ),
    act(
      "POST",
      "owner-only",
      () => "/plan",
      (f) => ({ form: { intent: "lock", entry: String(f.mealPlanEntryId), locked: "true" } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/plan",
      (f) => ({ form: { intent: "add", day: mondayOf(todayUtc()), meal: "Lunch", menu_id: String(f.freshRecipeId) } })
    ),
    act(
      "POST",
      "author-only",
      () => "/plan",
      (f) => ({ form: { intent: "add", day: mondayOf(todayUtc()), meal: "Lunch", menu_id: String(f.ownRecipe.id) } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/plan",
      () => ({ form: { intent: "auto", from: mondayOf(todayUtc()), days: "7", meals: "Dinner" } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/plan",
      () => ({ form: { intent: "shopping", from: mondayOf(todayUtc()), days: "7" } })
    ),
    act(
      "POST",
      "signed-in",
      () => "/plan",
      () => ({ form: { intent: "revoke-feed" } })
    ),
  ],
  "plan_.calendar.$token.ts": [get("public", (f) => f.calendarPath)],
  "my-recipes.tsx": [
    // another cook asking to delete the owner's recipe sees their own list, without the confirmation
    get("signed-in", (f) => `/my-recipes?q=okra&delete=${f.ownRecipe.id}`),
    act(
      "POST",
      "author-only",
      () => "/my-recipes",
      (f) => ({ form: { intent: "share", id: String(f.ownRecipe.id) } })
    ),
    act(
      "POST",
      "author-only",
      () => "/my-recipes",
      (f) => ({ form: { intent: "delete", id: String(f.ownRecipe.id) } })
    ),
  ],
  "my-recipes_.$id.tsx": [
    get("author-only", (f) => `/my-recipes/${f.ownRecipe.id}`),
    act(
      "POST",
      "author-only",
      (f) => `/my-recipes/${f.ownRecipe.id}`,
      (f) => ({ multipart: { name: f.ownRecipe.name, ingredients: "2 eggs\n1 tomato", steps: "Cook." } })
    ),
  ],
  "menu-suggestion.tsx": [get("public", () => "/menu-suggestion")],
  "menus.$recipeId.ts": [
    get("public", (f) => `/menus/${f.recipeId}`),
    get("author-only", (f) => `/menus/${f.ownRecipe.id}`),
  ],
  "preferences.tsx": [
    get("public", () => "/preferences"),
    act(
      "POST",
      "guest-ok",
      () => "/preferences",
      () => ({ form: { cuisines: ["Italian"] } })
    ),
  ],
  "recipe-images.$id.ts": [
    get("public", (f) => `/recipe-images/${f.recipeId}.svg`),
    get("author-only", (f) => `/recipe-images/${f.ownRecipe.id}.svg`),
  ],
  "reset-password.tsx": [
    act(
      "POST",
      "guest-ok",
      () => "/reset-password",
      () => ({ form: { email: `reset${next()}@example.com` } })
    ),
  ],
  "reset-password_.$token.tsx": [
    get("public", () => `/reset-password/${BOGUS_TOKEN}`),
    act(
      "POST",
      "guest-ok",
      () => `/reset-password/${BOGUS_TOKEN}`,
      () => ({ form: NEW_PASSWORD }),
      {
        alsoAllowed: { status: 400, because: "a made-up link is invalid, whoever sends it" },
      }
    ),
  ],
  "verify-email.ts": [
    get("public", () => "/verify-email"),
    act(
      "POST",
      "signed-in",
      () => "/verify-email",
      () => ({ form: {} })
    ),
  ],
  "verify-email_.$token.ts": [get("public", () => `/verify-email/${BOGUS_TOKEN}`)],
  "reviews.tsx": [
    get("signed-in", (f) => `/reviews?menu_id=${f.recipeId}`),
    get("author-only", (f) => `/reviews?menu_id=${f.ownRecipe.id}`),
    act(
      "POST",
      "signed-in",
      (f) => `/reviews?menu_id=${f.recipeId}`,
      (f) => ({
        form: { intent: "update", menu_id: String(f.recipeId), rating: "3", comment: "Edited" },
      }),
      { alsoAllowed: { status: 404, because: "someone who has not reviewed the recipe has no review to update" } }
    ),
    act(
      "POST",
      "signed-in",
      (f) => `/reviews?menu_id=${f.recipeId}`,
      (f) => ({ form: { intent: "delete", menu_id: String(f.recipeId) } }),
      {
        alsoAllowed: { status: 404, because: "someone who has not reviewed the recipe has no review to delete" },
      }
    ),
  ],
  "search.tsx": [
    get("public", () => "/search?q=tomato"),
    act(
      "POST",
      "guest-ok",
      () => "/search",
      () => ({ form: { intent: "add", name: "Celery" } })
    ),
  ],
  "setting.tsx": [
    get("signed-in", () => "/setting"),
    act(
      "POST",
      "signed-in",
      () => "/setting",
      async (f) => ({ multipart: { ...profileFields(f.owner), avatar: await photo("me.jpg") } }),
      {
        alsoAllowed: { status: 409, because: "another user may not take the owner's username and email" },
      }
    ),
    act(
      "POST",
      "signed-in",
      () => "/setting",
      () => ({ form: { intent: "delete" } })
    ),
  ],
  "shoppinglist.tsx": [
    get("signed-in", () => "/shoppinglist"),
    act(
      "POST",
      "household",
      () => "/shoppinglist",
      (f) => ({ form: { intent: "remove", item: String(f.shoppingItemId) } })
    ),
    act(
      "POST",
      "household",
      () => "/shoppinglist",
      (f) => ({ form: { intent: "got-it", item: String(f.shoppingItemId) } })
    ),
  ],
  "signup.tsx": [
    get("public", () => "/signup"),
    act(
      "POST",
      "guest-ok",
      () => "/signup",
      () => {
        const username = `newcook_${next()}`;
        return { form: { username, email: `${username}@example.com`, password: "Secret123" } };
      }
    ),
  ],
  "sw[.]js.ts": [
    get("public", () => "/sw.js", {
      status: 404,
      because: "the worker is built by npm run build, which these tests do not run",
    }),
  ],
  "unsubscribe.$token.tsx": [
    get("public", () => `/unsubscribe/1.${"0".repeat(32)}.${BOGUS_TOKEN}`, {
      status: 400,
      because: "a forged link changes nothing",
    }),
    act(
      "POST",
      "public",
      () => `/unsubscribe/1.${"0".repeat(32)}.${BOGUS_TOKEN}`,
      () => ({ form: {} }),
      {
        alsoAllowed: { status: 400, because: "a forged link changes nothing" },
        writesNothing: true,
      }
    ),
  ],
  "use-soon-reminder.ts": [
    get("public", () => "/use-soon-reminder"),
    act(
      "POST",
      "signed-in",
      () => "/use-soon-reminder",
      () => ({ form: { intent: "reminder-on", time: "07:30", timeZone: "UTC" } })
    ),
  ],
  "uploads.$.ts": [
    get("public", () => "/uploads/avatars/00000000000000000000000000000000.webp", {
      status: 404,
      because: "no such picture",
    }),
  ],
};

/** Every probe of the table, named for test titles ("/api/favorites POST action #1"). */
export const probes = Object.entries(ROUTES).flatMap(([route, list]) =>
  list.map((probe, index) => ({
    route,
    probe,
    name: `${route} ${probe.method} ${probe.handler}${list.length > 1 ? ` #${index + 1}` : ""}`,
  }))
);

// ---------- running a probe ----------

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
  default?: unknown;
};

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");
export const routeFiles = Object.keys(modules).map((file) => file.split("/").pop()!);
const moduleOf = (file: string) => modules[`../../app/routes/${file}`]();

const API_ROUTE_FILE = "api.$.ts";
const apiCallName = (route: ApiRoute) => `/api/${route.pattern}`;
/** The JSON calls of the API table, as ROUTES names them ("/api/users/:id"). */
export const apiCalls = API_ROUTES.map(apiCallName);
const apiRouteOf = (name: string) => API_ROUTES.find((entry) => apiCallName(entry) === name);

/** The handlers a route file or API call exports. */
export async function handlersOf(route: string): Promise<Probe["handler"][]> {
  const module: { loader?: unknown; action?: unknown } = apiRouteOf(route)?.module ?? (await moduleOf(route));
  return (["loader", "action"] as const).filter((handler) => typeof module[handler] === "function");
}

/**
 * The URL segments a flat-route file name matches ("reset-password_.$token.tsx" → reset-password, :token); a dot in
 * brackets is part of its segment ("sw[.]js.ts" → sw.js).
 */
function routeSegments(file: string): string[] {
  return (file.replace(/\.tsx?$/, "").match(/(?:\[[^\]]*\]|[^.])+/g) ?? [])
    .filter((segment) => segment !== "_index" && !(segment.startsWith("_") && !segment.endsWith("_")))
    .map((segment) => segment.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1"));
}

/** The params Remix would give the file's handlers for `pathname`; throws when the path is not this file's. */
export function paramsFor(file: string, pathname: string): Record<string, string> {
  const pattern = routeSegments(file);
  const parts = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    if (segment === "$") {
      params["*"] = parts.slice(index).map(decodeURIComponent).join("/");
      return params;
    }
    const part = parts[index];
    if (part === undefined) throw new Error(`${pathname} is too short for ${file}`);
    if (segment.startsWith("$")) params[segment.slice(1)] = decodeURIComponent(part);
    else if (segment !== part) throw new Error(`${pathname} is not a path of ${file}`);
  }
  if (parts.length !== pattern.length) throw new Error(`${pathname} is not a path of ${file}`);
  return params;
}

let clientNumber = 0;

/**
 * Runs the probe's handler as `caller`, with the probe's own body unless `options.body` replaces it. `route` is a
 * route file, or an API call, which is run as Remix runs it: through the splat route, whose table must give the
 * probe's path to that call.
 */
export async function call(
  route: string,
  probe: Probe,
  f: Fixture,
  caller: Caller,
  options: { headers?: Record<string, string>; body?: RequestBody } = {}
): Promise<Response> {
  const path = probe.path(f);
  const cookie = caller === "guest" ? null : f[caller].cookie;
  const body =
    options.body ?? (probe.body ? await probe.body(f, caller) : probe.method === "GET" ? undefined : { form: {} });
  // Each call comes from its own address, so the per-address rate limits never decide an outcome here.
  clientNumber += 1;
  const request = requestWith(probe.method, path, body, {
    cookie,
    headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${clientNumber % 250}:${clientNumber}`, ...options.headers },
  });
  const pathname = new URL(request.url).pathname;
  const apiRoute = apiRouteOf(route);
  if (apiRoute) {
    const match = matchApiCall(pathname);
    if (match === null || match === "malformed" || match.route !== apiRoute)
      throw new Error(`${path} is not a path of ${route}`);
  }
  const file = apiRoute ? API_ROUTE_FILE : route;
  const handler = (await moduleOf(file))[probe.handler]!;
  return served(request, async () => handler({ request, params: paramsFor(file, pathname), context: {} }));
}

export const isRedirect = (response: Response) => response.status >= 300 && response.status < 400;

/** A JSON call's 401, or a page's redirect to /login that brings the guest back afterwards (requireUserId). */
export const sentToLogin = (response: Response) =>
  response.status === 401 ||
  (isRedirect(response) && (response.headers.get("Location") ?? "").startsWith("/login?redirectTo="));

/** The error a form posted without JavaScript is sent back with (a flash message for its screen), if any. */
export async function errorFlash(response: Response): Promise<string | null> {
  if (!isRedirect(response)) return null;
  const flash = await flashAfter(response);
  return flash?.type === "error" ? flash.message : null;
}

/** 403, or 404 hiding whether it exists; a form without JavaScript gets the same refusal as a flash message. */
export async function refusedAsNotTheirs(response: Response): Promise<boolean> {
  return response.status === 403 || response.status === 404 || (await errorFlash(response)) !== null;
}

export function permitted(probe: Probe, response: Response): boolean {
  if (probe.alsoAllowed?.status === response.status) return true;
  return response.status >= 200 && response.status < 400 && !sentToLogin(response);
}

export const describeAnswer = (response: Response) =>
  `${response.status} ${response.headers.get("Location") ?? ""}`.trim();

// ---------- what must not change ----------

const lowerFirst = (name: string) => name[0].toLowerCase() + name.slice(1);
/**
 * Every table but sessions (a refused call may still drop a flash message into the caller's own session) and the
 * rate limits' counts (a refused attempt is still an attempt: it counts toward the caller's limit).
 */
const NOT_DATA: string[] = ["Session", "RateLimitCounter"];
const TABLES = Object.values(Prisma.ModelName).filter((model) => !NOT_DATA.includes(model));

export async function databaseRows(): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    rows[table] = await (prisma as unknown as Record<string, { findMany(): Promise<unknown[]> }>)[
      lowerFirst(table)
    ].findMany();
  }
  return rows;
}

/** How many rows each table but sessions holds, in one query. */
export async function tableCounts(): Promise<Record<string, unknown>> {
  const [counts] = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT ${TABLES.map((table) => `(SELECT COUNT(*) FROM "${table}") AS "${table}"`).join(", ")}`
  );
  return Object.fromEntries(Object.entries(counts).map(([table, count]) => [table, Number(count)]));
}

/** Everything that belongs to one user, their sessions included (null once the account is gone). */
export function rowsOf(userId: number) {
  return prisma.user.findUnique({
    where: { id: userId },
    include: {
      sessions: { select: { id: true } },
      favorites: true,
      history: true,
      reviews: true,
      mealCompletions: true,
      foodLog: true,
      household: {
        include: {
          household: {
            include: {
              pantry: { include: { items: true, mealPlan: true, mealPlanFeed: true } },
              list: { include: { items: true } },
            },
          },
        },
      },
      preferences: true,
      posts: true,
      likes: true,
      comments: true,
      importedRecipes: { include: { ingredients: true, steps: true, tips: true, tags: true } },
    },
  });
}

// ---------- the data each probe starts from ----------

const PASSWORD = "Secret123";
let passwordHash: string;
let recipeId: number;
let freshRecipeId: number;

const draft = (name: string, origin: RecipeDraft["origin"]): RecipeDraft => ({
  name,
  cuisines: ["Mediterranean"],
  occasions: ["Dinner"],
  prepTime: 10,
  cookingTime: 20,
  servings: 2,
  ingredients: [
    { name: "egg", quantity: "2" },
    { name: "tomato", quantity: "200 g" },
  ],
  steps: ["Chop the tomato.", "Cook it with the eggs."],
  tips: [],
  origin,
});

/** Once per test file, before any fixture: the catalogue and the two cookbook recipes every fixture uses. */
export async function prepareCookbook(): Promise<void> {
  await seedIngredients();
  passwordHash = await hashPassword(PASSWORD);
  recipeId = (await saveRecipe(draft("Matrix Shakshuka", "starter"))).id;
  freshRecipeId = (await saveRecipe(draft("Matrix Frittata", "starter"))).id;
}

export async function fixture(): Promise<Fixture> {
  const [owner, other] = [await signedInMember("owner", passwordHash), await signedInMember("other", passwordHash)];
  const [member, former] = [await signedInMember("member", passwordHash), await signedInMember("former", passwordHash)];
  const home = await cookOfUser(owner.id);
  const joinHome = async (who: Member) => {
    const made = await createInvite(home);
    if (!made.ok || !(await joinHousehold(await cookOfUser(who.id), made.invite.token)).ok) throw new Error("join");
  };
  await joinHome(member);
  await joinHome(former);
  if (!(await leaveHousehold(await cookOfUser(former.id))).ok) throw new Error("leave");
  // written at once (createInvite's checks are the household tests'), so that a fixture stays quick to make
  const invitesTo = async ({ householdId, userId }: MemberCook) => {
    const tokens = Array.from({ length: 6 }, () => randomBytes(24).toString("base64url"));
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await prisma.householdInvite.createMany({
      data: tokens.map((token) => ({
        householdId,
        createdById: userId,
        expiresAt,
        tokenHash: createHash("sha256").update(token).digest("hex"),
      })),
    });
    return tokens;
  };
  const inviteTokens = await invitesTo(home);
  const elsewhereTokens = await invitesTo(await cookOfUser((await signedInMember("host", passwordHash)).id));
  // Verified addresses, as a cook's who uses the mails is (the use-soon email is offered to no other: decision 085).
  await prisma.user.updateMany({
    where: { id: { in: [owner.id, other.id, member.id, former.id] } },
    data: { emailVerifiedAt: new Date() },
  });
  const ownRecipeName = `Matrix Eggs ${next()}`;
  const ownRecipe = await saveRecipe({ ...draft(ownRecipeName, "imported"), importedById: owner.id });
  const data = { userId: owner.id, recipeId };
  await prisma.favorite.create({ data });
  await prisma.historyEntry.create({ data });
  const completion = await prisma.mealCompletion.create({ data });
  await prisma.review.create({ data: { ...data, rating: 5, comment: "Lovely" } });
  const shoppingItem = await prisma.shoppingItem.create({
    data: { listId: (await cookOfUser(owner.id)).listId, name: "Egg", nameKey: "egg", quantity: "2" },
  });
  const tomato = resolveName(await loadCatalogue(), "tomato")!;
  await addToUserPantry(owner.id, [tomato.name]);
  const pantryItem = await prisma.pantryItem.findFirstOrThrow({
    where: { pantry: { household: { members: { some: { userId: owner.id } } } } },
  });
  await prisma.userPreferences.create({ data: { userId: owner.id, cuisines: JSON.stringify(["Italian"]) } });
  const post = await prisma.communityPost.create({
    data: { userId: owner.id, recipeId, image: `dishes/${"0".repeat(31)}${next() % 10}.jpg`, caption: "My shakshuka" },
  });
  const comment = await prisma.postComment.create({ data: { postId: post.id, userId: owner.id, text: "Thanks!" } });
  await prisma.postLike.create({ data: { postId: post.id, userId: owner.id } });
  const thrownAway = await prisma.foodLogEntry.create({
    data: {
      userId: owner.id,
      householdId: (await cookOfUser(owner.id)).householdId,
      ingredient: tomato.name,
      nameKey: tomato.key,
      amount: 1,
      kind: "wasted",
      source: "manual",
    },
  });
  const mealPlanEntry = await prisma.mealPlanEntry.create({
    data: { pantryId: pantryItem.pantryId, day: mondayOf(todayUtc()), meal: "Dinner", recipeId, servings: 2 },
  });
  const feed = await prisma.mealPlanFeed.create({
    data: { pantryId: pantryItem.pantryId, nonce: "0123456789abcdef0123456789abcdef" },
  });
  return {
    owner,
    other,
    member,
    former,
    inviteTokens,
    elsewhereTokens,
    password: PASSWORD,
    recipeId,
    recipeName: "Matrix Shakshuka",
    freshRecipeId,
    ownRecipe: { id: ownRecipe.id, name: ownRecipeName },
    postId: post.id,
    commentId: comment.id,
    shoppingItemId: shoppingItem.id,
    pantryKey: tomato.key,
    pantryItemId: pantryItem.id,
    completionId: completion.id,
    foodLogEntryId: thrownAway.id,
    mealPlanEntryId: mealPlanEntry.id,
    calendarPath: feedPath(feed.pantryId, feed.nonce),
  };
}
