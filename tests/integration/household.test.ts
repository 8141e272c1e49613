/**
 * Households through the JSON calls and the /household screen's forms, as clients reach them: invitations (link and
 * mail), joining with the merge, leaving, removal, and what each member reaches afterwards. Two clients editing one
 * amount lose nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, todayUtc } from "~/domain/pantry-details";
import { action as apiAction, loader as apiLoader } from "~/routes/api.$";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { action as householdAction, loader as householdLoader } from "~/routes/household";
import { loader as menuSuggestionLoader } from "~/routes/menu-suggestion";
import { saveRecipe } from "~/services/recipe-store.server";
import { signup } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { monthlyMealStats } from "~/services/meal-stats.server";
import { cookOfUser } from "~/services/cook.server";
import { seedIngredients } from "../../prisma/seed";
import { signedInMember, type Member } from "../support/members";
import { formRequest, getRequest, requestWith, run, type RequestBody } from "../support/requests";
import { inviteTokenIn } from "../support/smtp";

const smtp = await vi.hoisted(async () => (await import("../support/smtp")).startSmtpServerForApp());
afterAll(() => smtp.close());
beforeAll(seedIngredients);

type Household = { household_id: number; name: string; members: { user_id: number; username: string; role: string }[] };
type WireItem = { id: number; ingredient_name: string; quantity: number | null; unit: string | null; version: number };
type Invite = { token: string; invite_url: string; expires_at: string };

function call(method: "GET" | "POST" | "PUT" | "DELETE", path: string, cook: Member | null, json?: unknown) {
  const body: RequestBody | undefined = json === undefined ? undefined : { json };
  const request = requestWith(method, path, body, { cookie: cook?.cookie });
  const params = { "*": path.replace(/^\/api\//, "") };
  return run(() => (method === "GET" ? apiLoader : apiAction)({ request, params, context: {} }));
}
const json = async <T>(response: Response) => (await response.json()) as T;
const household = async (cook: Member) => json<Household>(await call("GET", "/api/household", cook));
const pantry = async (cook: Member) =>
  (await json<{ items: WireItem[] }>(await call("GET", "/api/pantry", cook))).items;
const addItem = (cook: Member, item: Record<string, unknown>) => call("POST", "/api/pantry", cook, item);

async function invite(cook: Member): Promise<Invite> {
  const response = await call("POST", "/api/household/invites", cook, {});
  expect(response.status).toBe(201);
  return json<Invite>(response);
}

async function join(cook: Member, token: string) {
  return call("POST", "/api/household/join", cook, { token });
}

/** Two cooks sharing one household: `owner` made it, `member` joined with a link. */
async function pair(prefix: string) {
  const owner = await signedInMember(`${prefix}o`);
  const member = await signedInMember(`${prefix}m`);
  const { token } = await invite(owner);
  expect((await join(member, token)).status).toBe(200);
  return { owner, member };
}

describe("a household", () => {
  it("is made with the account: a household of one, its owner, with a pantry and a list", async () => {
    const made = await signup({ username: "hhnewcook", email: "hhnewcook@example.com", password: "Secret123" });
    expect(made.ok).toBe(true);
    const user = await prisma.user.findUniqueOrThrow({
      where: { username: "hhnewcook" },
      include: { household: { include: { household: { include: { pantry: true, list: true } } } } },
    });
    expect(user.household?.role).toBe("owner");
    expect(user.household?.household.name).toBe("hhnewcook's household");
    expect(user.household?.household.pantry).not.toBeNull();
    expect(user.household?.household.list).not.toBeNull();
  });

  it("GET /api/household names it and its members; POST renames it, refusing a blank name", async () => {
    const cook = await signedInMember("hhname");
    expect(await household(cook)).toMatchObject({
      name: `${cook.username}'s household`,
      members: [{ user_id: cook.id, username: cook.username, role: "owner" }],
    });
    const blank = await call("POST", "/api/household", cook, { name: "   " });
    expect(blank.status).toBe(400);
    expect(await json(blank)).toMatchObject({ message: "Please enter a name for your household." });
    const renamed = await call("POST", "/api/household", cook, { name: "  The  Flat " });
    expect(renamed.status).toBe(200);
    expect((await household(cook)).name).toBe("The Flat");
    expect((await call("GET", "/api/household", null)).status).toBe(401);
  });
});

describe("joining by link", () => {
  it("shares one pantry, one list and one food log; the joiner's pantry merges in (amounts added, earliest day)", async () => {
    const owner = await signedInMember("hhjoino");
    const joiner = await signedInMember("hhjoinm");
    const today = todayUtc();
    await addItem(owner, { ingredient_name: "milk", quantity: 1, unit: "l", best_before: addDays(today, 5) });
    await addItem(joiner, { ingredient_name: "milk", quantity: 0.5, unit: "l", best_before: addDays(today, 2) });
    await addItem(joiner, { ingredient_name: "carrot", quantity: 300, unit: "g" });
    await prisma.shoppingItem.create({
      data: { listId: (await cookOfUser(joiner.id)).listId, name: "Bread", nameKey: "bread" },
    });
    const { token, invite_url, expires_at } = await invite(owner);
    expect(invite_url).toBe(`https://recipes.example/household?invite=${token}`);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    const joined = await join(joiner, token);
    expect(joined.status).toBe(200);
    expect((await json<Household>(joined)).members.map((member) => [member.username, member.role])).toEqual([
      [owner.username, "owner"],
      [joiner.username, "member"],
    ]);

    const shared = await pantry(owner);
    expect(await pantry(joiner)).toEqual(shared);
    const milk = shared.find((item) => item.ingredient_name === "milk")!;
    expect(milk).toMatchObject({ quantity: 1.5, unit: "l" });
    expect((milk as unknown as { best_before: string }).best_before).toBe(addDays(today, 2));
    expect(shared.map((item) => item.ingredient_name).sort()).toEqual(["carrot", "milk"]);

    // the joiner's old household is gone, its list's items are the household's
    const ownerCook = await cookOfUser(owner.id);
    expect(await cookOfUser(joiner.id)).toMatchObject({ householdId: ownerCook.householdId, listId: ownerCook.listId });
    expect(await prisma.shoppingItem.count({ where: { listId: ownerCook.listId } })).toBe(1);

    // the member's "Thrown away" shows in the owner's figures on Home
    const thrown = await call("POST", "/api/food-log", joiner, { pantry_item_id: milk.id, kind: "wasted" });
    expect(thrown.status).toBe(201);
    expect((await monthlyMealStats(await cookOfUser(owner.id))).current_month.wasted_kg).toBeGreaterThan(1);
  });

  it("answers a clear 4xx for a used, expired, withdrawn or unknown invitation, and changes nothing", async () => {
    const owner = await signedInMember("hhbado");
    const first = await signedInMember("hhbadm");
    const late = await signedInMember("hhbadl");
    const used = await invite(owner);
    expect((await join(first, used.token)).status).toBe(200);
    const again = await join(late, used.token);
    expect(again.status).toBe(410);
    expect(await json(again)).toMatchObject({ message: "This invitation has been used already. Ask for a new one." });

    const expired = await invite(owner);
    await prisma.householdInvite.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1) } });
    const tooLate = await join(late, expired.token);
    expect(tooLate.status).toBe(410);
    expect(await json(tooLate)).toMatchObject({ message: "This invitation has expired. Ask for a new one." });

    const withdrawn = await invite(owner);
    expect((await call("DELETE", `/api/household/invites/${withdrawn.token}`, late)).status).toBe(404);
    expect((await call("DELETE", `/api/household/invites/${withdrawn.token}`, first)).status).toBe(200);
    const refused = await join(late, withdrawn.token);
    expect(refused.status).toBe(410);
    expect(await json(refused)).toMatchObject({ message: "This invitation was withdrawn. Ask for a new one." });

    expect((await join(late, "no-such-token")).status).toBe(404);
    expect((await household(late)).members.map((member) => member.user_id)).toEqual([late.id]);
  });

  it("by email: only from a verified sender; the mailed link joins", async () => {
    const owner = await signedInMember("hhmailo");
    const friend = await signedInMember("hhmailf");
    const unverified = await call("POST", "/api/household/invites", owner, { email: friend.email });
    expect(unverified.status).toBe(403);
    expect(await json(unverified)).toMatchObject({ message: "Verify your email address before inviting by email." });
    expect(smtp.received.filter((mail) => mail.to.includes(friend.email))).toHaveLength(0);

    await prisma.user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } });
    const sent = await call("POST", "/api/household/invites", owner, { email: friend.email });
    expect(sent.status).toBe(201);
    const mail = smtp.received.find((received) => received.to.includes(friend.email))!;
    const token = inviteTokenIn(mail.raw);
    expect(token).toBe((await json<Invite>(sent)).token);
    expect((await join(friend, token)).status).toBe(200);

    // mails are counted per hour, withdrawn or not
    for (let count = 1; count < 10; count++) {
      const made = await call("POST", "/api/household/invites", owner, { email: `hhfriend${count}@example.com` });
      expect(made.status).toBe(201);
      await call("DELETE", `/api/household/invites/${(await json<Invite>(made)).token}`, owner);
    }
    const tooMany = await call("POST", "/api/household/invites", owner, { email: "hhfriend10@example.com" });
    expect(tooMany.status).toBe(429);
    expect(await json(tooMany)).toMatchObject({
      message: "You have sent many invitations in a short while. Please try again later.",
    });
  });
});

describe("leaving and removal", () => {
  it("a member who leaves takes nothing and loses access at once; the household keeps its food", async () => {
    const { owner, member } = await pair("hhleave");
    const added = await json<WireItem>(await addItem(member, { ingredient_name: "egg", quantity: 6 }));
    const left = await call("POST", "/api/household/leave", member);
    expect(left.status).toBe(200);
    expect((await json<Household>(left)).members).toEqual([
      { user_id: member.id, username: member.username, role: "owner" },
    ]);
    expect(await pantry(member)).toEqual([]);
    expect((await pantry(owner)).map((item) => item.ingredient_name)).toEqual(["egg"]);
    // a former member reaches none of the household's items
    expect((await call("PUT", `/api/pantry/${added.id}`, member, { quantity: 1 })).status).toBe(404);
    expect((await call("DELETE", `/api/pantry/${added.id}`, member)).status).toBe(404);
    expect((await pantry(owner))[0].quantity).toBe(6);
    // alone, there is nothing to leave
    const alone = await call("POST", "/api/household/leave", member);
    expect(alone.status).toBe(409);
  });

  it("only the owner removes a member; the removed member starts afresh; an owner who leaves passes ownership", async () => {
    const { owner, member } = await pair("hhremove");
    const third = await signedInMember("hhremovet");
    expect((await join(third, (await invite(owner)).token)).status).toBe(200);

    const byMember = await call("DELETE", `/api/household/members/${third.id}`, member);
    expect(byMember.status).toBe(403);
    const outsider = await signedInMember("hhremovex");
    expect((await call("DELETE", `/api/household/members/${outsider.id}`, owner)).status).toBe(404);

    const removed = await call("DELETE", `/api/household/members/${third.id}`, owner);
    expect(removed.status).toBe(200);
    expect((await household(third)).members.map((entry) => entry.user_id)).toEqual([third.id]);
    expect((await household(owner)).members.map((entry) => entry.user_id)).toEqual([owner.id, member.id]);

    expect((await call("POST", "/api/household/leave", owner)).status).toBe(200);
    expect((await household(member)).members).toEqual([
      { user_id: member.id, username: member.username, role: "owner" },
    ]);
  });
});

describe("two members at once", () => {
  it("an edit made on what another member changed since is refused and says so; nothing is lost", async () => {
    const { owner, member } = await pair("hhrace");
    const rice = await json<WireItem>(await addItem(owner, { ingredient_name: "rice", quantity: 1000, unit: "g" }));
    const [seenByOwner, seenByMember] = [await pantry(owner), await pantry(member)].map((items) => items[0]);
    const [first, second] = await Promise.all([
      call("PUT", `/api/pantry/${rice.id}`, owner, { quantity: 800, version: seenByOwner.version }),
      call("PUT", `/api/pantry/${rice.id}`, member, { quantity: 600, version: seenByMember.version }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect((await json<{ message: string }>(refused)).message).toMatch(
      /^Someone changed rice while you were editing \(it now says (800|600) g\)\. Your change was not saved/
    );
    const saved = first.status === 200 ? 800 : 600;
    expect((await pantry(owner))[0].quantity).toBe(saved);
  });

  it("two members logging food from one item at once: each deduction is applied or refused, never lost", async () => {
    const { owner, member } = await pair("hhlog");
    const flour = await json<WireItem>(await addItem(owner, { ingredient_name: "flour", quantity: 1000, unit: "g" }));
    const results = await Promise.all([
      call("POST", "/api/food-log", owner, { pantry_item_id: flour.id, kind: "used", amount: 100, unit: "g" }),
      call("POST", "/api/food-log", member, { pantry_item_id: flour.id, kind: "used", amount: 200, unit: "g" }),
    ]);
    const taken = [100, 200].filter((_, index) => results[index].status === 201);
    for (const result of results.filter((response) => response.status !== 201)) {
      expect(result.status).toBe(409);
      expect((await json<{ message: string }>(result)).message).toContain("changed this item a moment ago");
    }
    const left = (await pantry(owner))[0].quantity;
    expect(left).toBe(1000 - taken.reduce((sum, amount) => sum + amount, 0));
    const logged = await prisma.foodLogEntry.findMany({ where: { nameKey: "flour" }, select: { amount: true } });
    expect(logged.map((entry) => entry.amount).sort()).toEqual(taken.sort());
  });
});

describe("/household without JavaScript", () => {
  const post = (cook: Member, fields: Record<string, string>) =>
    run(() =>
      householdAction({ request: formRequest("/household", fields, { cookie: cook.cookie }), params: {}, context: {} })
    );

  it("makes a link, previews the join, joins and leaves with plain posts and redirects", async () => {
    const owner = await signedInMember("hhformo");
    const joiner = await signedInMember("hhformj");
    await addItem(joiner, { ingredient_name: "butter", quantity: 250, unit: "g" });
    const made = await post(owner, { intent: "invite" });
    expect(made.status).toBe(200);
    const { made: link } = (await made.json()) as { made: Invite };
    const token = new URL(link.invite_url).searchParams.get("invite")!;

    const preview = await run(() =>
      householdLoader({
        request: getRequest(`/household?invite=${encodeURIComponent(token)}`, { cookie: joiner.cookie }),
        params: {},
        context: {},
      })
    );
    const screen = (await preview.json()) as { invite: { preview: { ok: boolean; merge: { added: string[] } } } };
    expect(screen.invite.preview).toMatchObject({ ok: true, merge: { added: ["butter (250 g)"] } });

    const joined = await post(joiner, { intent: "join", token });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/household");
    expect((await pantry(owner)).map((item) => item.ingredient_name)).toEqual(["butter"]);

    const left = await post(joiner, { intent: "leave" });
    expect(left.status).toBe(302);
    expect(await pantry(joiner)).toEqual([]);
    expect((await household(owner)).members).toHaveLength(1);
  });

  it("sends a guest to log in and back to the invitation", async () => {
    const response = await run(() =>
      householdLoader({ request: getRequest("/household?invite=abc"), params: {}, context: {} })
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: "/household?invite=abc" })}`
    );
  });
});

const draft = (name: string, ingredient: string): RecipeDraft => ({
  name,
  cuisines: [],
  occasions: [],
  prepTime: 10,
  cookingTime: 10,
  servings: 2,
  ingredients: [{ name: ingredient, quantity: "200 g" }],
  steps: ["Cook it."],
  tips: [],
  origin: "starter",
});

describe("suggestions for everyone", () => {
  const suggested = async (cook: Member) => {
    const response = await run(() =>
      menuSuggestionLoader({
        request: getRequest("/menu-suggestion", { cookie: cook.cookie }),
        params: {},
        context: {},
      })
    );
    const screen = (await response.json()) as {
      menus: { menu_name: string }[];
      forEveryone: { on: boolean; diets: string[] } | null;
      allergies: { hidden: number };
    };
    const names = screen.menus.map((menu) => menu.menu_name);
    return { names, forEveryone: screen.forEveryone, hiddenForAllergies: screen.allergies.hidden };
  };

  it("take every member's diets when on (the default with two members), the cook's own when switched off", async () => {
    await saveRecipe(draft("Everyone Pork Pan", "pork"));
    await saveRecipe(draft("Everyone Tomato Pan", "tomato"));
    const owner = await signedInMember("hhdieto");
    await addItem(owner, { ingredient_name: "pork" });
    await addItem(owner, { ingredient_name: "tomato" });
    const alone = await suggested(owner);
    expect(alone.forEveryone).toBeNull();
    expect(alone.names).toEqual(expect.arrayContaining(["Everyone Pork Pan", "Everyone Tomato Pan"]));

    const vegetarian = await signedInMember("hhdietv");
    await prisma.userPreferences.create({
      data: { userId: vegetarian.id, dietaryPreferences: JSON.stringify(["Vegetarian"]) },
    });
    expect((await join(vegetarian, (await invite(owner)).token)).status).toBe(200);
    const together = await suggested(owner);
    expect(together.forEveryone).toEqual({ on: true, diets: ["Vegetarian"] });
    expect(together.names).toContain("Everyone Tomato Pan");
    expect(together.names).not.toContain("Everyone Pork Pan");

    const switched = await run(() =>
      householdAction({
        request: formRequest(
          "/household",
          { intent: "for-everyone", on: "false", back: "/menu-suggestion" },
          { cookie: owner.cookie }
        ),
        params: {},
        context: {},
      })
    );
    expect(switched.headers.get("Location")).toBe("/menu-suggestion");
    const mine = await suggested(owner);
    expect(mine.forEveryone).toEqual({ on: false, diets: ["Vegetarian"] });
    expect(mine.names).toContain("Everyone Pork Pan");
  });

  it("leave out what a member is allergic to when on, and show it again when switched off", async () => {
    await saveRecipe(draft("Everyone Shrimp Skillet", "shrimp"));
    await saveRecipe(draft("Everyone Zucchini Skillet", "zucchini"));
    const owner = await signedInMember("hhallo");
    await addItem(owner, { ingredient_name: "shrimp" });
    await addItem(owner, { ingredient_name: "zucchini" });
    expect((await suggested(owner)).names).toContain("Everyone Shrimp Skillet");

    const allergic = await signedInMember("hhalla");
    await prisma.user.update({ where: { id: allergic.id }, data: { allergies: JSON.stringify(["shellfish"]) } });
    expect((await join(allergic, (await invite(owner)).token)).status).toBe(200);
    const together = await suggested(owner);
    expect(together.forEveryone?.on).toBe(true);
    expect(together.names).toContain("Everyone Zucchini Skillet");
    expect(together.names).not.toContain("Everyone Shrimp Skillet");
    expect(together.hiddenForAllergies).toBeGreaterThan(0);

    await run(() =>
      householdAction({
        request: formRequest(
          "/household",
          { intent: "for-everyone", on: "false", back: "/menu-suggestion" },
          { cookie: owner.cookie }
        ),
        params: {},
        context: {},
      })
    );
    expect((await suggested(owner)).names).toContain("Everyone Shrimp Skillet");
  });
});

describe("the meal plan", () => {
  type Entry = { id: number; menu_name: string | null };
  const today = todayUtc();
  const plan = async (cook: Member) =>
    (await json<{ entries: Entry[] }>(await call("GET", `/api/meal-plan?from=${today}&days=7`, cook))).entries;
  const planIt = async (cook: Member, recipeId: number, meal: string) => {
    const response = await call("POST", "/api/meal-plan", cook, { date: today, meal, menu_id: recipeId, servings: 2 });
    expect(response.status).toBe(201);
    return json<Entry>(response);
  };
  const calendarUrl = async (cook: Member) =>
    (await json<{ url: string }>(await call("GET", "/api/meal-plan/calendar", cook))).url;

  it("is the household's: members share it; an outsider and a former member reach none of it", async () => {
    const { owner, member } = await pair("hhplan");
    const outsider = await signedInMember("hhplanx");
    const recipe = await saveRecipe(draft("Household Plan Omelette", "egg"));
    const dinner = await planIt(owner, recipe.id, "Dinner");
    const lunch = await planIt(member, recipe.id, "Lunch");
    expect((await plan(member)).map((entry) => entry.id)).toEqual([lunch.id, dinner.id]);
    expect(await calendarUrl(member)).toBe(await calendarUrl(owner));

    // an outsider sees an empty plan and cannot remove the household's entries
    expect(await plan(outsider)).toEqual([]);
    expect((await call("DELETE", `/api/meal-plan/${dinner.id}`, outsider)).status).toBe(404);
    expect(await calendarUrl(outsider)).not.toBe(await calendarUrl(owner));

    // a member removes what another planned
    expect((await call("DELETE", `/api/meal-plan/${lunch.id}`, owner)).status).toBe(200);

    // a former member keeps none of it and reaches none of it
    expect((await call("POST", "/api/household/leave", member)).status).toBe(200);
    expect(await plan(member)).toEqual([]);
    expect((await call("DELETE", `/api/meal-plan/${dinner.id}`, member)).status).toBe(404);
    expect(await calendarUrl(member)).not.toBe(await calendarUrl(owner));
    expect((await plan(owner)).map((entry) => entry.id)).toEqual([dinner.id]);
  });
});
