/**
 * A cook's own recipes (those they imported or added: Recipe.importedById): list and search them, edit one, share it
 * or make it private again, delete it (decision 116). Every call takes the cook's id and touches only their recipes:
 * anyone else's recipe, shared or not, answers as one that does not exist.
 */
import { matchingName, pageOf } from "~/domain/my-recipes";
import type { RecipeDraft } from "~/domain/recipe-analysis";
import { isUniqueViolation, prisma } from "./db.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { EVERYONE } from "./recipe-access.server";
import { cookbookChanged } from "./recipe-index.server";
import { storedContent, updateRecipe } from "./recipe-store.server";

const ownedBy = (userId: number, recipeId?: number) => ({
  importedById: userId,
  ...(recipeId ? { id: recipeId } : {}),
});

export interface MyRecipeRow {
  id: number;
  name: string;
  image: string | null;
  shared: boolean;
  prepTime: number | null;
  cookingTime: number | null;
}

/** A page of the cook's recipes whose name holds `search` (case and accents aside), by name. */
export async function listMyRecipes(userId: number, search: string, askedPage: string | null) {
  // Names only, then one page in full: a cook's recipes are hundreds, and the search then folds case and accents
  // the same way on both engines.
  const names = await prisma.recipe.findMany({
    where: ownedBy(userId),
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const found = matchingName(names, search);
  const { page, pages, start, end } = pageOf(askedPage, found.length);
  const ids = found.slice(start, end).map(({ id }) => id);
  const rows = await prisma.recipe.findMany({
    where: { id: { in: ids }, importedById: userId },
    select: { id: true, name: true, image: true, visibleTo: true, prepTime: true, cookingTime: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const recipes: MyRecipeRow[] = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return []; // deleted meanwhile
    const { visibleTo, ...rest } = row;
    return [{ ...rest, shared: visibleTo === EVERYONE }];
  });
  return { recipes, total: found.length, owned: names.length, page, pages };
}

/** The cook's recipe with everything the edit form shows, or null when it is not theirs (or not there). */
export function findMyRecipe(userId: number, recipeId: number) {
  return prisma.recipe.findFirst({
    where: ownedBy(userId, recipeId),
    include: storedContent,
  });
}

export type MyRecipe = NonNullable<Awaited<ReturnType<typeof findMyRecipe>>>;

/** What the edit form changes; the rest of the recipe (description, tips, tags, source, sharing) is kept. */
export type RecipeEdit = Pick<
  RecipeDraft,
  "name" | "prepTime" | "cookingTime" | "totalTime" | "servings" | "ingredients" | "steps" | "stepSections"
> & { image: string | null };

/** Replaces the cook's recipe's content with their edit; throws RecipeRejectedError or RecipeNameTakenError. */
export async function updateMyRecipe(recipe: MyRecipe, edit: RecipeEdit): Promise<void> {
  const tagsOf = (kind: string) => recipe.tags.filter((tag) => tag.kind === kind).map((tag) => tag.value);
  await updateRecipe(recipe.id, {
    ...edit,
    description: recipe.description ?? undefined,
    cuisines: tagsOf("cuisine"),
    occasions: tagsOf("occasion"),
    tips: recipe.tips.map((tip) => tip.text),
    origin: recipe.origin as RecipeDraft["origin"],
    sourceUrl: recipe.sourceUrl,
    importedById: recipe.importedById,
    shared: recipe.visibleTo === EVERYONE,
  });
}

export type ShareOutcome =
  | { ok: true; name: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "name-taken"; name: string };

/** Shows the cook's recipe to everyone, or to them alone again; refused when the name is taken there. */
export async function setMyRecipeShared(userId: number, recipeId: number, shared: boolean): Promise<ShareOutcome> {
  const recipe = await prisma.recipe.findFirst({ where: ownedBy(userId, recipeId), select: { name: true } });
  if (!recipe) return { ok: false, reason: "not-found" };
  try {
    const { count } = await prisma.recipe.updateMany({
      where: ownedBy(userId, recipeId),
      data: { visibleTo: shared ? EVERYONE : userId },
    });
    if (count === 0) return { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name-taken", name: recipe.name };
    throw error;
  }
  cookbookChanged();
  return { ok: true, name: recipe.name };
}

/**
 * Deletes the cook's recipe (decision 117): plan entries cooking it, favourites, history, reviews and allergy
 * acknowledgements of it go with it; meals cooked from it stay in everyone's figures (their recipe becomes
 * none), leftovers planned from it stay as leftovers, and community posts stay without a recipe. Its picture is
 * removed once nothing else shows it. Null when it is not theirs.
 */
export async function deleteMyRecipe(userId: number, recipeId: number): Promise<{ name: string } | null> {
  const deleted = await prisma.$transaction(async (tx) => {
    const recipe = await tx.recipe.findFirst({ where: ownedBy(userId, recipeId), select: { name: true, image: true } });
    if (!recipe) return null;
    await tx.mealPlanEntry.updateMany({ where: { recipeId, leftoverOf: { not: null } }, data: { recipeId: null } });
    await tx.communityPost.updateMany({ where: { recipeId }, data: { chosenForRecipe: false } });
    const { count } = await tx.recipe.deleteMany({ where: ownedBy(userId, recipeId) });
    return count > 0 ? recipe : null;
  });
  if (!deleted) return null;
  cookbookChanged();
  await deleteUnusedDishPhotos([storedDishPhotoOf(deleted.image)]);
  return { name: deleted.name };
}
