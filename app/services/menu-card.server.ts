/** A recipe as the favourites and history lists show it, read with MENU_CARD_FIELDS. */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { canSee } from "./recipe-access.server";
import { rawNumber, rawNumberOrNull, type RawNumber } from "./raw-row.server";

export const MENU_CARD_FIELDS = {
  id: true,
  name: true,
  prepTime: true,
  cookingTime: true,
  image: true,
  origin: true,
} as const;

type MenuCardRecipe = Prisma.RecipeGetPayload<{ select: typeof MENU_CARD_FIELDS }>;
type KeptCard = Readonly<MenuCardRecipe> & { visibleTo: number };

const MENU_CARD_COLUMNS = Prisma.raw(
  [...Object.keys(MENU_CARD_FIELDS), "visibleTo"].map((column) => `"${column}"`).join(", ")
);

/**
 * The cards' fields as read at one cookbook version: the database bumps the version on every write of a recipe,
 * by any process (decision 122), so while a search reads the same version none of these rows has changed. A new
 * version starts afresh; a search that read an older one (it began before a write) reads the database.
 */
let kept: { version: bigint; cards: Map<number, KeptCard> } | null = null;
/** Cards kept at most (a few hundred bytes each); past it the cache starts again. */
const CARDS_KEPT = 5_000;

/**
 * The cards' fields of these recipes that `viewerId` may see, in their order (every suggestions page: decision
 * 160). At a cookbook version (currentCookbook) a card read once is not read again until a recipe is written
 * (decision 167).
 */
export async function menuCardRecipes(
  ids: number[],
  viewerId: number | null,
  version: bigint | null = null
): Promise<MenuCardRecipe[]> {
  if (version !== null && (kept === null || version > kept.version)) kept = { version, cards: new Map() };
  const cache = version !== null && kept?.version === version ? kept.cards : new Map<number, KeptCard>();
  // This search's cards are its own: the cache may be cleared by this search or another while it reads.
  const found = new Map<number, KeptCard>();
  for (const id of ids) {
    const card = cache.get(id);
    if (card) found.set(id, card);
  }
  const unread = ids.filter((id) => !found.has(id));
  if (unread.length > 0) {
    const read = await readCards(unread);
    if (cache.size + read.length > CARDS_KEPT) cache.clear();
    for (const card of read) {
      found.set(card.id, card);
      cache.set(card.id, card);
    }
  }
  return ids.flatMap((id) => {
    const card = found.get(id);
    return card && canSee(card.visibleTo, viewerId) ? [card] : [];
  });
}

/** These recipes' card fields and who may see them, in one raw read. */
async function readCards(ids: number[]): Promise<KeptCard[]> {
  const rows = await prisma.$queryRaw<(MenuCardRecipe & { visibleTo: RawNumber })[]>`
    SELECT ${MENU_CARD_COLUMNS} FROM "Recipe" WHERE "id" IN (${Prisma.join(ids)})`;
  return rows.map((row) =>
    Object.freeze({
      ...row,
      id: rawNumber(row.id),
      prepTime: rawNumberOrNull(row.prepTime),
      cookingTime: rawNumberOrNull(row.cookingTime),
      visibleTo: rawNumber(row.visibleTo),
    })
  );
}

export interface MenuCard {
  menu_id: number;
  menu_name: string;
  prep_time: number | null;
  cooking_time: number | null;
  image: string | null;
  /** only on recipes written by the recipe generator (not a field of the spec) */
  generated?: true;
}

/** `generated: true` for a recipe of the recipe generator, nothing for others. */
export function generatedMark(origin: string): { generated?: true } {
  return origin === "generated" ? { generated: true } : {};
}

export function toMenuCard(recipe: Prisma.RecipeGetPayload<{ select: typeof MENU_CARD_FIELDS }>): MenuCard {
  return {
    menu_id: recipe.id,
    menu_name: recipe.name,
    prep_time: recipe.prepTime,
    cooking_time: recipe.cookingTime,
    image: recipe.image,
    ...generatedMark(recipe.origin),
  };
}
