/**
 * An imported recipe page's own photo: downloaded once at import from a local HTTP server standing in for the
 * recipe site, stored through the upload path (checked, re-encoded, with its narrower copies) and served from
 * this site; a photo that cannot be had leaves the generated illustration.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as updateMenuAction } from "~/api/menus.$recipeId.server";
import { prisma } from "~/services/db.server";
import { importUrl } from "~/services/recipe-import.server";
import { createUserSession } from "~/services/sign-in.server";
import { seedIngredients } from "../../prisma/seed";
import { startHttpsPhotoServer } from "../support/https-photo-server";
import { cameraJpeg } from "../support/images";
import { getRequest, jsonRequest, run } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-import-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  // The JSON call's new photo comes from a real HTTPS server on loopback with a certificate made for the run.
  process.env.RECIPE_IMPORT_ALLOW_PRIVATE_HOSTS = "true";
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  return dir;
});

const page = (name: string, image: string) => `<!doctype html><html><head>
<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Recipe",
  name,
  image: [image],
  recipeIngredient: ["200 g rice noodles", "1 tbsp soy sauce"],
  recipeInstructions: [{ "@type": "HowToStep", text: "Cook everything together." }],
})}</script></head><body><h1>${name}</h1></body></html>`;

let server: Server;
let base: string;
const photoRequests: string[] = [];

beforeAll(async () => {
  await seedIngredients();
  const jpeg = Buffer.from(await cameraJpeg(1200, 900));
  server = createServer((request, response) => {
    const url = request.url ?? "";
    if (url.startsWith("/page/")) {
      const [, , kind] = url.split("/");
      const image = { good: "/photo.jpg", markup: "/polyglot.jpg", missing: "/gone.jpg" }[kind] ?? "/photo.jpg";
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(page(`Photo noodles ${kind}`, `${base}${image}`));
    } else if (url === "/photo.jpg") {
      photoRequests.push(url);
      response.writeHead(200, { "Content-Type": "image/jpeg" });
      response.end(jpeg);
    } else if (url === "/polyglot.jpg") {
      response.writeHead(200, { "Content-Type": "image/jpeg" });
      response.end(Buffer.concat([jpeg.subarray(0, 20), Buffer.from("<script>alert(1)</script>"), jpeg.subarray(20)]));
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** Every file under the uploads' dishes folder: each photo and its narrower copies. */
const dishFiles = () => readdirSync(path.join(uploadsDir, "dishes")).sort();
/** The files of a stored photo shown at this address: the photo and its 320/640/1024 px copies. */
const filesOfImage = (image: string) => {
  const name = path.basename(image, ".jpg");
  return [`${name}-1024w.jpg`, `${name}-320w.jpg`, `${name}-640w.jpg`, `${name}.jpg`];
};

const imageOf = async (name: string) => (await prisma.recipe.findFirstOrThrow({ where: { name } })).image ?? "";

describe("an imported recipe's photo", () => {
  it("is downloaded once, stored re-encoded with its narrower copies, and served from this site", async () => {
    const summary = await importUrl(`${base}/page/good`, { allowPrivateHosts: true });
    expect(summary.imported.map((item) => item.name)).toEqual(["Photo noodles good"]);
    const image = await imageOf("Photo noodles good");
    expect(image).toMatch(/^\/uploads\/dishes\/[0-9a-f]{32}\.jpg$/);
    const stored = path.join(uploadsDir, image.slice("/uploads/".length));
    expect(existsSync(stored)).toBe(true);
    for (const width of [320, 640, 1024]) expect(existsSync(stored.replace(/\.jpg$/, `-${width}w.jpg`))).toBe(true);
    expect(photoRequests).toEqual(["/photo.jpg"]);
  });

  it.each([
    ["markup", "a file with markup hidden in it"],
    ["missing", "a photo the site no longer has"],
  ])("falls back to the generated illustration for %s (%s)", async (kind) => {
    const summary = await importUrl(`${base}/page/${kind}`, { allowPrivateHosts: true });
    expect(summary.failed).toEqual([]);
    const recipe = await prisma.recipe.findFirstOrThrow({ where: { name: `Photo noodles ${kind}` } });
    expect(recipe.image).toBe(`/recipe-images/${recipe.id}.svg`);
  });
});

describe("re-importing a recipe", () => {
  it("keeps the new photo and removes the old one with all its sizes", async () => {
    await importUrl(`${base}/page/again`, { allowPrivateHosts: true });
    const first = await imageOf("Photo noodles again");
    expect(dishFiles()).toEqual(expect.arrayContaining(filesOfImage(first)));

    const summary = await importUrl(`${base}/page/again`, { allowPrivateHosts: true });
    expect(summary.updated.map((item) => item.name)).toEqual(["Photo noodles again"]);
    const second = await imageOf("Photo noodles again");
    expect(second).not.toBe(first);
    const files = dishFiles();
    expect(files).toEqual(expect.arrayContaining(filesOfImage(second)));
    for (const file of filesOfImage(first)) expect(files).not.toContain(file);
  });

  it("keeps the old photo while a post shows it too", async () => {
    await importUrl(`${base}/page/posted`, { allowPrivateHosts: true });
    const recipe = await prisma.recipe.findFirstOrThrow({ where: { name: "Photo noodles posted" } });
    const cook = await prisma.user.create({ data: { username: "photo-poster", email: "photo-poster@example.com" } });
    const stored = recipe.image!.slice("/uploads/".length);
    await prisma.communityPost.create({ data: { userId: cook.id, recipeId: recipe.id, image: stored } });

    await importUrl(`${base}/page/posted`, { allowPrivateHosts: true });
    expect(await imageOf("Photo noodles posted")).not.toBe(recipe.image);
    expect(dishFiles()).toEqual(expect.arrayContaining(filesOfImage(recipe.image!)));
  });

  it("that is refused leaves no photo behind", async () => {
    const [owner, other] = await Promise.all(
      ["owner", "other"].map((name) =>
        prisma.user.create({ data: { username: `import-${name}`, email: `${name}@example.com` } })
      )
    );
    await importUrl(`${base}/page/taken`, { allowPrivateHosts: true, userId: owner.id, shared: true });
    const before = dishFiles();

    const summary = await importUrl(`${base}/page/taken`, { allowPrivateHosts: true, userId: other.id, shared: true });
    expect(summary.failed.map((item) => item.reason)).toEqual([
      '"Photo noodles taken" is already in the cookbook; it was left unchanged',
    ]);
    expect(dishFiles()).toEqual(before);
  });
});

describe("replacing an imported recipe's photo through PUT /api/menus/{id}", () => {
  let photos: Awaited<ReturnType<typeof startHttpsPhotoServer>>;
  beforeAll(async () => {
    photos = await startHttpsPhotoServer();
  });
  afterAll(() => photos.close());

  it("removes the old photo with all its sizes", async () => {
    const owner = await prisma.user.create({ data: { username: "photo-owner", email: "photo-owner@example.com" } });
    const cookie = (await createUserSession(getRequest("/home"), owner.id)).split(";")[0];
    const summary = await importUrl(`${base}/page/replaced`, { allowPrivateHosts: true, userId: owner.id });
    const [{ id }] = summary.imported;
    const old = await imageOf("Photo noodles replaced");

    const request = new Request(jsonRequest(`/api/menus/${id}`, { image: `${photos.origin}/photo.jpg` }, { cookie }), {
      method: "PUT",
    });
    const response = await run(() => updateMenuAction({ request, params: { recipeId: String(id) }, context: {} }));
    expect(response.status).toBe(200);
    const files = dishFiles();
    for (const file of filesOfImage(old)) expect(files).not.toContain(file);
  });
});
