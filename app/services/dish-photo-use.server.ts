/**
 * Which stored dish photos are still shown: by a community post (stored path, "dishes/<name>.jpg") or as a
 * recipe's own picture (its address, "/uploads/dishes/<name>.jpg": an imported recipe's photo). A photo neither
 * shows is removed with its narrower copies when it is let go (a re-import's replaced photo, a deleted post's).
 */
import { prisma } from "./db.server";
import { deleteImage, imageUrl } from "./images.server";

const UPLOADS_PREFIX = imageUrl("");

/** The stored path of the dish photo shown at this address, or null for any other picture. */
export function storedDishPhotoOf(address: string | null | undefined): string | null {
  return address?.startsWith(`${UPLOADS_PREFIX}dishes/`) ? address.slice(UPLOADS_PREFIX.length) : null;
}

/** Those of these stored dish photos that a post or a recipe shows. */
export async function dishPhotosInUse(stored: readonly string[]): Promise<Set<string>> {
  if (stored.length === 0) return new Set();
  const [posts, recipes] = await Promise.all([
    prisma.communityPost.findMany({ where: { image: { in: [...stored] } }, select: { image: true } }),
    prisma.recipe.findMany({
      where: { image: { in: stored.map((photo) => imageUrl(photo)) } },
      select: { image: true },
    }),
  ]);
  return new Set([
    ...posts.map((post) => post.image),
    ...recipes.flatMap((recipe) => storedDishPhotoOf(recipe.image) ?? []),
  ]);
}

/** Deletes those of these stored dish photos that nothing shows (with their narrower copies); answers them. */
export async function deleteUnusedDishPhotos(stored: readonly (string | null | undefined)[]): Promise<string[]> {
  const candidates = [...new Set(stored.filter((photo): photo is string => Boolean(photo)))];
  const used = await dishPhotosInUse(candidates);
  const unused = candidates.filter((photo) => !used.has(photo));
  await Promise.all(unused.map(deleteImage));
  return unused;
}
