/**
 * The picture a recipe is shown with wherever it appears: the photo its cook chose among those shared of it in
 * the community, else the one most liked by other cooks, once at least 3 other cooks like it (the newest among
 * equals), credited to the cook who shared it; otherwise the recipe's own picture (an imported photo or the
 * generated illustration). Short of the cook's choice, a cook sees their own latest shared photo on their own view. Posts hidden
 * after reports show nowhere. Decision 101.
 */
import { LIKES_TO_SHOW_A_PHOTO } from "~/domain/community";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { storedDishPhotoOf } from "./dish-photo-use.server";
import { dishImageSrcSet, dishImageVariant, imageUrl } from "./images.server";
import { rawBoolean, rawNumber, type RawBoolean, type RawNumber } from "./raw-row.server";

export interface RecipePicture {
  image: string;
  /** narrower copies of a shared photo, for srcset */
  image_srcset: string;
  /** the cook who shared the photo */
  image_credit: string;
}

/**
 * The shared photo each recipe is shown with, by recipe id: the one its cook chose, else the viewer's own latest (on
 * their view only), else the one most liked by cooks other than its author once LIKES_TO_SHOW_A_PHOTO of them do.
 */
export async function sharedRecipePhotos(
  recipeIds: readonly number[],
  viewerId: number | null = null
): Promise<Map<number, RecipePicture>> {
  const ids = [...new Set(recipeIds)];
  if (ids.length === 0) return new Map();
  // Raw: read by the suggestions and the recipe screen on every visit (decision 160).
  const rows = await prisma.$queryRaw<
    {
      id: RawNumber;
      userId: RawNumber;
      recipeId: RawNumber;
      image: string;
      chosenForRecipe: RawBoolean;
      likes: RawNumber;
    }[]
  >`
    SELECT p."id", p."userId", p."recipeId", p."image", p."chosenForRecipe",
      (SELECT COUNT(*) FROM "PostLike" l WHERE l."postId" = p."id") AS "likes"
    FROM "CommunityPost" p
    WHERE p."recipeId" IN (${Prisma.join(ids)}) AND p."hiddenAt" IS NULL
    ORDER BY p."id" DESC`;
  const posts = rows.map((row) => ({
    id: rawNumber(row.id),
    userId: rawNumber(row.userId),
    recipeId: rawNumber(row.recipeId),
    image: row.image,
    chosenForRecipe: rawBoolean(row.chosenForRecipe),
    _count: { likes: rawNumber(row.likes) },
  }));
  // A like the author gave their own photo does not count: the likes of others are all likes but that one.
  const couldShow = posts.filter((post) => post._count.likes >= LIKES_TO_SHOW_A_PHOTO && !post.chosenForRecipe);
  const selfLiked = couldShow.length
    ? new Set(
        (
          await prisma.postLike.findMany({
            where: { OR: couldShow.map((post) => ({ postId: post.id, userId: post.userId })) },
            select: { postId: true },
          })
        ).map((like) => like.postId)
      )
    : new Set<number>();
  const othersLikes = (post: (typeof posts)[number]) => post._count.likes - (selfLiked.has(post.id) ? 1 : 0);
  const rank = (post: (typeof posts)[number]) => {
    if (post.chosenForRecipe) return 3;
    if (viewerId !== null && post.userId === viewerId) return 2;
    return othersLikes(post) >= LIKES_TO_SHOW_A_PHOTO ? 1 : 0;
  };
  const best = new Map<number, (typeof posts)[number]>();
  for (const post of posts) {
    if (rank(post) === 0) continue;
    const current = best.get(post.recipeId);
    const better =
      !current ||
      rank(post) > rank(current) ||
      (rank(post) === 1 && rank(current) === 1 && othersLikes(post) > othersLikes(current));
    if (better) best.set(post.recipeId, post);
  }
  // The credits are read for the photos shown only (none for most pages: no query then).
  const authorIds = [...new Set([...best.values()].map((post) => post.userId))];
  const usernames = new Map(
    authorIds.length
      ? (await prisma.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, username: true } })).map(
          (user) => [user.id, user.username]
        )
      : []
  );
  return new Map(
    [...best].map(([recipeId, post]) => [
      recipeId,
      {
        image: imageUrl(post.image),
        image_srcset: dishImageSrcSet(post.image),
        image_credit: usernames.get(post.userId) ?? "",
      },
    ])
  );
}

/** The srcset of a recipe's own picture when it is a stored photo (an imported recipe's), else undefined. */
export function ownPhotoSrcSet(image: string | null): string | undefined {
  const stored = storedDishPhotoOf(image);
  return stored ? dishImageSrcSet(stored) : undefined;
}

/** The recipes with their shared photo in place of their own picture, where there is one. */
export async function withSharedPhotos<Item extends { menu_id: number; image: string | null }>(
  items: Item[]
): Promise<(Item & Partial<RecipePicture>)[]> {
  const photos = await sharedRecipePhotos(items.map((item) => item.menu_id));
  return items.map((item) => ({ ...item, image_srcset: ownPhotoSrcSet(item.image), ...photos.get(item.menu_id) }));
}

// ---------- the cook's choice ----------

export const PHOTO_CHOICE_MESSAGES = {
  notYourRecipe: "Only the cook who added this recipe can choose its photo.",
  notOfThisRecipe: "That photo is not shared for this recipe.",
  chosen: "Your recipe is now shown with the photo you chose.",
  mostLiked: "Your recipe is now shown with its most-liked photo.",
} as const;

/** Shared photos offered to the recipe's cook to choose from, newest first. */
const MAX_PHOTO_CHOICES = 24;

export interface PhotoChoice {
  postId: number;
  image: string;
  credit: string;
  likes: number;
  chosen: boolean;
}

/** The photos shared of the recipe (as read, with who added it), for its cook to choose from; null for anyone else. */
export async function photoChoicesFor(
  userId: number,
  recipe: { id: number; importedById: number | null }
): Promise<PhotoChoice[] | null> {
  if (recipe.importedById !== userId) return null;
  const recipeId = recipe.id;
  const posts = await prisma.communityPost.findMany({
    where: { recipeId, hiddenAt: null },
    orderBy: { id: "desc" },
    take: MAX_PHOTO_CHOICES,
    select: {
      id: true,
      image: true,
      chosenForRecipe: true,
      user: { select: { username: true } },
      _count: { select: { likes: true } },
    },
  });
  return posts.map((post) => ({
    postId: post.id,
    image: imageUrl(dishImageVariant(post.image, 320)),
    credit: post.user.username,
    likes: post._count.likes,
    chosen: post.chosenForRecipe,
  }));
}

type Choice = { ok: true; message: string } | { ok: false; status: 403 | 404; message: string };

/**
 * The recipe's cook chooses which shared photo shows it (`postId`), or goes back to the most-liked one (null).
 * Anyone else is refused and nothing changes.
 */
export async function chooseRecipePhoto(userId: number, recipeId: number, postId: number | null): Promise<Choice> {
  return prisma.$transaction(async (tx) => {
    const recipe = await tx.recipe.findUnique({ where: { id: recipeId }, select: { importedById: true } });
    if (!recipe || recipe.importedById !== userId)
      return { ok: false, status: 403, message: PHOTO_CHOICE_MESSAGES.notYourRecipe };
    if (postId !== null && (await tx.communityPost.count({ where: { id: postId, recipeId } })) === 0) {
      return { ok: false, status: 404, message: PHOTO_CHOICE_MESSAGES.notOfThisRecipe };
    }
    await tx.communityPost.updateMany({ where: { recipeId, chosenForRecipe: true }, data: { chosenForRecipe: false } });
    if (postId === null) return { ok: true, message: PHOTO_CHOICE_MESSAGES.mostLiked };
    await tx.communityPost.updateMany({ where: { id: postId, recipeId }, data: { chosenForRecipe: true } });
    return { ok: true, message: PHOTO_CHOICE_MESSAGES.chosen };
  });
}
