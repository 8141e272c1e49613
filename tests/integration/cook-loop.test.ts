import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { action as menuAction, loader as menuLoader } from "~/routes/menu-detail.$id";
import { action as shoppingAction, loader as shoppingLoader } from "~/routes/shoppinglist";
import { loader as settingLoader } from "~/routes/setting";
import { action as reminderAction } from "~/routes/use-soon-reminder";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe.$token";
import { backgroundWorkEnded } from "~/services/background.server";
import { prisma } from "~/services/db.server";
import { addToUserPantry, pantryItems } from "~/services/pantry-store.server";
import { saveRecipe } from "~/services/recipe-store.server";
import { sendDueReminders, unsubscribeToken } from "~/services/use-soon-reminder.server";
import { action as reminderApi } from "~/api/use-soon-reminder.server";
import { REMINDER_MESSAGES } from "~/domain/use-soon-reminder";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { flashOn } from "../support/flash";
import { cookiesAfter, formRequest, getRequest, requestWith, run } from "../support/requests";
import { cookOfUser } from "~/services/cook.server";

// A real SMTP server on loopback; the app is pointed at it before it loads its settings.
const smtp = await vi.hoisted(async () => (await import("../support/smtp")).startSmtpServerForApp());
afterAll(() => smtp.close());

let recipeId: number;
beforeAll(async () => {
  await seedIngredients();
  recipeId = (
    await saveRecipe({
      name: "Loop Test Pancakes",
      cuisines: ["American"],
      occasions: ["Breakfast"],
      prepTime: 10,
      cookingTime: null,
      servings: 4,
      ingredients: [
        { name: "plain flour", quantity: "200 grams" },
        { name: "egg", quantity: "3" },
        { name: "milk", quantity: "500 ml" },
        { name: "butter", quantity: "2 tablespoons", seasoning: true },
      ],
      steps: ["Whisk.", "Fry."],
      tips: [],
      origin: "user",
    })
  ).id;
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const path = (query = "") => `/menu-detail/${recipeId}${query}`;
/** A screen as the cook sees it after the redirect: its loader's data and its flash. */
async function screenAfter(
  loader: typeof shoppingLoader | typeof settingLoader,
  screen: string,
  cook: Member,
  response: Response
) {
  const cookie = cookiesAfter(cook.cookie, response);
  const page = await (await run(() => loader(args(getRequest(screen, { cookie }))))).json();
  return { ...page, flash: await flashOn(screen, cookie) };
}

/** A mail's Subject header, unfolded and with its encoded words (RFC 2047) decoded. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const encodedWord = /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi;
  return head
    .match(/^Subject: (.*)$/m)![1]
    .replace(encodedWord, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1"
          ).toString("utf8")
    )
    .trim();
}

/** A cook whose pantry holds these amounts (name → [quantity, unit]). */
async function cookWith(pantry: Record<string, [number, string | null]> = {}): Promise<Member> {
  const cook = await signedInMember("loop");
  await addToUserPantry(cook.id, Object.keys(pantry));
  for (const item of await pantryItems((await cookOfUser(cook.id)).pantryId)) {
    const [quantity, unit] = Object.entries(pantry).find(([name]) => item.name.toLowerCase().includes(name))![1];
    await prisma.pantryItem.update({ where: { id: item.id! }, data: { quantity, unit } });
  }
  return cook;
}

const screen = async (cook: Member, query = "") =>
  (
    await run(() => menuLoader(args(getRequest(path(query), { cookie: cook.cookie }), { id: String(recipeId) })))
  ).json();

describe("servings on the recipe screen", () => {
  it("reads ?servings=N, ?fit=pantry and refuses a bad number with a message", async () => {
    const cook = await cookWith({ flour: [140, "g"], egg: [6, null] });
    const plain = await screen(cook, "?servings=8");
    expect(plain.servings).toBe(4);
    expect(plain.scaling).toEqual({ servings: 8, fit: false, error: null });
    const fitted = await screen(cook, "?fit=pantry");
    expect(fitted.scaling.fit).toBe(true);
    expect(fitted.pantryFit).toMatchObject({ limiting: "plain flour", belowOneServing: false });
    expect(fitted.pantryFit.servings).toBeCloseTo(2.8);
    for (const bad of ["-1", "0", "abc", "1000"]) {
      const page = await screen(cook, `?servings=${bad}`);
      expect(page.scaling).toEqual({
        servings: null,
        fit: false,
        error: "Servings must be a whole number from 1 to 100.",
      });
    }
  });

  it("'Missing some ingredients?' asks for the scaled difference and leaves out what the cook has enough of", async () => {
    const cook = await cookWith({ flour: [140, "g"], egg: [12, null] });
    const body = new URLSearchParams([
      ["intent", "add-to-list"],
      ["ingredient", "plain flour"],
      ["ingredient", "egg"],
      ["ingredient", "milk"],
      ["scale", "2"],
    ]);
    const request = formRequest(path(), {}, { cookie: cook.cookie });
    const response = await run(() =>
      menuAction(
        args(new Request(request, { body, headers: request.headers, method: "POST" }), { id: String(recipeId) })
      )
    );
    expect(response.headers.get("Location")).toBe("/shoppinglist");
    const list = await screenAfter(shoppingLoader, "/shoppinglist", cook, response);
    expect(list.items.map((item: { name: string; quantity: string }) => [item.name, item.quantity])).toEqual([
      ["plain flour", "260 g (you have 140 g)"],
      ["milk", "1 l"],
    ]);
    expect(list.flash.message).toBe("Added 2 items to your shopping list. You have enough egg already.");
  });
});

describe("shopping into the pantry", () => {
  const got = (cook: Member, fields: Record<string, string>) =>
    run(() => shoppingAction(args(formRequest("/shoppinglist", fields, { cookie: cook.cookie }))));

  it("'Got it' moves one item with its amount, place and best-before; a repeat changes nothing", async () => {
    const cook = await cookWith({ flour: [140, "g"] });
    await prisma.shoppingItem.createMany({
      data: [
        {
          listId: (await cookOfUser(cook.id)).listId,
          name: "plain flour",
          nameKey: "plain flour",
          quantity: "260 g (you have 140 g)",
        },
        { listId: (await cookOfUser(cook.id)).listId, name: "milk", nameKey: "milk", quantity: "1 l" },
      ],
    });
    const milk = await prisma.shoppingItem.findFirstOrThrow({
      where: { list: { household: { members: { some: { userId: cook.id } } } }, name: "milk" },
    });
    const response = await got(cook, { intent: "got-it", item: String(milk.id) });
    expect(response.headers.get("Location")).toBe("/shoppinglist");
    const pantry = await pantryItems((await cookOfUser(cook.id)).pantryId);
    const stocked = pantry.find((item) => item.name === "milk")!;
    expect(stocked).toMatchObject({ quantity: 1, unit: "l", storage: "fridge" });
    expect(stocked.bestBefore > todayUtc()).toBe(true);
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(1);

    const again = await got(cook, { intent: "got-it", item: String(milk.id) });
    const list = await screenAfter(shoppingLoader, "/shoppinglist", cook, again);
    expect(list.flash).toEqual({ type: "error", message: "That item is no longer on your list." });
    expect(
      (await pantryItems((await cookOfUser(cook.id)).pantryId)).find((item) => item.name === "milk")!.quantity
    ).toBe(1);

    await got(cook, { intent: "got-everything" });
    expect(
      (await pantryItems((await cookOfUser(cook.id)).pantryId)).find((item) => item.name.includes("flour"))!.quantity
    ).toBe(400);
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: cook.id } } } } } })
    ).toBe(0);
  });

  it("refuses another cook's item and a bad id without touching anything", async () => {
    const owner = await cookWith();
    const item = await prisma.shoppingItem.create({
      data: { listId: (await cookOfUser(owner.id)).listId, name: "milk", nameKey: "milk", quantity: "1 l" },
    });
    const stranger = await cookWith();
    await got(stranger, { intent: "got-it", item: String(item.id) });
    await got(stranger, { intent: "got-it", item: "-3" });
    expect(
      await prisma.shoppingItem.count({ where: { list: { household: { members: { some: { userId: owner.id } } } } } })
    ).toBe(1);
    expect(await pantryItems((await cookOfUser(stranger.id)).pantryId)).toEqual([]);
  });
});

describe("the use-soon email", () => {
  // Saving starts a check for due emails in the background: it is waited for, so that it cannot claim the day the
  // test then checks (it did on PostgreSQL, with the pantry's dates changed under it).
  const optIn = async (cook: Member, fields: Record<string, string>) => {
    const response = await run(() =>
      reminderAction(args(formRequest("/use-soon-reminder", fields, { cookie: cook.cookie })))
    );
    await backgroundWorkEnded();
    return response;
  };
  const mailsTo = (cook: Member) => smtp.received.filter((mail) => mail.to.includes(cook.email));
  /** A cook whose address is verified (the email is offered to no one else). */
  const verifiedCookWith = async (pantry: Record<string, [number, string | null]> = {}) => {
    const cook = await cookWith(pantry);
    await prisma.user.update({ where: { id: cook.id }, data: { emailVerifiedAt: new Date() } });
    return cook;
  };
  const spoilsTomorrow = (cook: Member) =>
    prisma.pantryItem.updateMany({
      where: { pantry: { household: { members: { some: { userId: cook.id } } } } },
      data: { bestBefore: addDays(todayUtc(), 1) },
    });

  it("refuses a bad time or zone with a message and saves nothing", async () => {
    const cook = await verifiedCookWith();
    for (const fields of [
      { intent: "reminder-on", time: "25:00", timeZone: "UTC" },
      { intent: "reminder-on", time: "07:00", timeZone: "Mars/Olympus" },
    ]) {
      const response = await optIn(cook, fields);
      const page = await screenAfter(settingLoader, "/setting", cook, response);
      expect(page.flash.type).toBe("error");
      expect(page.reminder).toBeNull();
    }
  });

  it("mails what spoils within two days once per day, with recipes and an unsubscribe link; nothing due, no mail", async () => {
    const cook = await verifiedCookWith({ milk: [1, "l"], flour: [500, "g"] });
    await optIn(cook, { intent: "reminder-on", time: "00:00", timeZone: "UTC" });
    // nothing spoils yet (the catalogue's dates for fresh milk and flour are further away)
    const now = new Date(`${todayUtc()}T12:00:00Z`);
    await prisma.pantryItem.updateMany({
      where: { pantry: { household: { members: { some: { userId: cook.id } } } } },
      data: { bestBefore: addDays(todayUtc(), 10) },
    });
    await sendDueReminders(now);
    expect(mailsTo(cook)).toEqual([]);

    await prisma.pantryItem.updateMany({
      where: { pantry: { household: { members: { some: { userId: cook.id } } } }, name: "milk" },
      data: { bestBefore: addDays(todayUtc(), 1) },
    });
    await Promise.all([sendDueReminders(now), sendDueReminders(now)]);
    await sendDueReminders(new Date(now.getTime() + 60_000));
    expect(mailsTo(cook)).toHaveLength(1);
    const raw = mailsTo(cook)[0].raw.replace(/=\r?\n/g, "");
    expect(raw).toMatch(/milk \(1 l\): use by tomorrow/);
    expect(raw).not.toMatch(/flour/i);
    expect(raw).toMatch(/https:\/\/recipes\.example\/menu-detail\/\d+/);
    const token = raw.match(/https:\/\/recipes\.example\/unsubscribe\/([\w.-]+)/)![1];
    expect(await prisma.reminderSent.count({ where: { userId: cook.id } })).toBe(1);
    // the mail program's own unsubscribe button: the same link, one click by POST (RFC 2369, RFC 8058)
    const head = mailsTo(cook)[0]
      .raw.split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, " ");
    expect(head).toMatch(
      new RegExp(`^List-Unsubscribe: <https://recipes\\.example/unsubscribe/${token.replace(/\./g, "\\.")}>$`, "m")
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // opening the link (a person, or a mail scanner fetching every link) only asks: nothing changes
    const opened = await run(() => unsubscribeLoader(args(getRequest(`/unsubscribe/${token}`), { token })));
    expect(await opened.json()).toEqual({
      status: "confirm",
      message: "Stop the daily use-soon emails? Nothing else about your account changes.",
    });
    expect(await prisma.useSoonReminder.count({ where: { userId: cook.id } })).toBe(1);

    // the one-click POST as a mail provider sends it: signed out, no form token; used again or forged: a clear
    // answer and nothing changed
    const oneClick = await run(() =>
      unsubscribeAction(args(formRequest(`/unsubscribe/${token}`, { "List-Unsubscribe": "One-Click" }), { token }))
    );
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ status: "unsubscribed" });
    const reused = await run(() => unsubscribeLoader(args(getRequest(`/unsubscribe/${token}`), { token })));
    expect(await reused.json()).toMatchObject({ status: "already" });
    const forged = unsubscribeToken(cook.id, "0".repeat(32)).replace(/.$/, "x");
    const refused = await run(() => unsubscribeLoader(args(getRequest(`/unsubscribe/${forged}`), { token: forged })));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      status: "forged",
      message: "This unsubscribe link is not valid. Nothing was changed.",
    });
    expect(await prisma.useSoonReminder.count({ where: { userId: cook.id } })).toBe(0);
  });

  it("is offered only to a verified address: the opt-in is refused with why, and the screen says how to verify", async () => {
    const cook = await cookWith();
    const response = await optIn(cook, { intent: "reminder-on", time: "07:00", timeZone: "UTC" });
    const page = await screenAfter(settingLoader, "/setting", cook, response);
    expect(page.flash).toMatchObject({ type: "error", message: REMINDER_MESSAGES.unverified });
    expect(page.reminder).toBeNull();
    expect(page.emailVerified).toBe(false);
    const json = await run(() =>
      reminderApi(
        args(
          requestWith(
            "PUT",
            "/api/use-soon-reminder",
            { json: { intent: "reminder-on", time: "07:00", timeZone: "UTC" } },
            { cookie: cook.cookie }
          )
        )
      )
    );
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ message: REMINDER_MESSAGES.unverified });
    expect(await prisma.useSoonReminder.count({ where: { userId: cook.id } })).toBe(0);
  });

  it("sends nothing to an address that is not verified, even for an opt-in saved before", async () => {
    const cook = await cookWith({ milk: [1, "l"] });
    // saved while the address was verified; the address changed since (and so is unverified again)
    await prisma.useSoonReminder.create({
      data: { userId: cook.id, time: "00:00", timeZone: "UTC", nonce: "a".repeat(32) },
    });
    await spoilsTomorrow(cook);
    await sendDueReminders(new Date(`${todayUtc()}T12:00:00Z`));
    expect(mailsTo(cook)).toEqual([]);
  });

  it("mails at most once a day, however often the time zone changes", async () => {
    const cook = await verifiedCookWith({ milk: [1, "l"] });
    await optIn(cook, { intent: "reminder-on", time: "00:00", timeZone: "UTC" });
    await spoilsTomorrow(cook);
    const now = new Date(`${todayUtc()}T12:00:00Z`);
    await sendDueReminders(now);
    expect(mailsTo(cook)).toHaveLength(1);
    // 12:00 UTC is already the next day in Kiritimati (UTC+14): a new day by the cook's clock
    await optIn(cook, { intent: "reminder-on", time: "00:00", timeZone: "Pacific/Kiritimati" });
    await sendDueReminders(now);
    await optIn(cook, { intent: "reminder-on", time: "00:00", timeZone: "Etc/GMT+12" });
    await sendDueReminders(new Date(now.getTime() + 60_000));
    expect(mailsTo(cook)).toHaveLength(1);
  });

  it("keeps a pantry name written as an advertisement escaped and short in the mail (issue 26's spam example)", async () => {
    const cook = await verifiedCookWith();
    const spam =
      'Buy cheap pills at <a href="https://pills.example/buy">https://pills.example/buy</a> \u202e now, 90% off today only';
    await addToUserPantry(cook.id, [spam]);
    await spoilsTomorrow(cook);
    await optIn(cook, { intent: "reminder-on", time: "00:00", timeZone: "UTC" });
    await sendDueReminders(new Date(`${todayUtc()}T12:00:00Z`));
    expect(mailsTo(cook)).toHaveLength(1);
    const raw = mailsTo(cook)[0]
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(raw).not.toContain('<a href="https://pills.example');
    expect(raw).not.toContain("90% off");
    expect(raw).not.toContain("\u202e");
    const subject = subjectOf(mailsTo(cook)[0].raw);
    expect(subject).toBe('Use soon: Buy cheap pills at <a href="https://pil… in your pantry');
    expect(raw).toContain("Buy cheap pills at &#60;a href=&#34;https:");
  });
});
