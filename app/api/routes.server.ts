/**
 * The JSON calls under /api/, answered by the one splat route app/routes/api.$.ts (why: docs/architecture.md,
 * "JSON calls behind one route"). Each entry is a path after /api/ with `:name` params and the module whose
 * `loader` (GET, HEAD, OPTIONS) or `action` (POST, PUT, PATCH, DELETE) answers it, with the params named as in
 * the pattern.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError } from "~/services/request.server";
import * as ownReview from "./$recipeId.$userId.reviews.server";
import * as newPassword from "./auth.new-password.server";
import * as resetPassword from "./auth.reset-password.server";
import * as verifyResetToken from "./auth.verify-reset-token.$token.server";
import * as postComment from "./community.$postId.comments.$commentId.server";
import * as postComments from "./community.$postId.comments.server";
import * as postLike from "./community.$postId.like.server";
import * as postReport from "./community.$postId.report.server";
import * as communityPosts from "./community.server";
import * as favoritesOfUser from "./favorites.$userId.server";
import * as favorites from "./favorites.server";
import * as dataExport from "./export.server";
import * as foodLog from "./food-log.server";
import * as ingredientImages from "./get_ingredient_image.server";
import * as historyOfUser from "./history.$userId.server";
import * as householdInvite from "./household.invites.$token.server";
import * as householdInvites from "./household.invites.server";
import * as householdJoin from "./household.join.server";
import * as householdLeave from "./household.leave.server";
import * as householdMember from "./household.members.$userId.server";
import * as household from "./household.server";
import * as ingredientSuggestions from "./ingredient-suggestions.server";
import * as pantryUpdate from "./meal-completions.$id.pantry-update.server";
import * as mealPlanEntry from "./meal-plan.$id.server";
import * as mealPlanAuto from "./meal-plan.auto.server";
import * as mealPlanCalendar from "./meal-plan.calendar.server";
import * as mealPlan from "./meal-plan.server";
import * as mealPlanShopping from "./meal-plan.shopping.server";
import * as menuReviews from "./menu-detail.$id.reviews.server";
import * as menuRecommendations from "./menu-recommendations.server";
import * as menuPicture from "./menus.$recipeId.server";
import * as menuByName from "./menus.by-name.$name.server";
import * as menus from "./menus.server";
import * as pantryItem from "./pantry.$id.server";
import * as pantry from "./pantry.server";
import * as randomMenu from "./random-menu.server";
import * as reviews from "./reviews.server";
import * as shoppingGot from "./shopping-list.got.server";
import * as upload from "./upload.server";
import * as useSoonReminder from "./use-soon-reminder.server";
import * as mealStats from "./users.$id.meal-stats.server";
import * as monthlyMealStats from "./users.$id.monthly-meal-stats.server";
import * as user from "./users.$id.server";

export type ApiModule = {
  loader?: (args: LoaderFunctionArgs) => Promise<Response>;
  action?: (args: ActionFunctionArgs) => Promise<Response>;
};
export type ApiRoute = { pattern: string; module: ApiModule };

export const API_ROUTES: ApiRoute[] = [
  { pattern: ":recipeId/:userId/reviews", module: ownReview },
  { pattern: "auth/new-password", module: newPassword },
  { pattern: "auth/reset-password", module: resetPassword },
  { pattern: "auth/verify-reset-token/:token", module: verifyResetToken },
  { pattern: "community", module: communityPosts },
  { pattern: "community/:postId/comments", module: postComments },
  { pattern: "community/:postId/comments/:commentId", module: postComment },
  { pattern: "community/:postId/like", module: postLike },
  { pattern: "community/:postId/report", module: postReport },
  { pattern: "export", module: dataExport },
  { pattern: "favorites", module: favorites },
  { pattern: "favorites/:userId", module: favoritesOfUser },
  { pattern: "food-log", module: foodLog },
  { pattern: "get_ingredient_image", module: ingredientImages },
  { pattern: "history/:userId", module: historyOfUser },
  { pattern: "household", module: household },
  { pattern: "household/invites", module: householdInvites },
  { pattern: "household/invites/:token", module: householdInvite },
  { pattern: "household/join", module: householdJoin },
  { pattern: "household/leave", module: householdLeave },
  { pattern: "household/members/:userId", module: householdMember },
  { pattern: "ingredient-suggestions", module: ingredientSuggestions },
  { pattern: "meal-completions/:id/pantry-update", module: pantryUpdate },
  { pattern: "meal-plan", module: mealPlan },
  { pattern: "meal-plan/:id", module: mealPlanEntry },
  { pattern: "meal-plan/auto", module: mealPlanAuto },
  { pattern: "meal-plan/calendar", module: mealPlanCalendar },
  { pattern: "meal-plan/shopping", module: mealPlanShopping },
  { pattern: "menu-detail/:id/reviews", module: menuReviews },
  { pattern: "menu-recommendations", module: menuRecommendations },
  { pattern: "menus", module: menus },
  { pattern: "menus/:recipeId", module: menuPicture },
  { pattern: "menus/by-name/:name", module: menuByName },
  { pattern: "pantry", module: pantry },
  { pattern: "pantry/:id", module: pantryItem },
  { pattern: "random-menu", module: randomMenu },
  { pattern: "reviews", module: reviews },
  { pattern: "shopping-list/got", module: shoppingGot },
  { pattern: "upload", module: upload },
  { pattern: "use-soon-reminder", module: useSoonReminder },
  { pattern: "users/:id", module: user },
  { pattern: "users/:id/meal-stats", module: mealStats },
  { pattern: "users/:id/monthly-meal-stats", module: monthlyMealStats },
];

type CompiledRoute = { route: ApiRoute; segments: string[] };

const isParam = (segment: string) => segment.startsWith(":");

/** Remix's route score: where two patterns match one path, the one with more static segments wins. */
function score(segments: string[]): number {
  return segments.reduce((total, segment) => total + (isParam(segment) ? 3 : 10), segments.length);
}

/** The patterns split into segments once, best first. */
export function compileApiRoutes(routes: ApiRoute[]): CompiledRoute[] {
  return routes
    .map((route) => ({ route, segments: route.pattern.split("/") }))
    .sort((a, b) => score(b.segments) - score(a.segments));
}

const COMPILED_ROUTES = compileApiRoutes(API_ROUTES);

export type ApiMatch = { route: ApiRoute; params: Record<string, string> };

/** The params of `pattern` taken from `segments`, or null when they do not match (static segments in any case). */
function paramsOf(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (isParam(part) && segment !== "") params[part.slice(1)] = segment;
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

/**
 * The call a request's path names, matched as Remix matches routes: segment by segment, each decoded with
 * decodeURIComponent (an encoded "/" stays inside its param), static segments in any case, trailing slashes
 * allowed. Null when no call matches, "malformed" when a segment is not valid percent-encoding.
 */
export function matchApiCall(
  pathname: string,
  routes: CompiledRoute[] = COMPILED_ROUTES
): ApiMatch | "malformed" | null {
  // The segments after /api (segment 1 of the path, whatever its spelling, is what routed the request here).
  const raw = pathname.split("/").slice(2);
  while (raw.at(-1) === "") raw.pop();
  let segments: string[];
  try {
    segments = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return "malformed";
  }
  for (const { route, segments: pattern } of routes) {
    const params = paramsOf(pattern, segments);
    if (params) return { route, params };
  }
  return null;
}

const API_NOT_FOUND = "Not found";
const MALFORMED_PATH = "The address is not valid URL encoding";

/**
 * Runs the matched module's loader or action, as Remix ran them when each call was its own route. A call without
 * the one asked for answers as Remix did (405 to a write to a read-only call, 400 to a read of a write-only one).
 */
export async function answerApiCall(
  handler: "loader" | "action",
  args: LoaderFunctionArgs | ActionFunctionArgs
): Promise<Response> {
  const match = matchApiCall(new URL(args.request.url).pathname);
  if (match === "malformed") return jsonError(MALFORMED_PATH, 400);
  if (!match) return jsonError(API_NOT_FOUND, 404);
  const run = match.route.module[handler];
  if (run) return run({ ...args, params: match.params });
  return handler === "action"
    ? jsonError("Use GET", 405)
    : jsonError(`${args.request.method} is not supported by this call`, 400);
}
