/**
 * Who may see a recipe. Recipes of the cookbook (starter, generated, imported from the command line) and
 * those a user chose to share are everyone's; a recipe a user added without sharing it is theirs alone
 * (Recipe.visibleTo holds their id). Every read of a recipe by id, name, ranking or list goes through these,
 * so another user's private recipe answers exactly as a recipe that does not exist.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";

/** Recipe.visibleTo of a recipe everyone sees. */
export const EVERYONE = 0;

/** The recipes `viewerId` (null: a guest) may see. */
export function visibleTo(viewerId: number | null): Prisma.RecipeWhereInput {
  return { visibleTo: { in: viewerId === null ? [EVERYONE] : [EVERYONE, viewerId] } };
}

/** visibleTo as a condition on "Recipe"."visibleTo" for a raw query (decision 160). */
export function visibleToSql(viewerId: number | null): Prisma.Sql {
  const viewers = viewerId === null ? [EVERYONE] : [EVERYONE, viewerId];
  return Prisma.sql`"visibleTo" IN (${Prisma.join(viewers)})`;
}

/** Whether a recipe of this Recipe.visibleTo is one `viewerId` (null: a guest) may see: visibleTo in JavaScript. */
export function canSee(recipeVisibleTo: number, viewerId: number | null): boolean {
  return recipeVisibleTo === EVERYONE || (viewerId !== null && recipeVisibleTo === viewerId);
}

/** Whether the recipe exists and `viewerId` may see it. */
export async function canSeeRecipe(recipeId: number, viewerId: number | null): Promise<boolean> {
  return (await prisma.recipe.count({ where: { id: recipeId, ...visibleTo(viewerId) } })) > 0;
}

/** Who sees a recipe a draft describes: everyone, unless a user added it and did not share it. */
export function visibilityOf(draft: { importedById?: number | null; shared?: boolean }): number {
  return draft.importedById != null && !draft.shared ? draft.importedById : EVERYONE;
}
