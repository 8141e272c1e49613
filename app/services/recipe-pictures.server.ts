/**
 * The picture a recipe is shown with wherever it appears: the most-liked photo cooks shared of it in the
 * community (the newest among equals), credited to its cook; otherwise the recipe's own picture (an imported
 * photo or the generated illustration).
 */
import { prisma } from "./db.server";
import { dishImageSrcSet, imageUrl } from "./images.server";

export interface RecipePicture {
  image: string;
  /** narrower copies of a shared photo, for srcset */
  image_srcset: string;
  /** the cook who shared the photo */
  image_credit: string;
}

/** The best shared photo of each recipe that has one, by recipe id. */
export async function sharedRecipePhotos(recipeIds: readonly number[]): Promise<Map<number, RecipePicture>> {
  const ids = [...new Set(recipeIds)];
  if (ids.length === 0) return new Map();
  const posts = await prisma.communityPost.findMany({
    where: { recipeId: { in: ids } },
    orderBy: { id: "desc" },
    select: { recipeId: true, image: true, user: { select: { username: true } }, _count: { select: { likes: true } } },
  });
  const best = new Map<number, (typeof posts)[number]>();
  for (const post of posts) {
    const current = best.get(post.recipeId!);
    if (!current || post._count.likes > current._count.likes) best.set(post.recipeId!, post);
  }
  return new Map(
    [...best].map(([recipeId, post]) => [
      recipeId,
      { image: imageUrl(post.image), image_srcset: dishImageSrcSet(post.image), image_credit: post.user.username },
    ])
  );
}

const UPLOADS_PREFIX = imageUrl("");

/** The srcset of a recipe's own picture when it is a stored photo (an imported recipe's), else undefined. */
export function ownPhotoSrcSet(image: string | null): string | undefined {
  return image?.startsWith(`${UPLOADS_PREFIX}dishes/`)
    ? dishImageSrcSet(image.slice(UPLOADS_PREFIX.length))
    : undefined;
}

/** The recipes with their shared photo in place of their own picture, where there is one. */
export async function withSharedPhotos<Item extends { menu_id: number; image: string | null }>(
  items: Item[]
): Promise<(Item & Partial<RecipePicture>)[]> {
  const photos = await sharedRecipePhotos(items.map((item) => item.menu_id));
  return items.map((item) => ({ ...item, image_srcset: ownPhotoSrcSet(item.image), ...photos.get(item.menu_id) }));
}
