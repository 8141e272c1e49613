/**
 * Rate limits not covered elsewhere — sign-up per client address, profile pictures per user (both entry points),
 * the no-JavaScript login and reset forms, reset requests per client address, dish photos shared from the
 * community screen — and the password-reset answer, which must be the same whether or not an account exists.
 * (Covered elsewhere: login JSON per username and per address in auth.test, reset JSON per email in
 * password-reset.test, POST /api/upload per client in vision-upload.test, POST /api/community per user in
 * community.test.)
 */
import { rmSync } from "node:fs";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, describe, expect, it, vi } from "vitest";
import { COMMUNITY_MESSAGES } from "~/domain/community";
import { RESET_REQUESTED } from "~/domain/auth-schemas";
import { action as resetJsonAction } from "~/api/auth.reset-password.server";
import { action as userAction } from "~/api/users.$id.server";
import { action as communityAction } from "~/routes/community";
import { action as loginAction } from "~/routes/login";
import { action as resetFormAction } from "~/routes/reset-password";
import { action as settingAction } from "~/routes/setting";
import { action as signupAction } from "~/routes/signup";
import { TOO_MANY_SIGNUPS } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { env } from "~/services/env.server";
import { hashPassword } from "~/services/password.server";
import { TOO_MANY_RESET_REQUESTS } from "~/services/password-reset.server";
import { CLIENT_ADDRESS_HEADER } from "~/services/rate-limit.server";
import { AVATARS_PER_HOUR, TOO_MANY_AVATARS } from "~/services/users.server";
import { cameraJpeg } from "../support/images";
import { signedInMember } from "../support/members";
import { flashAfter } from "../support/flash";
import { requestWith, run, type RequestBody } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-limits-${process.pid}`;
  process.env.UPLOADS_DIR = dir;
  process.env.MAIL_OUTBOX_DIR = `${dir}/outbox`;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

type Handler = (args: ActionFunctionArgs) => unknown;
const send = (
  handler: Handler,
  method: string,
  path: string,
  body: RequestBody,
  options: { cookie?: string; address?: string; params?: Record<string, string> } = {}
) =>
  run(async () =>
    handler({
      request: requestWith(method, path, body, {
        cookie: options.cookie,
        headers: options.address ? { [CLIENT_ADDRESS_HEADER]: options.address } : {},
      }),
      params: options.params ?? {},
      context: {},
    })
  );

const photo = async () => new File([await cameraJpeg(40, 30)], "me.jpg", { type: "image/jpeg" });
const figures: string[] = [];
afterAll(() => console.info(`Rate limits:\n  ${figures.join("\n  ")}`));

/** The form errors a page action sends back to be shown on the form (conform's reply). */
const formErrors = async (response: Response) =>
  ((await response.json()) as { result?: { error?: Record<string, string[]> } }).result?.error?.[""];

let people = 0;
const newcomer = () => {
  people += 1;
  return { username: `newcook_${people}`, email: `newcook_${people}@example.com`, password: "Secret123" };
};

// First: the mails it looks up accounts for are sent while the later tests run, not after the database is gone.
describe("the password-reset answer", () => {
  /** Status, headers and body of an answer, without the Date header. */
  async function answer(response: Response) {
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => name !== "date" && name !== "set-cookie")
    );
    return { status: response.status, headers, body: await response.text() };
  }

  it("is the same for an account's email and an unknown one, as JSON, as a form, and once limited", async () => {
    const member = await signedInMember("forgetful");
    const unknown = "nobody_at_all@example.com";
    const json = (email: string, address: string) =>
      send(resetJsonAction, "POST", "/api/auth/reset-password", { json: { email } }, { address });
    const form = (email: string, address: string) =>
      send(resetFormAction, "POST", "/reset-password", { form: { email } }, { address });

    const [known, notKnown] = [
      await answer(await json(member.email, "192.0.2.50")),
      await answer(await json(unknown, "192.0.2.51")),
    ];
    expect(known).toEqual(notKnown);
    expect(JSON.parse(known.body)).toEqual({ message: RESET_REQUESTED });

    const [knownForm, notKnownForm] = [await form(member.email, "192.0.2.52"), await form(unknown, "192.0.2.53")];
    expect(await answer(knownForm)).toEqual(await answer(notKnownForm));
    for (const response of [knownForm, notKnownForm]) {
      expect(await flashAfter(response)).toMatchObject({ type: "success", message: RESET_REQUESTED });
    }

    // Both have now been asked for twice; the third passes and the fourth is limited, for both alike.
    const statuses: number[] = [];
    for (const address of ["192.0.2.54", "192.0.2.55"]) {
      const [forKnown, forUnknown] = [
        await answer(await json(member.email, address)),
        await answer(await json(unknown, address)),
      ];
      expect(forKnown).toEqual(forUnknown);
      statuses.push(forKnown.status);
    }
    expect(statuses).toEqual([200, 429]);
    figures.push(
      "password reset: the same status, headers and body for an existing and an unknown email (JSON, form, limited)"
    );
  });
});

describe("sign-up", () => {
  it(`allows ${env.SIGNUP_LIMIT_PER_HOUR} sign-ups an hour per client address, then 429 with a message, JSON and form alike`, async () => {
    const address = "192.0.2.10";
    for (let i = 0; i < env.SIGNUP_LIMIT_PER_HOUR; i += 1) {
      expect((await send(signupAction, "POST", "/signup", { json: newcomer() }, { address })).status).toBe(201);
    }
    const refused = newcomer();
    const limited = await send(signupAction, "POST", "/signup", { json: refused }, { address });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: TOO_MANY_SIGNUPS });
    const limitedForm = await send(signupAction, "POST", "/signup", { form: newcomer() }, { address });
    expect(limitedForm.status).toBe(429);
    expect(await formErrors(limitedForm)).toEqual([TOO_MANY_SIGNUPS]);
    expect(await prisma.user.count({ where: { username: refused.username } })).toBe(0);
    expect((await send(signupAction, "POST", "/signup", { json: newcomer() }, { address: "192.0.2.11" })).status).toBe(
      201
    );
    figures.push(`sign-up: ${env.SIGNUP_LIMIT_PER_HOUR} per client address per hour, then 429 "${TOO_MANY_SIGNUPS}"`);
  });

  it("does not count forms that fail validation", async () => {
    const address = "192.0.2.12";
    for (let i = 0; i < env.SIGNUP_LIMIT_PER_HOUR + 2; i += 1) {
      expect(
        (await send(signupAction, "POST", "/signup", { json: { ...newcomer(), password: "short" } }, { address }))
          .status
      ).toBe(400);
    }
    expect((await send(signupAction, "POST", "/signup", { json: newcomer() }, { address })).status).toBe(201);
  });
});

describe("profile pictures", () => {
  it(`allow ${AVATARS_PER_HOUR} changes an hour per user, counted across /setting and PUT /api/users/<id>, then 429 with a message`, async () => {
    const member = await signedInMember("painter");
    const fields = async () => ({ username: member.username, email: member.email, avatar: await photo() });
    const viaSetting = async () =>
      send(
        settingAction,
        "POST",
        "/setting",
        { multipart: { intent: "update", ...(await fields()) } },
        { cookie: member.cookie }
      );
    const viaApi = async () =>
      send(
        userAction,
        "PUT",
        `/api/users/${member.id}`,
        { multipart: await fields() },
        { cookie: member.cookie, params: { id: String(member.id) } }
      );
    for (let i = 0; i < AVATARS_PER_HOUR; i += 1) {
      const response = i % 2 === 0 ? await viaSetting() : await viaApi();
      expect(response.status, `change ${i + 1}`).toBeLessThan(400);
    }
    const avatarBefore = (await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).avatar;

    const apiLimited = await viaApi();
    expect(apiLimited.status).toBe(429);
    expect(await apiLimited.json()).toEqual({ message: TOO_MANY_AVATARS, field: "avatar" });
    const pageLimited = await viaSetting();
    expect(pageLimited.status).toBe(429);
    expect(((await pageLimited.json()) as { result: { error: Record<string, string[]> } }).result.error.avatar).toEqual(
      [TOO_MANY_AVATARS]
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: member.id } })).avatar).toBe(avatarBefore);

    const withoutPicture = await send(
      userAction,
      "PUT",
      `/api/users/${member.id}`,
      { multipart: { username: member.username, email: member.email, country: "Peru" } },
      {
        cookie: member.cookie,
        params: { id: String(member.id) },
      }
    );
    expect(withoutPicture.status, "the rest of the profile can still be saved").toBe(200);
    figures.push(
      `profile pictures: ${AVATARS_PER_HOUR} per user per hour (setting and API together), then 429 "${TOO_MANY_AVATARS}"`
    );
  });
});

describe("forms without JavaScript", () => {
  it("login: after 5 failures for a username from one address the form shows the spec's 429 message there", async () => {
    const member = await signedInMember("locked", await hashPassword("Secret123"));
    for (let i = 0; i < 5; i += 1) {
      const failed = await send(
        loginAction,
        "POST",
        "/login",
        { form: { username: member.username, password: "Wrong1234" } },
        { address: "192.0.2.20" }
      );
      expect(failed.status).toBe(401);
    }
    const limited = await send(
      loginAction,
      "POST",
      "/login",
      { form: { username: member.username, password: "Secret123" } },
      { address: "192.0.2.20" }
    );
    expect(limited.status).toBe(429);
    expect(await formErrors(limited)).toEqual(["Too many login attempts. Please try again later"]);
    figures.push(
      'login: 5 failures per username and client address, and 20 per client address, in 15 minutes, then 429 "Too many login attempts. Please try again later"'
    );
  });

  it("reset request: 10 an hour per client address, whatever the emails, then the form shows a 429 message", async () => {
    const address = "192.0.2.40";
    for (let i = 0; i < 10; i += 1) {
      const response = await send(
        resetFormAction,
        "POST",
        "/reset-password",
        { form: { email: `sweep${i}@example.com` } },
        { address }
      );
      expect(response.status).toBe(302);
    }
    const limited = await send(
      resetFormAction,
      "POST",
      "/reset-password",
      { form: { email: "sweep10@example.com" } },
      { address }
    );
    expect(limited.status).toBe(429);
    expect(await formErrors(limited)).toEqual([TOO_MANY_RESET_REQUESTS]);
    figures.push(
      `password reset: 3 per email and 10 per client address per hour, then 429 "${TOO_MANY_RESET_REQUESTS}"`
    );
  });

  it("sharing a dish from the recipe screen: the 11th photo in an hour goes back with the limit's message", async () => {
    const cook = await signedInMember("sharer");
    const recipeId = (await prisma.recipe.create({ data: { name: "Rate Limit Stew" } })).id;
    const share = async () =>
      send(
        communityAction,
        "POST",
        "/community",
        { multipart: { intent: "share", menu_id: String(recipeId), caption: "", image: await photo() } },
        { cookie: cook.cookie }
      );
    for (let i = 0; i < 10; i += 1) expect((await share()).headers.get("Location")).toBe("/community");
    const limited = await share();
    expect(limited.headers.get("Location")).toBe(`/menu-detail/${recipeId}#share-dish`);
    const flash = await flashAfter(limited);
    expect(flash).toMatchObject({ type: "error", message: COMMUNITY_MESSAGES.tooManyPosts });
    expect(await prisma.communityPost.count({ where: { userId: cook.id } })).toBe(10);
    figures.push(
      `community posts: 10 per user per hour (API and screen together), then 429 / "${COMMUNITY_MESSAGES.tooManyPosts}"`
    );
  });
});
