/**
 * Two processes of the app on one database, as behind a load balancer (docs/deploy.md): real servers (`npm start`
 * and a second remix-serve on the same build), real HTTP. What one process does, the other knows at once: a
 * session, the login limit, a new recipe in suggestions, an uploaded photo (UPLOADS_DIR, a shared folder), a
 * session's changes made through both at once. Each answers GET /healthz, and stops gracefully on SIGTERM.
 * CI runs this file on SQLite and again on PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { hashPassword } from "~/services/password.server";
import { freePort, type RunningServer, serveBuiltApp, startApp } from "../../bench/support/app-server";
import { cameraJpeg } from "../support/images";

const PASSWORD = "Secret123";
const BUILD_DIR = process.env.BUILD_DIR ?? "tests/.tmp/build-e2e";
const uploads = mkdtempSync(path.join(tmpdir(), "recipe-helper-shared-uploads-"));
let one: RunningServer;
let other: RunningServer;

beforeAll(async () => {
  process.env.BUILD_DIR = BUILD_DIR;
  // Both processes store and serve photos from one folder, as from a volume they share.
  process.env.UPLOADS_DIR = uploads;
  // One recipe spares the start the starter catalogue's seeding; the catalogue itself is seeded.
  await prisma.recipe.create({ data: { name: "Plain Rice" } });
  const passwordHash = await hashPassword(PASSWORD);
  await prisma.user.createMany({
    data: ["walker", "guessed", "author", "pictured"].map((username) => ({
      username,
      email: `${username}@example.com`,
      passwordHash,
    })),
  });
  one = await startApp(await freePort(), process.env.DATABASE_URL!, { BUILD_DIR });
  other = await serveBuiltApp(await freePort(), process.env.DATABASE_URL!, []);
}, 600_000);
afterAll(async () => {
  await one?.stop();
  await other?.stop();
  rmSync(uploads, { recursive: true, force: true });
});

const post = (server: RunningServer, route: string, body: unknown, cookie?: string) =>
  fetch(`${server.origin}${route}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Origin: server.origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

async function logIn(server: RunningServer, username: string, password = PASSWORD) {
  const response = await post(server, "/login", { username, password });
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith("__session="))
    ?.split(";")[0];
  return { status: response.status, cookie };
}

describe("two processes on one database", () => {
  it("each answers GET /healthz with 200 and the database reachable", async () => {
    for (const server of [one, other]) {
      const response = await fetch(`${server.origin}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "reachable" });
    }
  });

  it("a session made on one is signed in on the other, and logging out on the other ends it on both", async () => {
    const { status, cookie } = await logIn(one, "walker");
    expect(status).toBe(200);
    const account = await fetch(`${other.origin}/account`, { headers: { Cookie: cookie! }, redirect: "manual" });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("walker");

    const logout = await fetch(`${other.origin}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie!, Origin: other.origin },
    });
    expect(logout.status).toBe(302);
    const afterwards = await fetch(`${one.origin}/account`, { headers: { Cookie: cookie! }, redirect: "manual" });
    expect(afterwards.status).toBe(302);
    expect(afterwards.headers.get("Location")).toMatch(/^\/login/);
  });

  it("12 wrong passwords split over both are limited as on one: 5 checked, 7 refused, then the right one too", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      statuses.push((await logIn(guess % 2 === 0 ? one : other, "guessed", `wrong-${guess}`)).status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect((await logIn(one, "guessed")).status).toBe(429);
    expect((await logIn(other, "guessed")).status).toBe(429);
  });

  it("a recipe added through one is suggested by the other on the very next search, and no more once deleted", async () => {
    const { cookie } = await logIn(one, "author");
    const search = async () => {
      const response = await post(
        other,
        "/api/menu-recommendations",
        { ingredients: ["okra", "tomato"], cuisines: [], dietaryPreferences: [], mealOccasions: [] },
        cookie
      );
      expect(response.status).toBe(200);
      const { recommendations } = (await response.json()) as { recommendations: { menu_name: string }[] };
      return recommendations.map((menu) => menu.menu_name);
    };
    // The other process has its index built and checked before the recipe exists.
    expect(await search()).not.toContain("Shared Okra Stew");
    const created = await post(
      one,
      "/api/menus",
      {
        menu_name: "Shared Okra Stew",
        ingredients_quantity: { okra: "300 g", tomato: "2" },
        steps: ["Fry the okra.", "Add the tomato."],
        cuisines: [],
        mealOccasions: [],
        shared: true,
      },
      cookie
    );
    expect(created.status).toBe(201);
    expect(await search()).toContain("Shared Okra Stew");

    // deleted through one: the other's index takes it out in place, and its very next search leaves it out
    const { menu_id: id } = (await created.json()) as { menu_id: number };
    const deleted = await fetch(`${one.origin}/my-recipes`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: one.origin, Cookie: cookie! },
      body: new URLSearchParams({ intent: "delete", id: String(id) }),
    });
    expect(deleted.status).toBe(302);
    expect(await prisma.recipe.findUnique({ where: { id } })).toBeNull();
    expect(await search()).not.toContain("Shared Okra Stew");
  });

  it("a photo uploaded through one is served by both", async () => {
    const { cookie } = await logIn(one, "pictured");
    const user = await prisma.user.findUniqueOrThrow({ where: { username: "pictured" } });
    const form = new FormData();
    form.set("username", "pictured");
    form.set("email", "pictured@example.com");
    form.set("avatar", new File([await cameraJpeg()], "me.jpg", { type: "image/jpeg" }));
    const response = await fetch(`${one.origin}/api/users/${user.id}`, {
      method: "PUT",
      headers: { Cookie: cookie!, Origin: one.origin },
      body: form,
    });
    expect(response.status).toBe(200);
    const { avatar_url: url } = (await response.json()) as { avatar_url: string };
    const [first, second] = await Promise.all([fetch(`${one.origin}${url}`), fetch(`${other.origin}${url}`)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("Content-Type")).toMatch(/^image\//);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it("a guest's ingredients ticked through both at once are all kept (one change at a time per session)", async () => {
    // /search gives a guest the session its forms change.
    const search = await fetch(`${one.origin}/search`);
    const cookie = search.headers
      .getSetCookie()
      .find((header) => header.startsWith("__session="))!
      .split(";")[0];
    const names = ["Tomato", "Onion", "Garlic", "Rice", "Spinach", "Carrot", "Potato", "Lemon"];
    const answers = await Promise.all(
      names.map((name, index) => {
        const server = index % 2 === 0 ? one : other;
        return fetch(`${server.origin}/search`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Cookie: cookie,
            Origin: server.origin,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ intent: "add", name }),
        });
      })
    );
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 302));
    const [session] = await prisma.session.findMany({ where: { userId: null } });
    const stored = session.data.toLowerCase();
    expect(names.filter((name) => !stored.includes(name.toLowerCase()))).toEqual([]);
  });
});

describe("a graceful stop on SIGTERM", () => {
  it("refuses new connections, answers the request in flight, then exits with status 0", async () => {
    const server = await serveBuiltApp(await freePort(), process.env.DATABASE_URL!, []);
    // Healthy once its start-up work (the suggestions index, the photo model) lets it answer in time.
    const ready = Date.now() + 30_000;
    while ((await fetch(`${server.origin}/healthz`)).status !== 200 && Date.now() < ready)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    const body = JSON.stringify({ username: "nobody_here", password: "wrong-password" });
    // A login whose body is half sent when the signal comes: the server has it in flight.
    let sendTheRest = () => {};
    const answer = new Promise<number>((resolve, reject) => {
      const outgoing = request(
        `${server.origin}/login`,
        {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/json", "Content-Length": String(body.length), Origin: server.origin },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode!));
        }
      );
      outgoing.on("error", reject);
      outgoing.write(body.slice(0, 10));
      sendTheRest = () => outgoing.end(body.slice(10));
    });
    // Answered on a later connection: by then the server has read the login's headers (it is in flight, not idle).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.origin}/healthz`, { headers: { Connection: "close" } })).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    process.kill(server.process.pid!, "SIGTERM");
    // New connections are refused (a load balancer sends the cook to another process), the login still waiting.
    const connects = () =>
      new Promise<boolean>((resolve) =>
        request(`${server.origin}/healthz`, { agent: false }, (response) => resolve(Boolean(response.resume())))
          .on("error", () => resolve(false))
          .end()
      );
    const deadline = Date.now() + 15_000;
    while ((await connects()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connects()).toBe(false);
    expect(server.process.exitCode).toBeNull();
    sendTheRest();
    try {
      expect(await answer).toBe(401);
      const stillRunning = new Promise((resolve) => setTimeout(() => resolve("still running after 20 s"), 20_000));
      expect(await Promise.race([exited, stillRunning])).toBe(0);
    } finally {
      await server.stop("SIGKILL");
    }
    // The other processes go on serving.
    expect((await fetch(`${one.origin}/healthz`)).status).toBe(200);
  }, 90_000);
});
