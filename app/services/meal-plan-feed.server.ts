/**
 * The plan's calendar feed: a secret address a phone calendar subscribes to (RFC 5545, one event per entry with the
 * recipe's link). The address carries the pantry and the feed's nonce signed with the server's secret, so neither a
 * guessed address nor a copy of the database opens it; revoking deletes the nonce and the next address is another.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import ical, { ICalCalendarMethod } from "ical-generator";
import { addDaysTo, entryTitle, MEAL_TIMES } from "~/domain/meal-plan";
import { todayUtc } from "~/domain/pantry-details";
import { servingsText } from "~/domain/servings";
import { prisma } from "./db.server";
import { env } from "./env.server";
import type { MemberCook } from "./cook.server";
import { entriesOfPantry } from "./meal-plan.server";
import type { PlanMeal } from "~/domain/meal-planner";

/** Days of the plan a feed holds: the last week, for what was eaten, and the coming four. */
const FEED_DAYS_BEFORE = 7;
const FEED_DAYS_AFTER = 28;
const TOKEN = /^(\d{1,10})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})(?:\.ics)?$/;

const signature = (payload: string) =>
  createHmac("sha256", env.SESSION_SECRET).update(`meal-plan-feed:${payload}`).digest("base64url");

export const feedPath = (pantryId: number, nonce: string) => {
  const payload = `${pantryId}.${nonce}`;
  return `/plan/calendar/${payload}.${signature(payload)}.ics`;
};

/** Where links the cook copies point: APP_URL, else the address the request came to. */
export const publicOrigin = (request: Request) =>
  (env.APP_URL ?? new URL(request.url).origin).replace(/(?<!\/)\/+$/, "");

/** The cook's feed address, made the first time it is asked for. */
export async function feedUrl(request: Request, { pantryId }: MemberCook): Promise<string> {
  const feed = await prisma.mealPlanFeed.upsert({
    where: { pantryId },
    create: { pantryId, nonce: randomBytes(16).toString("hex") },
    update: {},
  });
  return `${publicOrigin(request)}${feedPath(pantryId, feed.nonce)}`;
}

/** The cook's feed address if they made one, without making one. */
export async function existingFeedUrl(request: Request, { pantryId }: MemberCook): Promise<string | null> {
  const feed = await prisma.mealPlanFeed.findUnique({ where: { pantryId } });
  return feed ? `${publicOrigin(request)}${feedPath(feed.pantryId, feed.nonce)}` : null;
}

/** Stops the address working; true when there was one. */
export async function revokeFeed({ pantryId }: MemberCook): Promise<boolean> {
  return (await prisma.mealPlanFeed.deleteMany({ where: { pantryId } })).count > 0;
}

const localTime = (day: string, meal: PlanMeal, extraMinutes = 0) => {
  const [hours, minutes] = MEAL_TIMES[meal].start.split(":").map(Number);
  const total = hours * 60 + minutes + extraMinutes;
  // a floating time (no zone): 19:00 wherever the phone is; built from local parts, as ical-generator reads them
  return new Date(
    `${day}T${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}:00`
  );
};

/** The feed's text for a token, or null when the token is not a live one. */
export async function calendarOf(request: Request, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(`${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const pantryId = Number(match[1]);
  const feed = await prisma.mealPlanFeed.findFirst({ where: { pantryId, nonce: match[2] } });
  if (!feed) return null;
  const today = todayUtc();
  const from = addDaysTo(today, -FEED_DAYS_BEFORE);
  const entries = await entriesOfPantry(pantryId, from, FEED_DAYS_BEFORE + FEED_DAYS_AFTER);
  const origin = publicOrigin(request);
  const calendar = ical({
    name: "Recipe Helper meal plan",
    prodId: { company: "Recipe Helper", product: "Meal plan" },
  });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const row of entries) {
    const meal = row.meal;
    const link = row.recipeId ? `${origin}/menu-detail/${row.recipeId}` : `${origin}/plan`;
    calendar.createEvent({
      id: `meal-plan-${row.id}@recipe-helper`,
      start: localTime(row.day, meal),
      end: localTime(row.day, meal, MEAL_TIMES[meal].minutes),
      floating: true,
      summary: `${meal}: ${entryTitle(row)}`,
      description: [servingsText(row.servings), row.reason ? `Why: ${row.reason}` : null, link]
        .filter(Boolean)
        .join("\n"),
      url: link,
    });
  }
  return calendar.toString();
}
