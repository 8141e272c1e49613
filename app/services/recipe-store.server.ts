/**
 * Writes recipes: every draft goes through analyzeRecipe against the stored catalogue, so lines, nutrition
 * and diet tags are always computed the same way, whoever saves the recipe (seed, importer, users). A draft a
 * user adds must fit the limits of user-recipe.ts and their hourly allowance, and is theirs alone unless
 * shared (recipe-access.server.ts): a name is unique among everyone's recipes and among each user's own.
 */
import type { Catalogue } from "~/domain/catalogue";
import { analyzeRecipe, type RecipeDraft, type RecipeProblem } from "~/domain/recipe-analysis";
import { TOO_MANY_RECIPES, USER_RECIPES_PER_HOUR, userRecipeProblem, withoutBidiControls } from "~/domain/user-recipe";
import type { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { isUniqueViolation, prisma } from "./db.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { RateLimiter } from "./rate-limit.server";
import { visibilityOf } from "./recipe-access.server";
import { cookbookChanged } from "./recipe-index.server";

/** A user's recipe refused before anything was written: too big (400) or too many this hour (429). */
export class RecipeRejectedError extends Error {
  constructor(message: string, readonly status: 400 | 429) {
    super(message);
  }
}

const additionsByUser = new RateLimiter("recipe-additions-user", USER_RECIPES_PER_HOUR, 60 * 60 * 1000);

/** Refuses a user's draft that is too big, or one more than their hourly allowance (unless taken already). */
async function admitUserDraft(draft: RecipeDraft, options: SaveOptions): Promise<void> {
  if (draft.importedById == null) return;
  const problem = userRecipeProblem(draft);
  if (problem) throw new RecipeRejectedError(problem, 400);
  if (options.allowanceTaken) return;
  if (!(await additionsByUser.tryHit(String(draft.importedById)))) throw new RecipeRejectedError(TOO_MANY_RECIPES, 429);
}

/**
 * Counts one addition against the user's hourly allowance before there is a draft (an import counts its attempt,
 * read or not: a failed import costs like a saved one); false, with nothing counted, when it is used up.
 */
export function takeAddition(userId: number): Promise<boolean> {
  return additionsByUser.tryHit(String(userId));
}

export type { RecipeDraft } from "~/domain/recipe-analysis";

export interface SavedRecipe {
  id: number;
  created: boolean;
  problems: RecipeProblem[];
}

/** Path of the generated illustration of a recipe (app/routes/recipe-images.$id.ts). */
function generatedImagePath(recipeId: number): string {
  return `/recipe-images/${recipeId}.svg`;
}

/** Recipes per transaction when saving many: large enough to be fast, small enough not to hold the lock long. */
const BATCH_SIZE = 60;
const TRANSACTION_TIMEOUT_MS = 60_000;

type Transaction = Prisma.TransactionClient;

interface RecipeContent {
  fields: {
    description: string | null;
    prepTime: number | null;
    cookingTime: number | null;
    totalTime: number | null;
    servings: number | null;
    calories: number | null;
    protein: number | null;
    fat: number | null;
    carbohydrates: number | null;
    sodium: number | null;
    sugar: number | null;
    origin: string;
    sourceUrl: string | null;
    importedById: number | null;
    visibleTo: number;
  };
  lines: {
    position: number;
    name: string;
    quantity: string;
    type: string | null;
    ingredientId: number | null;
    section: string | null;
  }[];
  steps: { position: number; text: string; section: string | null }[];
  tips: { position: number; text: string }[];
  tags: { kind: string; value: string }[];
}

function byTag(a: { kind: string; value: string }, b: { kind: string; value: string }) {
  return a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value);
}

function contentOf(draft: RecipeDraft, catalogue: Catalogue): { content: RecipeContent; problems: RecipeProblem[] } {
  const analysis = analyzeRecipe(draft, catalogue);
  const nutrition = analysis.nutrition;
  const tags = new Map<string, { kind: string; value: string }>();
  const addTags = (kind: string, values: readonly string[]) => {
    for (const value of values) tags.set(`${kind}\u0000${value}`, { kind, value });
  };
  addTags("cuisine", draft.cuisines);
  addTags("occasion", draft.occasions);
  addTags("diet", analysis.diets);
  const numbered = (texts: string[]) => texts.map((text, position) => ({ position, text }));
  const content: RecipeContent = {
    fields: {
      description: draft.description ?? null,
      prepTime: draft.prepTime ?? null,
      cookingTime: draft.cookingTime ?? null,
      totalTime: draft.totalTime ?? null,
      servings: draft.servings ?? null,
      calories: nutrition?.calories ?? null,
      protein: nutrition?.protein ?? null,
      fat: nutrition?.fat ?? null,
      carbohydrates: nutrition?.carbohydrates ?? null,
      sodium: nutrition?.sodium ?? null,
      sugar: nutrition?.sugar ?? null,
      origin: draft.origin,
      sourceUrl: draft.sourceUrl ?? null,
      importedById: draft.importedById ?? null,
      visibleTo: visibilityOf(draft),
    },
    lines: analysis.lines.map((line, position) => ({
      position,
      name: line.name,
      quantity: line.quantity,
      type: line.type,
      ingredientId: line.ingredient ? ingredientIdOf(line.ingredient) : null,
      section: draft.ingredients[position].section ?? null,
    })),
    steps: draft.steps.map((text, position) => ({ position, text, section: draft.stepSections?.[position] ?? null })),
    tips: numbered(draft.tips),
    tags: [...tags.values()].sort(byTag),
  };
  return { content, problems: analysis.problems };
}

const storedContent = {
  ingredients: { orderBy: { position: "asc" } },
  steps: { orderBy: { position: "asc" } },
  tips: { orderBy: { position: "asc" } },
  tags: true,
} as const;

/** Who a stored recipe belongs to and where it came from, as a replacement's check sees it. */
export type RecipeOwnership = { id: number; origin: string; importedById: number | null; sourceUrl: string | null };

export interface SaveOptions {
  /** Only create: a recipe of that name is answered as it is (`created: false`) and left unchanged. */
  onlyIfNew?: boolean;
  /**
   * Runs in the saving transaction, before a recipe of that name is replaced; throwing refuses the save
   * (nothing of its batch is written) and the error comes out of saveRecipe(s).
   */
  checkReplace?: (existing: RecipeOwnership) => void;
  /** The user's allowance was counted for this draft already (`takeAddition`). */
  allowanceTaken?: boolean;
}

/** A saved recipe, with the picture it had before when the save replaced it. */
type SavedOne = SavedRecipe & { replacedImage?: string | null };

async function saveOne(
  tx: Transaction,
  draft: RecipeDraft,
  catalogue: Catalogue,
  options: SaveOptions
): Promise<SavedOne> {
  const { content, problems } = contentOf(draft, catalogue);
  const byName = { name_visibleTo: { name: draft.name, visibleTo: content.fields.visibleTo } };
  const existing = await tx.recipe.findUnique({ where: byName, include: storedContent });
  if (existing && options.onlyIfNew) return { id: existing.id, created: false, problems };
  if (existing) options.checkReplace?.(existing);
  const children = {
    ingredients: { createMany: { data: content.lines } },
    steps: { createMany: { data: content.steps } },
    tips: { createMany: { data: content.tips } },
    tags: { createMany: { data: content.tags } },
  };
  if (!existing) {
    const created = await tx.recipe.create({
      data: { name: draft.name, image: draft.image ?? null, ...content.fields, ...children },
      select: { id: true },
    });
    if (!draft.image)
      await tx.recipe.update({ where: { id: created.id }, data: { image: generatedImagePath(created.id) } });
    return { id: created.id, created: true, problems };
  }
  const image = draft.image || existing.image || generatedImagePath(existing.id);
  const stored: RecipeContent & { image: string | null } = {
    image: existing.image,
    fields: Object.fromEntries(
      Object.keys(content.fields).map((key) => [key, existing[key as keyof RecipeContent["fields"]]])
    ) as RecipeContent["fields"],
    lines: existing.ingredients.map(({ position, name, quantity, type, ingredientId, section }) => ({
      position,
      name,
      quantity,
      type,
      ingredientId,
      section,
    })),
    steps: existing.steps.map(({ position, text, section }) => ({ position, text, section })),
    tips: existing.tips.map(({ position, text }) => ({ position, text })),
    tags: existing.tags.map(({ kind, value }) => ({ kind, value })).sort(byTag),
  };
  if (JSON.stringify(stored) !== JSON.stringify({ image, ...content })) {
    const where = { recipeId: existing.id };
    await tx.recipeIngredient.deleteMany({ where });
    await tx.recipeStep.deleteMany({ where });
    await tx.recipeTip.deleteMany({ where });
    await tx.recipeTag.deleteMany({ where });
    await tx.recipe.update({ where: { id: existing.id }, data: { image, ...content.fields, ...children } });
  }
  return { id: existing.id, created: false, problems, replacedImage: existing.image !== image ? existing.image : null };
}

async function saveBatch(batch: RecipeDraft[], catalogue: Catalogue, options: SaveOptions): Promise<SavedOne[]> {
  const save = () =>
    prisma.$transaction(
      async (tx) => {
        const batchResults: SavedOne[] = [];
        for (const draft of batch) batchResults.push(await saveOne(tx, draft, catalogue, options));
        return batchResults;
      },
      { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS }
    );
  try {
    return await save();
  } catch (error) {
    // A recipe of the same name created meanwhile (unique name): saved again, now seeing it.
    if (isUniqueViolation(error)) return save();
    throw error;
  }
}

/**
 * Creates or replaces recipes by name, a batch per transaction; a recipe whose content is unchanged is not
 * touched. See SaveOptions for creating only, and for checking whose recipe would be replaced.
 */
export async function saveRecipes(submitted: RecipeDraft[], options: SaveOptions = {}): Promise<SavedRecipe[]> {
  const drafts = submitted.map(withoutBidiControls);
  for (const draft of drafts) await admitUserDraft(draft, options);
  const catalogue = await loadCatalogue();
  const saved: SavedRecipe[] = [];
  for (let start = 0; start < drafts.length; start += BATCH_SIZE) {
    const batch = await saveBatch(drafts.slice(start, start + BATCH_SIZE), catalogue, options);
    cookbookChanged();
    // Once committed: a photo a re-import replaced is removed when nothing else shows it.
    await deleteUnusedDishPhotos(batch.map(({ replacedImage }) => storedDishPhotoOf(replacedImage)));
    saved.push(...batch.map(({ id, created, problems }) => ({ id, created, problems })));
  }
  return saved;
}

/** Creates the recipe, or replaces the one with the same name (lines, steps, tips and tags included). */
export async function saveRecipe(draft: RecipeDraft, options: SaveOptions = {}): Promise<SavedRecipe> {
  const [saved] = await saveRecipes([draft], options);
  return saved;
}

/** A name the cook's edit gives their recipe is taken among the recipes of its visibility (decision 015). */
export class RecipeNameTakenError extends Error {}

/**
 * Replaces a stored recipe's content (renaming it included) with a draft, keeping its id and so everything that
 * points at it; a draft a user wrote must fit the limits of user-recipe.ts (it is an edit, not an addition: the hourly
 * allowance is not counted). The picture it showed before is removed once nothing else shows it.
 */
export async function updateRecipe(recipeId: number, submitted: RecipeDraft): Promise<void> {
  const draft = withoutBidiControls(submitted);
  const problem = draft.importedById != null ? userRecipeProblem(draft) : null;
  if (problem) throw new RecipeRejectedError(problem, 400);
  const { content } = contentOf(draft, await loadCatalogue());
  const image = draft.image || generatedImagePath(recipeId);
  let replacedImage: string | null = null;
  try {
    await prisma.$transaction(async (tx) => {
      const existing = await tx.recipe.findUniqueOrThrow({ where: { id: recipeId }, select: { image: true } });
      const where = { recipeId };
      await tx.recipeIngredient.deleteMany({ where });
      await tx.recipeStep.deleteMany({ where });
      await tx.recipeTip.deleteMany({ where });
      await tx.recipeTag.deleteMany({ where });
      await tx.recipe.update({
        where: { id: recipeId },
        data: {
          name: draft.name,
          image,
          ...content.fields,
          ingredients: { createMany: { data: content.lines } },
          steps: { createMany: { data: content.steps } },
          tips: { createMany: { data: content.tips } },
          tags: { createMany: { data: content.tags } },
        },
      });
      if (existing.image !== image) replacedImage = existing.image;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new RecipeNameTakenError(draft.name);
    throw error;
  }
  cookbookChanged();
  await deleteUnusedDishPhotos([storedDishPhotoOf(replacedImage)]);
}
