/**
 * The daily use-soon email (decision 050): the opt-in, the signed one-click unsubscribe link, and the schedule.
 * The single server process checks every minute which cooks' chosen time has come in their time zone; a day's
 * email is claimed with a ReminderSent row (unique per cook and day) before it is sent, so a restart, a retry or
 * a second process never sends it twice. A claim whose sending failed is given back, to be tried next minute.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { daysLeftOf } from "~/domain/pantry";
import { renderAmount } from "~/domain/servings";
import { unitOf } from "~/domain/quantity";
import {
  dueDay,
  REMINDER_DAYS,
  REMINDER_MESSAGES,
  REMINDER_RECIPES,
  reminderMail,
  ReminderFormSchema,
  type ReminderForm,
} from "~/domain/use-soon-reminder";
import { inBackground } from "./background.server";
import { prisma } from "./db.server";
import { isEmailVerified } from "./email-verification.server";
import { sendMail } from "./email.server";
import { env, mailLinkOrigin } from "./env.server";
import { cookOfUser } from "./cook.server";
import { pantryItems } from "./pantry-store.server";
import { redirectWithFlash } from "./session.server";
import { suggestRecipeCards } from "./recipe-search.server";
import { allergiesOf } from "./users.server";

export interface ReminderSetting {
  time: string;
  timeZone: string;
}

export async function readReminder(userId: number): Promise<ReminderSetting | null> {
  return prisma.useSoonReminder.findUnique({ where: { userId }, select: { time: true, timeZone: true } });
}

export type ReminderSaved = { ok: boolean; message: string };

/**
 * Turns the email on at a time (a new nonce: older unsubscribe links stop working) or off. It is turned on only
 * for a verified address: otherwise anyone could sign up with someone else's address and mail them daily.
 */
export async function saveReminder(userId: number, form: ReminderForm): Promise<ReminderSaved> {
  if (form.intent === "reminder-off") {
    await prisma.useSoonReminder.deleteMany({ where: { userId } });
    return { ok: true, message: REMINDER_MESSAGES.off };
  }
  if (!(await isEmailVerified(userId))) return { ok: false, message: REMINDER_MESSAGES.unverified };
  const setting = { time: form.time, timeZone: form.timeZone, nonce: randomBytes(16).toString("hex") };
  await prisma.useSoonReminder.upsert({ where: { userId }, create: { userId, ...setting }, update: setting });
  void checkDueReminders();
  return { ok: true, message: REMINDER_MESSAGES.saved(form.time, form.timeZone) };
}

const signature = (payload: string) =>
  createHmac("sha256", env.SESSION_SECRET).update(`use-soon-unsubscribe:${payload}`).digest("base64url");

/** The token of the unsubscribe link: the cook and the opt-in's nonce, signed with the server's secret. */
export function unsubscribeToken(userId: number, nonce: string): string {
  const payload = `${userId}.${nonce}`;
  return `${payload}.${signature(payload)}`;
}

/** The opt-in a link's token names (cook and nonce), or null when its signature is not the server's. */
function signedOptIn(token: string): { userId: number; nonce: string } | null {
  const match = /^(\d{1,10})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(`${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId: Number(match[1]), nonce: match[2] };
}

export type UnsubscribeAnswer = { status: "confirm" | "unsubscribed" | "already" | "forged"; message: string };
const FORGED = { status: "forged", message: REMINDER_MESSAGES.forged } as const;
const ALREADY = { status: "already", message: REMINDER_MESSAGES.alreadyOff } as const;

/**
 * What opening a link's address shows, changing nothing (a mail scanner that fetches every link must not
 * unsubscribe anyone): the question to confirm by a POST, or why there is nothing to do.
 */
export async function unsubscribeQuestion(token: string): Promise<UnsubscribeAnswer> {
  const optIn = signedOptIn(token);
  if (!optIn) return FORGED;
  const found = await prisma.useSoonReminder.count({ where: optIn });
  return found > 0 ? { status: "confirm", message: REMINDER_MESSAGES.confirm } : ALREADY;
}

/**
 * Unsubscribes by a link's token (the confirmation's POST, or a mail program's one-click POST), signed in or not.
 * A forged token changes nothing; a genuine one used again (or after a new opt-in) finds no matching opt-in and
 * changes nothing either.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  const optIn = signedOptIn(token);
  if (!optIn) return FORGED;
  const { count } = await prisma.useSoonReminder.deleteMany({ where: optIn });
  return count > 0 ? { status: "unsubscribed", message: REMINDER_MESSAGES.unsubscribed } : ALREADY;
}

/** What a cook's email lists on `day`: their household's food spoiling within REMINDER_DAYS, and recipes using it. */
async function reminderContent(userId: number, day: string) {
  const { pantryId } = await cookOfUser(userId);
  const items = (await pantryItems(pantryId))
    .map((item) => ({ item, daysLeft: daysLeftOf(item, day) }))
    .filter(({ daysLeft }) => daysLeft >= 0 && daysLeft <= REMINDER_DAYS)
    .sort((a, b) => a.daysLeft - b.daysLeft || a.item.name.localeCompare(b.item.name));
  if (items.length === 0) return null;
  const cards = await suggestRecipeCards({
    ingredients: items.map(({ item }) => ({
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      storage: item.storage,
      bestBefore: new Date(`${item.bestBefore}T00:00:00Z`),
    })),
    cuisines: [],
    dietaryPreferences: [],
    mealOccasions: [],
    allergies: await allergiesOf(userId),
  });
  const origin = mailLinkOrigin();
  return {
    items: items.map(({ item, daysLeft }) => ({
      name: item.name,
      daysLeft,
      amount: item.quantity ? renderAmount(item.quantity, item.unit ? unitOf(item.unit) : null) : null,
    })),
    recipes: cards
      .filter((card) => card.uses.length > 0)
      .slice(0, REMINDER_RECIPES)
      .map((card) => ({ name: card.menu_name, url: `${origin}/menu-detail/${card.menu_id}` })),
  };
}

/** A cook gets at most one use-soon email in this time, however often the time zone (and so the day) changes. */
const MIN_MS_BETWEEN_MAILS = 20 * 60 * 60 * 1000;

/** Whether the cook was mailed within MIN_MS_BETWEEN_MAILS before `now`. */
async function mailedRecently(userId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - MIN_MS_BETWEEN_MAILS);
  return (await prisma.reminderSent.count({ where: { userId, sentAt: { gt: since } } })) > 0;
}

/**
 * Sends every email due at `now` that was not sent yet, to verified addresses only (an address changed since is
 * unverified again: its emails pause); returns how many went out.
 */
export async function sendDueReminders(now: Date = new Date()): Promise<number> {
  const reminders = await prisma.useSoonReminder.findMany({
    where: { user: { emailVerifiedAt: { not: null } } },
    include: { user: { select: { email: true } } },
  });
  let sent = 0;
  for (const reminder of reminders) {
    const day = dueDay(reminder, now);
    if (!day) continue;
    if (await prisma.reminderSent.findUnique({ where: { userId_day: { userId: reminder.userId, day } } })) continue;
    if (await mailedRecently(reminder.userId, now)) continue;
    const content = await reminderContent(reminder.userId, day);
    if (!content) continue;
    const claim = await prisma.reminderSent
      .create({ data: { userId: reminder.userId, day, items: content.items.length, sentAt: now } })
      .catch(() => null);
    // another process, or this one a moment ago, claimed this day
    if (!claim) continue;
    const unsubscribeUrl = `${mailLinkOrigin()}/unsubscribe/${unsubscribeToken(reminder.userId, reminder.nonce)}`;
    try {
      await sendMail({ to: reminder.user.email, ...reminderMail({ ...content, unsubscribeUrl }) });
      sent++;
    } catch (error) {
      await prisma.reminderSent.delete({ where: { id: claim.id } });
      console.error(`The use-soon email to user ${reminder.userId} failed; it is tried again next minute.`, error);
    }
  }
  return sent;
}

const TICK_MS = 60_000;
let scheduled: Promise<boolean> | null = null;

const checkDueReminders = () => inBackground(sendDueReminders(), "The use-soon email check failed");

/** Checks once now and then every minute, one check at a time (entry.server.ts starts it with the server). */
export function startReminderSchedule(): void {
  const tick = () => {
    scheduled ??= checkDueReminders().finally(() => {
      scheduled = null;
    });
  };
  tick();
  setInterval(tick, TICK_MS).unref();
}

/** The settings form's post: checked, saved, and back to /setting with what changed or why nothing did. */
export async function saveReminderAndGoBack(userId: number, formData: FormData): Promise<Response> {
  const parsed = ReminderFormSchema.safeParse(Object.fromEntries(formData));
  const back = "/setting#reminder";
  if (!parsed.success) return redirectWithFlash(back, { type: "error", message: parsed.error.issues[0].message });
  const saved = await saveReminder(userId, parsed.data);
  return redirectWithFlash(back, { type: saved.ok ? "success" : "error", message: saved.message });
}
