/**
 * The user's own profile (Account, Setting, /api/users/{id}): reading it in the spec's shape, replacing it,
 * and deleting the account with everything of theirs.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "@remix-run/node";
import { isoDay } from "~/domain/dates";
import { storedStringList } from "~/domain/stored-list";
import { normalizeEmail, usernameKey } from "~/domain/text-safety";
import type { Prisma } from "~/generated/prisma/client";
import { ProfileFormSchema, type ProfileInput } from "~/domain/profile-schema";
import { accountConflictOf, EMAIL_TAKEN, USERNAME_TAKEN } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { deleteImage, imageUrl, storeImage, UploadRejectedError } from "~/services/images.server";
import { RateLimiter } from "~/services/rate-limit.server";
import { departBeforeDeletion } from "~/services/household.server";
import { destroyUserSession, requireUserId } from "~/services/session.server";
import { rawNumber, type RawNumber } from "./raw-row.server";

/** The settings screen's profile form, parsed here so that the screen's module carries no zod. */
export const parseProfileForm = (formData: FormData) => parseWithZod(formData, { schema: ProfileFormSchema });

/** A user's profile, as GET /api/users/<id> answers it and the account screens show it. */
export type UserProfile = {
  user_id: number;
  username: string;
  email: string;
  /** the stored picture ("avatars/<name>.webp") */
  avatar: string | null;
  /** its address, with the profile's update time to bust caches */
  avatar_url: string | null;
  phone_number: string | null;
  /** yyyy-mm-dd */
  birth_date: string | null;
  country: string | null;
  allergies: string[];
};

const PROFILE_FIELDS = {
  id: true,
  username: true,
  email: true,
  avatar: true,
  phoneNumber: true,
  birthDate: true,
  country: true,
  allergies: true,
  updatedAt: true,
} as const;

type ProfileRow = Prisma.UserGetPayload<{ select: typeof PROFILE_FIELDS }>;

function toProfile(row: ProfileRow): UserProfile {
  return {
    user_id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    avatar_url: row.avatar ? imageUrl(row.avatar, row.updatedAt) : null,
    phone_number: row.phoneNumber,
    birth_date: row.birthDate ? isoDay(row.birthDate) : null,
    country: row.country,
    allergies: storedStringList(row.allergies),
  };
}

export async function findProfile(userId: number): Promise<UserProfile | null> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: PROFILE_FIELDS });
  return row ? toProfile(row) : null;
}

/** The allergies on a cook's profile (lowercase, as stored); none for a guest or an unknown id. */
export async function allergiesOf(userId: number | null): Promise<string[]> {
  if (userId === null) return [];
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { allergies: true } });
  return row ? storedStringList(row.allergies) : [];
}

/** The signed-in user's profile for their own screens; guests (or a session outliving its account) go to /login. */
export async function requireProfile(request: Request): Promise<UserProfile> {
  const profile = await findProfile(await requireUserId(request));
  if (!profile) throw redirect("/login", { headers: { "Set-Cookie": await destroyUserSession(request) } });
  return profile;
}

export type ProfileUpdate =
  | { ok: true; profile: UserProfile }
  | { ok: false; field: "username" | "email" | "avatar"; message: string; status?: 429 };

/** The status of a refused update: too many new pictures 429, a refused picture 400, a name or email taken 409. */
export function refusalStatus(refusal: Extract<ProfileUpdate, { ok: false }>): number {
  return refusal.status ?? (refusal.field === "avatar" ? 400 : 409);
}

/** Each new picture is decoded and re-encoded: a user may change theirs this many times an hour. */
export const AVATARS_PER_HOUR = 20;
export const TOO_MANY_AVATARS = "You have changed your picture many times in a short while. Please try again later.";
const avatarLimiter = new RateLimiter("avatar-user", AVATARS_PER_HOUR, 60 * 60 * 1000);

/**
 * Replaces the profile with `input` (fields left empty are cleared; no picture keeps the current one).
 * A name or email of another account, or a refused picture, changes nothing. A replaced picture's file is
 * removed once the new one is saved.
 */
export async function updateProfile(userId: number, input: ProfileInput): Promise<ProfileUpdate> {
  const email = normalizeEmail(input.email);
  const [byName, byEmail] = await Promise.all([
    prisma.user.findFirst({
      where: { usernameKey: usernameKey(input.username), id: { not: userId } },
      select: { id: true },
    }),
    prisma.user.findFirst({ where: { email, id: { not: userId } }, select: { id: true } }),
  ]);
  if (byName) return USERNAME_TAKEN;
  if (byEmail) return EMAIL_TAKEN;

  let newAvatar: string | undefined;
  if (input.avatar) {
    if (!(await avatarLimiter.tryHit(String(userId))))
      return { ok: false, field: "avatar", message: TOO_MANY_AVATARS, status: 429 };
    try {
      newAvatar = await storeImage("avatars", input.avatar);
    } catch (error) {
      if (error instanceof UploadRejectedError) return { ok: false, field: "avatar", message: error.message };
      throw error;
    }
  }

  try {
    const { previousAvatar, row } = await prisma.$transaction(async (tx) => {
      const previous = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { avatar: true, email: true },
      });
      const updated = await tx.user.update({
        where: { id: userId },
        data: {
          username: input.username,
          email,
          phoneNumber: input.phone_number ?? null,
          birthDate: input.birth_date ? new Date(`${input.birth_date}T00:00:00.000Z`) : null,
          country: input.country ?? null,
          allergies: JSON.stringify(input.allergies),
          ...(newAvatar ? { avatar: newAvatar } : {}),
          // a new address is proved again before Google sign-in may link to the account
          ...(email !== previous.email ? { emailVerifiedAt: null } : {}),
        },
        select: PROFILE_FIELDS,
      });
      return { previousAvatar: previous.avatar, row: updated };
    });
    if (newAvatar) await deleteImage(previousAvatar);
    return { ok: true, profile: toProfile(row) };
  } catch (error) {
    await deleteImage(newAvatar);
    const conflict = accountConflictOf(error);
    if (conflict) return conflict;
    throw error;
  }
}

/**
 * Deletes the account: the database removes everything of theirs with it (sessions, reset links, reviews,
 * favourites, history, meals, posts with their likes and comments, likes and comments on others' posts,
 * preferences; their household's pantry, list and log when nobody else is in it, else the household stays with
 * the others, its ownership passed on); recipes they imported stay in the cookbook without an owner.
 * Their pictures on disk (avatar, dish photos) go once the rows are gone. A failure is logged and answered
 * "failed", for the screens to say so.
 */
export async function deleteAccount(userId: number): Promise<"deleted" | "no such user" | "failed"> {
  try {
    const user = await prisma.$transaction(async (tx) => {
      const found = await tx.user.findUnique({
        where: { id: userId },
        select: { avatar: true, posts: { select: { image: true } } },
      });
      if (found) {
        await departBeforeDeletion(tx, userId);
        await tx.user.delete({ where: { id: userId } });
      }
      return found;
    });
    if (!user) return "no such user";
    await Promise.all([user.avatar, ...user.posts.map((post) => post.image)].map(deleteImage));
    return "deleted";
  } catch (error) {
    console.error(error);
    return "failed";
  }
}

/**
 * Home's header: the cook's name (null when the account is gone) and how many items their shopping list holds, in
 * one statement (decision 160).
 */
export async function homeHeader(userId: number, listId: number) {
  const [row] = await prisma.$queryRaw<{ username: string | null; shoppingCount: RawNumber }[]>`
    SELECT (SELECT u."username" FROM "User" u WHERE u."id" = ${userId}) AS "username",
      (SELECT COUNT(*) FROM "ShoppingItem" i WHERE i."listId" = ${listId}) AS "shoppingCount"`;
  return { username: row.username, shoppingCount: rawNumber(row.shoppingCount) };
}
