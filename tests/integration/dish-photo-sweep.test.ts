/** Dish photos that waited for a caption (the __dish_photo cookie, one day) and were never submitted are removed. */
import { existsSync, readdirSync, rmSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/services/db.server";
import {
  readDishDraft,
  saveDishDraft,
  sweepAbandonedDishPhotos,
  sweepAbandonedDishPhotosHourly,
} from "~/services/dish-draft.server";
import { imageUrl, storeImage } from "~/services/images.server";
import { cameraJpeg } from "../support/images";
import { getRequest } from "../support/requests";

const uploadsDir = vi.hoisted(() => {
  const dir = `tests/.tmp/uploads-sweep-${process.pid}-${Date.now()}`;
  process.env.UPLOADS_DIR = dir;
  return dir;
});
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const HOUR_MS = 60 * 60 * 1000;
let cook: { id: number };
let recipeId: number;
beforeAll(async () => {
  cook = await prisma.user.create({ data: { username: "sweeper", email: "sweeper@example.com" } });
  recipeId = (await prisma.recipe.create({ data: { name: "Sweep Test Stew" } })).id;
});

const jpeg = async () => new File([await cameraJpeg()], "dish.jpg", { type: "image/jpeg" });
/** Every file of a stored picture: the photo and its narrower copies ("dishes/<name>-640w.jpg"). */
const filesOf = (stored: string) =>
  readdirSync(path.join(uploadsDir, path.dirname(stored))).filter((name) =>
    name.startsWith(path.basename(stored).replace(/\.\w+$/, ""))
  );
/** A stored picture (all its files) as if written `hours` ago. */
async function storedHoursAgo(kind: "dishes" | "avatars", hours: number): Promise<string> {
  const stored = await storeImage(kind, await jpeg());
  const then = new Date(Date.now() - hours * HOUR_MS);
  for (const name of filesOf(stored)) utimesSync(path.join(uploadsDir, path.dirname(stored), name), then, then);
  return stored;
}
const onDisk = (stored: string) => existsSync(path.join(uploadsDir, stored));

describe("sweeping abandoned dish photos", () => {
  it("starts when a cook stores a waiting photo, and removes one left over a day ago", async () => {
    const abandoned = await storedHoursAgo("dishes", 30);
    const saved = await saveDishDraft(
      getRequest(`/camera-share-dish?menu_id=${recipeId}`),
      cook.id,
      recipeId,
      await jpeg()
    );
    expect(saved.ok).toBe(true);
    await vi.waitFor(() => expect(filesOf(abandoned)).toEqual([]));
  });

  it("removes photos over a day old that no post shows, with their copies, and keeps posted, recent and other pictures", async () => {
    const abandoned = await storedHoursAgo("dishes", 26);
    const posted = await storedHoursAgo("dishes", 26 * 30);
    await prisma.communityPost.create({
      data: { userId: cook.id, recipeId, image: posted, caption: "Shared last month" },
    });
    const waiting = await storedHoursAgo("dishes", 23);
    const avatar = await storedHoursAgo("avatars", 26 * 30);
    expect(filesOf(abandoned)).toHaveLength(4);

    expect(await sweepAbandonedDishPhotos()).toBe(1);
    expect(filesOf(abandoned)).toEqual([]);
    expect(filesOf(posted)).toHaveLength(4);
    expect(filesOf(waiting)).toHaveLength(4);
    expect(onDisk(avatar)).toBe(true);
  });

  it("keeps an imported recipe's own photo, however old", async () => {
    const imported = await storedHoursAgo("dishes", 26 * 30);
    await prisma.recipe.create({
      data: { name: "Imported Sweep Noodles", origin: "imported", image: imageUrl(imported) },
    });
    await sweepAbandonedDishPhotos();
    expect(filesOf(imported)).toHaveLength(4);
  });

  it("runs at most once an hour", async () => {
    // Later than the sweep the first test's photo started, so this one is due.
    const start = Date.now() + 2 * HOUR_MS;
    const first = await storedHoursAgo("dishes", 40);
    await sweepAbandonedDishPhotosHourly(start);
    expect(onDisk(first)).toBe(false);
    const second = await storedHoursAgo("dishes", 40);
    expect(sweepAbandonedDishPhotosHourly(start + 59 * 60 * 1000)).toBeNull();
    expect(onDisk(second)).toBe(true);
    await sweepAbandonedDishPhotosHourly(start + HOUR_MS);
    expect(onDisk(second)).toBe(false);
  });

  it("forgets a waiting photo after a day even when an old cookie is sent again, so a post never names a swept photo", async () => {
    const saved = await saveDishDraft(
      getRequest(`/camera-share-dish?menu_id=${recipeId}`),
      cook.id,
      recipeId,
      await jpeg()
    );
    if (!saved.ok) throw new Error(saved.message);
    const replay = getRequest(`/menu-detail/${recipeId}`, { cookie: saved.cookie.split(";")[0] });
    expect((await readDishDraft(replay, cook.id))?.recipeId).toBe(recipeId);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 25 * HOUR_MS });
    try {
      expect(await readDishDraft(replay, cook.id)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
