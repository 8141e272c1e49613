import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loader as accountLoader } from "~/routes/_tabs.account";
import { action as userAction, loader as userLoader } from "~/api/users.$id.server";
import { action as settingAction, loader as settingLoader } from "~/routes/setting";
import { prisma } from "~/services/db.server";
import { storeImage } from "~/services/images.server";
import { createUserSession } from "~/services/sign-in.server";
import { cameraJpeg } from "../support/images";
import { flashAfter } from "../support/flash";
import { getRequest, run, served } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const ORIGIN = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

let counter = 0;
async function signedInUser() {
  counter += 1;
  const username = `cook_${counter}_${Date.now() % 100000}`;
  const user = await prisma.user.create({ data: { username, email: `${username}@example.com` } });
  const setCookie = await createUserSession(getRequest("/login"), user.id);
  return { user, cookie: setCookie.split(";")[0] };
}

function multipartRequest(url: string, fields: Record<string, string | File>, cookie: string | null, method = "POST") {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`${ORIGIN}${url}`, {
    method,
    body,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

const profileFields = (username: string, extra: Record<string, string | File> = {}) => ({
  intent: "update",
  username,
  email: `${username}@example.com`,
  phone_number: "",
  birth_date: "",
  country: "",
  allergies: "",
  ...extra,
});

const jpegFile = async (name = "me.jpg") => new File([await cameraJpeg(120, 80)], name, { type: "image/jpeg" });
const saveSettings = (fields: Record<string, string | File>, cookie: string | null) =>
  run(() => settingAction(args(multipartRequest("/setting", fields, cookie))));

const uploadedFile = (stored: string) => path.join(uploadsDir, stored);

describe("Account and Setting screens", () => {
  it("send guests to /login", async () => {
    for (const [loader, url] of [
      [accountLoader, "/account"],
      [settingLoader, "/setting"],
    ] as const) {
      const response = await run(() => loader(args(getRequest(url))));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it("Account shows the profile, the meals completed and the most cooked recipe", async () => {
    const { user, cookie } = await signedInUser();
    const [soup, salad] = await Promise.all(
      ["Account Test Soup", "Account Test Salad"].map((name) =>
        prisma.recipe.create({ data: { name: `${name} ${user.id}` } })
      )
    );
    await prisma.mealCompletion.createMany({
      data: [soup, soup, salad].map((recipe) => ({ userId: user.id, recipeId: recipe.id })),
    });
    const response = await run(() => accountLoader(args(getRequest("/account", { cookie }))));
    const body = await response.json();
    expect(body.profile).toMatchObject({
      user_id: user.id,
      username: user.username,
      email: user.email,
      avatar_url: null,
    });
    expect(body.details).toEqual(
      expect.arrayContaining([
        ["Meals completed", "3"],
        ["Frequently cooked", `${soup.name} (2 times)`],
      ])
    );
  });

  it("saves the whole profile with a picture, normalising allergies, and says so", async () => {
    const { user, cookie } = await signedInUser();
    const fields = profileFields(`${user.username}x`, {
      phone_number: "0612345678",
      birth_date: "1990-05-17",
      country: "Netherlands",
      allergies: " Peanuts, , SHELLFISH ,peanuts ",
      avatar: await jpegFile(),
    });
    const response = await saveSettings(fields, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/setting");
    expect(await flashAfter(response)).toMatchObject({ message: "User info updated successfully" });

    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ username: `${user.username}x`, phoneNumber: "0612345678", country: "Netherlands" });
    expect(row.birthDate?.toISOString()).toBe("1990-05-17T00:00:00.000Z");
    expect(JSON.parse(row.allergies)).toEqual(["peanuts", "shellfish"]);
    expect(row.avatar).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    const picture = await sharp(uploadedFile(row.avatar!)).metadata();
    expect([picture.format, picture.width, picture.height, picture.exif]).toEqual(["webp", 256, 256, undefined]);

    const page = await run(() => accountLoader(args(getRequest("/account", { cookie }))));
    const { profile } = await page.json();
    expect(profile).toMatchObject({ birth_date: "1990-05-17", allergies: ["peanuts", "shellfish"] });
    expect(profile.avatar_url).toBe(`/uploads/${row.avatar}?t=${row.updatedAt.getTime()}`);
  });

  it("replacing the picture removes the old file; saving without one keeps it", async () => {
    const { user, cookie } = await signedInUser();
    await saveSettings(profileFields(user.username, { avatar: await jpegFile() }), cookie);
    const first = (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatar!;
    await saveSettings(profileFields(user.username, { avatar: await jpegFile() }), cookie);
    const second = (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatar!;
    expect(second).not.toBe(first);
    expect(existsSync(uploadedFile(first))).toBe(false);
    expect(existsSync(uploadedFile(second))).toBe(true);
    await saveSettings(
      profileFields(user.username, { avatar: new File([], "", { type: "application/octet-stream" }) }),
      cookie
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatar).toBe(second);
  });

  it.each([
    [{ phone_number: "06-1234" }, "phone_number", "Phone number can only contain digits"],
    [{ phone_number: "01234567890" }, "phone_number", "Phone number must not exceed 10 digits"],
    [{ birth_date: "2001-02-30" }, "birth_date", "Please enter a valid birth date"],
    [{ birth_date: "2999-01-01" }, "birth_date", "Birth date cannot be in the future"],
    [{ country: "Atlantis" }, "country", "Please choose a country from the list"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ username: "a b" }, "username", "Username can only contain letters, numbers, and underscores"],
  ])("refuses %o with a message on the field and changes nothing", async (override, field, message) => {
    const { user, cookie } = await signedInUser();
    const before = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const response = await saveSettings(profileFields(user.username, { country: "Peru", ...override }), cookie);
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error[field]).toEqual([message]);
    expect(result.error[""]).toEqual(["Failed to update user info."]);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
  });

  it("refuses another account's username or email on that field", async () => {
    const other = await signedInUser();
    const { user, cookie } = await signedInUser();
    const byName = await saveSettings(profileFields(other.user.username, { email: user.email }), cookie);
    expect(byName.status).toBe(409);
    expect((await byName.json()).result.error.username).toEqual(["Username is already taken"]);
    const byEmail = await saveSettings(profileFields(user.username, { email: other.user.email.toUpperCase() }), cookie);
    expect((await byEmail.json()).result.error.email).toEqual(["Email is already registered"]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("refuses a page disguised as a picture and saves nothing", async () => {
    const { user, cookie } = await signedInUser();
    const disguised = new File(["<html><script>alert(1)</script></html>"], "me.jpg", { type: "image/jpeg" });
    const response = await saveSettings(profileFields(user.username, { country: "Peru", avatar: disguised }), cookie);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.avatar).toEqual(["Choose a JPEG, PNG, WebP or GIF image"]);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      country: null,
      avatar: null,
    });
  });

  it("refuses a picture over 8 MB with a 413 and a message", async () => {
    const { user, cookie } = await signedInUser();
    const huge = new File([Buffer.alloc(8 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    const response = await saveSettings(profileFields(user.username, { avatar: huge }), cookie);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ uploadError: "The image must be 8 MB or smaller" });
  });

  it("refuses a profile change posted from another site", async () => {
    const { user, cookie } = await signedInUser();
    const request = multipartRequest("/setting", profileFields(user.username, { country: "Peru" }), cookie);
    request.headers.set("Origin", "https://evil.example");
    expect((await served(request, () => settingAction(args(request)))).status).toBe(403);
  });
});

describe("deleting an account", () => {
  async function userWithEverything() {
    const signedIn = await signedInUser();
    const { user } = signedIn;
    const other = await signedInUser();
    const recipe = await prisma.recipe.create({ data: { name: `Delete Test Stew ${user.id}` } });
    const avatar = await storeImage("avatars", await jpegFile());
    const dishPhoto = await storeImage("dishes", await jpegFile());
    await prisma.user.update({ where: { id: user.id }, data: { avatar } });
    const post = await prisma.communityPost.create({
      data: { userId: user.id, recipeId: recipe.id, image: dishPhoto },
    });
    const othersPost = await prisma.communityPost.create({ data: { userId: other.user.id, image: "dishes/none.jpg" } });
    await prisma.review.create({ data: { userId: user.id, recipeId: recipe.id, rating: 5, comment: "Lovely" } });
    await prisma.favorite.create({ data: { userId: user.id, recipeId: recipe.id } });
    await prisma.postLike.create({ data: { userId: user.id, postId: othersPost.id } });
    await prisma.postComment.create({ data: { userId: user.id, postId: othersPost.id, text: "Nice" } });
    await prisma.postComment.create({ data: { userId: other.user.id, postId: post.id, text: "Yum" } });
    await prisma.mealCompletion.create({ data: { userId: user.id, recipeId: recipe.id } });
    await prisma.passwordResetToken.create({
      data: { userId: user.id, tokenHash: `hash-${user.id}`, expiresAt: new Date(Date.now() + 3600_000) },
    });
    return { ...signedIn, other, avatar, dishPhoto, othersPost, recipe };
  }

  async function expectAllGone(userId: number, files: string[]) {
    const where = { userId };
    const counts = await Promise.all([
      prisma.user.count({ where: { id: userId } }),
      prisma.session.count({ where }),
      prisma.review.count({ where }),
      prisma.favorite.count({ where }),
      prisma.communityPost.count({ where }),
      prisma.postLike.count({ where }),
      prisma.postComment.count({ where }),
      prisma.mealCompletion.count({ where }),
      prisma.passwordResetToken.count({ where }),
    ]);
    expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const file of files) expect(existsSync(uploadedFile(file))).toBe(false);
  }

  it("without JavaScript, ?confirm=delete draws the confirmation step", async () => {
    const { cookie } = await signedInUser();
    const page = await run(() => settingLoader(args(getRequest("/setting?confirm=delete", { cookie }))));
    expect(await page.json()).toMatchObject({ confirmDelete: true });
  });

  it("removes the user, everything of theirs and their pictures, ends their sessions, then goes to /login", async () => {
    const { user, cookie, other, avatar, dishPhoto, othersPost, recipe } = await userWithEverything();
    const secondSession = (await createUserSession(getRequest("/login"), user.id)).split(";")[0];
    const response = await run(() =>
      settingAction(
        args(
          new Request(`${ORIGIN}/setting`, {
            method: "POST",
            body: new URLSearchParams({ intent: "delete" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Cookie: cookie },
          })
        )
      )
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashAfter(response)).toMatchObject({ message: "Account deleted successfully" });
    await expectAllGone(user.id, [avatar, dishPhoto]);
    const stillSignedIn = await run(() => accountLoader(args(getRequest("/account", { cookie: secondSession }))));
    expect(stillSignedIn.status).toBe(302);
    // Other people's things stay, and so does the recipe.
    expect(await prisma.communityPost.count({ where: { id: othersPost.id } })).toBe(1);
    expect(await prisma.user.count({ where: { id: other.user.id } })).toBe(1);
    expect(await prisma.recipe.count({ where: { id: recipe.id } })).toBe(1);
  });

  it("DELETE /api/users/<id> does the same for the user themself only", async () => {
    const { user, cookie, avatar, dishPhoto } = await userWithEverything();
    const other = await signedInUser();
    const remove = (id: number, as: string | null) =>
      run(() =>
        userAction(
          args(new Request(`${ORIGIN}/api/users/${id}`, { method: "DELETE", headers: as ? { Cookie: as } : {} }), {
            id: String(id),
          })
        )
      );
    expect((await remove(user.id, null)).status).toBe(401);
    expect((await remove(user.id, other.cookie)).status).toBe(403);
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(1);
    const response = await remove(user.id, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Account deleted successfully" });
    await expectAllGone(user.id, [avatar, dishPhoto]);
  });
});

describe("/api/users/<id>", () => {
  const get = (id: string, cookie: string | null) =>
    run(() => userLoader(args(getRequest(`/api/users/${id}`, { cookie }), { id })));
  const put = (id: string, fields: Record<string, string | File>, cookie: string | null) =>
    run(() => userAction(args(multipartRequest(`/api/users/${id}`, fields, cookie, "PUT"), { id })));

  it("GET answers the user's own profile in the spec's shape; 401 for a guest, 403 for anyone else", async () => {
    const { user, cookie } = await signedInUser();
    const other = await signedInUser();
    const response = await get(String(user.id), cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user_id: user.id,
      username: user.username,
      email: user.email,
      avatar: null,
      avatar_url: null,
      phone_number: null,
      birth_date: null,
      country: null,
      allergies: [],
    });
    expect((await get(String(user.id), null)).status).toBe(401);
    expect((await get(String(other.user.id), cookie)).status).toBe(403);
    expect((await get("abc", cookie)).status).toBe(403);
  });

  it("PUT replaces the profile from multipart with allergies as JSON text and answers the user", async () => {
    const { user, cookie } = await signedInUser();
    const response = await put(
      String(user.id),
      {
        username: user.username,
        email: user.email,
        phone_number: "123",
        birth_date: "2000-01-31",
        country: "Japan",
        allergies: JSON.stringify([" Milk", "EGG", ""]),
        avatar: await jpegFile(),
      },
      cookie
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      user_id: user.id,
      phone_number: "123",
      birth_date: "2000-01-31",
      country: "Japan",
      allergies: ["milk", "egg"],
    });
    expect(body.avatar_url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp\?t=\d+$/);
  });

  it.each([
    [{ allergies: "milk, egg" }, "allergies", 'Allergies must be JSON text listing strings, e.g. ["peanuts"]'],
    [{ allergies: "[1, 2]" }, "allergies", 'Allergies must be JSON text listing strings, e.g. ["peanuts"]'],
    [{ phone_number: "12345678901" }, "phone_number", "Phone number must not exceed 10 digits"],
    [{ username: "" }, "username", "Username is required"],
  ])("PUT refuses %o with a 400 naming the field, data unchanged", async (override, field, message) => {
    const { user, cookie } = await signedInUser();
    const before = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const response = await put(
      String(user.id),
      { username: user.username, email: user.email, country: "Chad", ...override },
      cookie
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, field });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
  });

  it("PUT refuses a guest, another user, a JSON body and a disguised picture", async () => {
    const { user, cookie } = await signedInUser();
    const other = await signedInUser();
    const fields = { username: user.username, email: user.email };
    expect((await put(String(user.id), fields, null)).status).toBe(401);
    expect((await put(String(other.user.id), fields, cookie)).status).toBe(403);
    const json = await run(() =>
      userAction(
        args(
          new Request(`${ORIGIN}/api/users/${user.id}`, {
            method: "PUT",
            body: JSON.stringify(fields),
            headers: { "Content-Type": "application/json", Cookie: cookie },
          }),
          { id: String(user.id) }
        )
      )
    );
    expect(json.status).toBe(415);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "me.png", {
      type: "image/png",
    });
    const refused = await put(String(user.id), { ...fields, avatar: svg }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Choose a JPEG, PNG, WebP or GIF image", field: "avatar" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatar).toBeNull();
  });
});
