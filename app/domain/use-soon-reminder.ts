/**
 * The daily use-soon email: the cook's chosen time and time zone, when a day's email is due, and what it says.
 * The schedule and the sending live in app/services/use-soon-reminder.server.ts (decision 050).
 */
import * as z from "zod";
import { REMINDER_MESSAGES } from "./use-soon-reminder-messages";
import { escapeHtml } from "./html-text";

export { REMINDER_MESSAGES };

/** Food whose best-before day is at most this many days away (0: today) is listed. */
export const REMINDER_DAYS = 2;
export const REMINDER_RECIPES = 3;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}

/** The settings form: on (a time and zone) or off. */
export const ReminderFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("reminder-on"),
      time: z.string({ error: REMINDER_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, REMINDER_MESSAGES.time),
      timeZone: z.string({ error: REMINDER_MESSAGES.timeZone }).trim().refine(isTimeZone, REMINDER_MESSAGES.timeZone),
    }),
    z.object({ intent: z.literal("reminder-off") }),
  ],
  { error: "Unknown action" }
);
export type ReminderForm = z.output<typeof ReminderFormSchema>;

/** The day (YYYY-MM-DD) and the minute of the day it is in a time zone at `now`. */
export function localClock(timeZone: string, now: Date): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "00";
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/**
 * The local day whose email is due at `now`, or null before the chosen time. A server that was down at that time
 * sends later the same day, never the day after (whether it went out is recorded per day).
 */
export function dueDay(reminder: { time: string; timeZone: string }, now: Date): string | null {
  const clock = localClock(reminder.timeZone, now);
  const [hours, minutes] = reminder.time.split(":").map(Number);
  return clock.minutes >= hours * 60 + minutes ? clock.day : null;
}

export interface ReminderContent {
  items: { name: string; daysLeft: number; amount: string | null }[];
  recipes: { name: string; url: string }[];
  unsubscribeUrl: string;
}

const whenText = (daysLeft: number) =>
  daysLeft <= 0 ? "today" : daysLeft === 1 ? "by tomorrow" : `within ${daysLeft} days`;

/** The longest a pantry item's name is shown in the email: enough for any food, too short for an advertisement. */
export const MAIL_NAME_LENGTH = 40;

/**
 * A pantry item's name as the email shows it: on one line, without control or format characters (bidi overrides,
 * zero-width), and cut to MAIL_NAME_LENGTH characters with an ellipsis. The name is the cook's own text.
 */
export function mailName(name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const characters = [...plain];
  return characters.length <= MAIL_NAME_LENGTH
    ? plain
    : `${characters
        .slice(0, MAIL_NAME_LENGTH - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The email: what to use and by when, three recipes that use it, and the unsubscribe link, also in the headers mail
 * programs show as their own unsubscribe button, posting to the link without anyone signed in (RFC 2369, RFC 8058).
 */
export function reminderMail(content: ReminderContent): {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
} {
  const count = content.items.length;
  const subject = `Use soon: ${count === 1 ? mailName(content.items[0].name) : `${count} items`} in your pantry`;
  const itemLine = (item: ReminderContent["items"][number]) =>
    `${mailName(item.name)}${item.amount ? ` (${item.amount})` : ""}: use ${whenText(item.daysLeft)}`;
  const text = [
    "These spoil in the next 2 days:",
    ...content.items.map((item) => `- ${itemLine(item)}`),
    "",
    ...(content.recipes.length > 0
      ? ["Recipes that use them:", ...content.recipes.map((recipe) => `- ${recipe.name}: ${recipe.url}`), ""]
      : []),
    `Stop these emails: ${content.unsubscribeUrl}`,
  ].join("\n");
  const html = [
    "<p>These spoil in the next 2 days:</p>",
    `<ul>${content.items.map((item) => `<li>${escapeHtml(itemLine(item))}</li>`).join("")}</ul>`,
    content.recipes.length > 0
      ? `<p>Recipes that use them:</p><ul>${content.recipes
          .map((recipe) => `<li><a href="${escapeHtml(recipe.url)}">${escapeHtml(recipe.name)}</a></li>`)
          .join("")}</ul>`
      : "",
    `<p><a href="${escapeHtml(content.unsubscribeUrl)}">Stop these emails</a></p>`,
  ].join("\n");
  const headers = {
    "List-Unsubscribe": `<${content.unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  return { subject, text, html, headers };
}
