/**
 * The dish photo taken on /camera-share-dish, waiting on the recipe screen for its caption before it is shared.
 * The photo is uploaded when the cook presses Next, so this works the same with and without
 * JavaScript: the upload service stores it and a signed cookie remembers which photo, for which user and
 * recipe, until the cook submits it (it becomes the post's photo) or cancels (it is deleted). A newer photo
 * replaces an older one. A draft left alone expires with its cookie after a day; its file is then removed by
 * the sweep of abandoned photos (sweepAbandonedDishPhotosHourly: at server start, and when a photo is stored).
 */
import { createCookie } from "@remix-run/node";
import * as z from "zod";
import { inBackground } from "./background.server";
import { isPostPhoto, overLimit, storeDishPhoto, type Outcome } from "./community.server";
import { deleteUnusedDishPhotos, dishPhotosInUse } from "./dish-photo-use.server";
import { env } from "./env.server";
import { deleteImage, imageUrl, storedDishPhotos } from "./images.server";
import { RateLimiter } from "./rate-limit.server";

const DRAFT_SECONDS = 24 * 60 * 60;

const draftCookie = createCookie("__dish_photo", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  // as the session cookie
  secure: env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false",
  secrets: [env.SESSION_SECRET],
  maxAge: DRAFT_SECONDS,
});

// expiresAt is checked here as well as by the browser: a replayed old cookie must not name a swept photo.
const DraftSchema = z.object({ userId: z.number(), recipeId: z.number(), image: z.string(), expiresAt: z.number() });
export type DishDraft = z.output<typeof DraftSchema>;

/** Each Next uploads a photo; this bounds how many one cook can store in a while. */
const draftLimiter = new RateLimiter("dish-draft-user", 30, 60 * 60 * 1000);
export const TOO_MANY_PHOTOS = "You have taken a lot of photos in a short time. Please try again later.";

/** The user's waiting photo (any recipe's), if the request carries one of theirs. */
export async function readDishDraft(request: Request, userId: number): Promise<DishDraft | null> {
  const parsed = DraftSchema.safeParse(await draftCookie.parse(request.headers.get("Cookie")));
  return parsed.success && parsed.data.userId === userId && parsed.data.expiresAt > Date.now() ? parsed.data : null;
}

/** The waiting photo's address when it is for this recipe (the recipe screen shows it instead of the placeholder). */
export async function sharedDishImage(request: Request, userId: number, recipeId: number): Promise<string | null> {
  const draft = await readDishDraft(request, userId);
  return draft?.recipeId === recipeId ? imageUrl(draft.image) : null;
}

/** Removes the photo unless a post or a recipe shows it (submitted twice at once, or already shared). */
async function deleteUnlessShared(stored: string): Promise<void> {
  await deleteUnusedDishPhotos([stored]);
}

/**
 * Stores the photo as the user's waiting photo for the recipe, replacing (and deleting) an earlier one, and
 * answers with the Set-Cookie header that remembers it. The upload service's refusals come back as they are.
 */
export async function saveDishDraft(
  request: Request,
  userId: number,
  recipeId: number,
  file: File
): Promise<Outcome<{ cookie: string }>> {
  if (await overLimit(draftLimiter, userId)) return { ok: false, status: 429, message: TOO_MANY_PHOTOS };
  const stored = await storeDishPhoto(file);
  if (!stored.ok) return stored;
  const previous = await readDishDraft(request, userId);
  if (previous) await deleteUnlessShared(previous.image);
  void sweepAbandonedDishPhotosHourly();
  const draft: DishDraft = { userId, recipeId, image: stored.image, expiresAt: Date.now() + DRAFT_SECONDS * 1000 };
  return { ok: true, cookie: await draftCookie.serialize(draft) };
}

/** The waiting photo for this recipe, unless a post already shows it (the same Submit sent twice). */
export async function draftPhotoFor(
  request: Request,
  userId: number,
  recipeId: number | undefined
): Promise<string | null> {
  const draft = await readDishDraft(request, userId);
  if (!draft || draft.recipeId !== recipeId || (await isPostPhoto(draft.image))) return null;
  return draft.image;
}

/** Forgets the waiting photo; `keepPhoto` when it has just become a post's photo. Returns the Set-Cookie header. */
export async function clearDishDraft(request: Request, userId: number, { keepPhoto = false } = {}): Promise<string> {
  const draft = await readDishDraft(request, userId);
  if (draft && !keepPhoto) await deleteUnlessShared(draft.image);
  return draftCookie.serialize("", { maxAge: 0 });
}

/** A dish photo this old that no post nor recipe shows is abandoned: no draft cookie (a day) can name it any more. */
const ABANDONED_AFTER_MS = DRAFT_SECONDS * 1000 + 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Stored photos looked up among the posts per query (within every database's limit on query parameters). */
const PHOTOS_PER_QUERY = 500;

/** Deletes the abandoned dish photos (with their narrower copies); answers how many. */
export async function sweepAbandonedDishPhotos(now = Date.now()): Promise<number> {
  const old = (await storedDishPhotos())
    .filter((photo) => now - photo.writtenAt.getTime() > ABANDONED_AFTER_MS)
    .map((photo) => photo.stored);
  let removed = 0;
  for (let start = 0; start < old.length; start += PHOTOS_PER_QUERY) {
    const batch = old.slice(start, start + PHOTOS_PER_QUERY);
    const shown = await dishPhotosInUse(batch);
    const abandoned = batch.filter((stored) => !shown.has(stored));
    await Promise.all(abandoned.map(deleteImage));
    removed += abandoned.length;
  }
  return removed;
}

let lastSweepAt = -Infinity;

/**
 * Sweeps the abandoned dish photos in the background unless a sweep started within the hour (at server
 * start, entry.server; then when a photo is stored). Answers the sweep when it starts one (it never
 * rejects: a failure is logged), null otherwise.
 */
export function sweepAbandonedDishPhotosHourly(now = Date.now()): Promise<boolean> | null {
  if (now - lastSweepAt < SWEEP_INTERVAL_MS) return null;
  lastSweepAt = now;
  return inBackground(
    sweepAbandonedDishPhotos(now).then((removed) => {
      if (removed > 0) console.info(`Removed ${removed} dish photo(s) waiting for a caption for over a day.`);
    }),
    "Sweeping abandoned dish photos failed"
  );
}
