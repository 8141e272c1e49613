/**
 * Writes recipes: every draft goes through analyzeRecipe against the stored catalogue, so lines, nutrition
 * and diet tags are always computed the same way, whoever saves the recipe (seed, importer, users). A draft a
 * user adds must fit the limits of user-recipe.ts and their hourly allowance, and is theirs alone unless
 * shared (recipe-access.server.ts): a name is unique among everyone's recipes and among each user's own.
 */
import type { Catalogue, CatalogueIngredient } from "~/domain/catalogue";
import { analyzeRecipe, type RecipeDraft, type RecipeProblem } from "~/domain/recipe-analysis";
import { TOO_MANY_RECIPES, USER_RECIPES_PER_HOUR, userRecipeProblem, withoutBidiControls } from "~/domain/user-recipe";
import { Prisma } from "~/generated/prisma/client";
import { ingredientIdOf, loadCatalogue } from "./catalogue.server";
import { insertRows, insertRowsReturning, isUniqueViolation, prisma } from "./db.server";
import { deleteUnusedDishPhotos, storedDishPhotoOf } from "./dish-photo-use.server";
import { RateLimiter } from "./rate-limit.server";
import { visibilityOf } from "./recipe-access.server";
import { cookbookChanged } from "./recipe-index.server";
import { rawNumber, type RawNumber } from "./raw-row.server";

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

const GENERATED_IMAGE_PREFIX = "/recipe-images/";
const GENERATED_IMAGE_SUFFIX = ".svg";

/** Path of the generated illustration of a recipe (app/routes/recipe-images.$id.ts). */
function generatedImagePath(recipeId: number): string {
  return `${GENERATED_IMAGE_PREFIX}${recipeId}${GENERATED_IMAGE_SUFFIX}`;
}

/**
 * Recipes per transaction when saving many: new ones are inserted together (a statement per table), so a batch
 * takes a few tens of milliseconds; small enough not to hold SQLite's write lock long.
 */
const BATCH_SIZE = 250;
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

/** Every Recipe column of a draft's content: a field of RecipeContent left out here is a type error. */
const RECIPE_COLUMNS = {
  description: true,
  prepTime: true,
  cookingTime: true,
  totalTime: true,
  servings: true,
  calories: true,
  protein: true,
  fat: true,
  carbohydrates: true,
  sodium: true,
  sugar: true,
  origin: true,
  sourceUrl: true,
  importedById: true,
  visibleTo: true,
} satisfies Record<keyof RecipeContent["fields"], true>;
/** The Recipe columns of a draft's content, in the order of a raw INSERT. */
const RECIPE_FIELDS = Object.keys(RECIPE_COLUMNS) as (keyof RecipeContent["fields"])[];

function byTag(a: { kind: string; value: string }, b: { kind: string; value: string }) {
  return a.kind.localeCompare(b.kind) || a.value.localeCompare(b.value);
}

/**
 * The catalogue with its answers to `match` remembered, for one save: the lines of many recipes name the same few
 * ingredients again and again, and matching a name is most of analysing a recipe.
 */
function rememberingMatches(catalogue: Catalogue): Catalogue {
  const matches = new Map<string, CatalogueIngredient | null>();
  return {
    ...catalogue,
    match(text) {
      let found = matches.get(text);
      if (found === undefined) matches.set(text, (found = catalogue.match(text)));
      return found;
    },
  };
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

/** A recipe's lines, steps and tips in their order, and its tags: what a stored recipe's content is read with. */
export const storedContent = {
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

/** A draft with what the store writes for it, computed before its transaction starts. */
interface Prepared {
  draft: RecipeDraft;
  content: RecipeContent;
  problems: RecipeProblem[];
}

type StoredRecipe = Awaited<ReturnType<typeof storedRecipesNamed>>[number];

/** The key a recipe's name is unique under. */
const nameKey = (name: string, visibleTo: number) => `${visibleTo}\u0000${name}`;
const preparedKey = ({ draft, content }: Prepared) => nameKey(draft.name, content.fields.visibleTo);

/** Writes a stored recipe's name, picture and content over what it had (lines, steps, tips and tags included). */
async function replaceContent(
  tx: Transaction,
  recipeId: number,
  name: string,
  image: string,
  content: RecipeContent
): Promise<void> {
  const where = { recipeId };
  await tx.recipeIngredient.deleteMany({ where });
  await tx.recipeStep.deleteMany({ where });
  await tx.recipeTip.deleteMany({ where });
  await tx.recipeTag.deleteMany({ where });
  await tx.recipe.update({
    where: { id: recipeId },
    data: {
      name,
      image,
      ...content.fields,
      ingredients: { createMany: { data: content.lines } },
      steps: { createMany: { data: content.steps } },
      tips: { createMany: { data: content.tips } },
      tags: { createMany: { data: content.tags } },
    },
  });
}

/**
 * The stored recipes that have the batch's names: one raw query for the ids (a batch of new recipes costs no
 * more), then their content for those found.
 */
async function storedRecipesNamed(tx: Transaction, batch: Prepared[]) {
  const namesByVisibility = new Map<number, string[]>();
  for (const { draft, content } of batch) {
    const names = namesByVisibility.get(content.fields.visibleTo) ?? [];
    names.push(draft.name);
    namesByVisibility.set(content.fields.visibleTo, names);
  }
  const conditions = [...namesByVisibility].map(
    ([visibleTo, names]) => Prisma.sql`("visibleTo" = ${visibleTo} AND "name" IN (${Prisma.join(names)}))`
  );
  const found = await tx.$queryRaw<{ id: RawNumber }[]>`SELECT "id" FROM "Recipe" WHERE ${Prisma.join(
    conditions,
    " OR "
  )}`;
  if (found.length === 0) return [];
  return tx.recipe.findMany({ where: { id: { in: found.map(({ id }) => rawNumber(id)) } }, include: storedContent });
}

/** Replaces a stored recipe of the draft's name, unless its content is the same. */
async function saveOver(
  tx: Transaction,
  existing: StoredRecipe,
  { draft, content, problems }: Prepared,
  options: SaveOptions
): Promise<SavedOne> {
  if (options.onlyIfNew) return { id: existing.id, created: false, problems };
  options.checkReplace?.(existing);
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
    await replaceContent(tx, existing.id, draft.name, image, content);
  }
  return { id: existing.id, created: false, problems, replacedImage: existing.image !== image ? existing.image : null };
}

/** Inserts new recipes (names unique within the batch) with a few statements per table; answers their ids in order. */
async function createAll(tx: Transaction, fresh: Prepared[]): Promise<number[]> {
  if (fresh.length === 0) return [];
  const now = new Date();
  const rows = await insertRowsReturning<{ id: RawNumber; name: string; visibleTo: RawNumber }>(
    tx,
    "Recipe",
    ["name", "image", ...RECIPE_FIELDS, "createdAt", "updatedAt"],
    fresh.map(({ draft, content }) => [
      draft.name,
      draft.image ?? null,
      ...RECIPE_FIELDS.map((field) => content.fields[field]),
      now,
      now,
    ]),
    ["id", "name", "visibleTo"]
  );
  const idsByKey = new Map(rows.map((row) => [nameKey(row.name, rawNumber(row.visibleTo)), rawNumber(row.id)]));
  const ids = fresh.map((item) => idsByKey.get(preparedKey(item))!);
  const withoutImage = ids.filter((_, position) => !fresh[position].draft.image);
  if (withoutImage.length > 0) {
    // The generated illustration's path holds the id, known only now.
    await tx.$executeRaw`UPDATE "Recipe" SET "image" = ${GENERATED_IMAGE_PREFIX} || CAST("id" AS TEXT) || ${GENERATED_IMAGE_SUFFIX}
      WHERE "id" IN (${Prisma.join(withoutImage)})`;
  }
  const rowsOf = (lines: (content: RecipeContent) => (string | number | null)[][]) =>
    fresh.flatMap(({ content }, position) => lines(content).map((line) => [ids[position], ...line]));
  await insertRows(
    tx,
    "RecipeIngredient",
    ["recipeId", "position", "name", "quantity", "type", "ingredientId", "section"],
    rowsOf(({ lines }) =>
      lines.map((line) => [line.position, line.name, line.quantity, line.type, line.ingredientId, line.section])
    )
  );
  await insertRows(
    tx,
    "RecipeStep",
    ["recipeId", "position", "text", "section"],
    rowsOf(({ steps }) => steps.map((step) => [step.position, step.text, step.section]))
  );
  await insertRows(
    tx,
    "RecipeTip",
    ["recipeId", "position", "text"],
    rowsOf(({ tips }) => tips.map((tip) => [tip.position, tip.text]))
  );
  await insertRows(
    tx,
    "RecipeTag",
    ["recipeId", "kind", "value"],
    rowsOf(({ tags }) => tags.map((tag) => [tag.kind, tag.value]))
  );
  return ids;
}

/** Saves a batch whose names are unique within it, in one transaction: stored ones replaced, new ones inserted together. */
async function saveBatch(batch: Prepared[], options: SaveOptions): Promise<SavedOne[]> {
  const save = () =>
    prisma.$transaction(
      async (tx) => {
        const stored = new Map(
          (await storedRecipesNamed(tx, batch)).map((row) => [nameKey(row.name, row.visibleTo), row])
        );
        const results: SavedOne[] = new Array(batch.length);
        const fresh: number[] = [];
        for (const [position, item] of batch.entries()) {
          const existing = stored.get(preparedKey(item));
          if (existing) results[position] = await saveOver(tx, existing, item, options);
          else fresh.push(position);
        }
        const ids = await createAll(
          tx,
          fresh.map((position) => batch[position])
        );
        for (const [number, position] of fresh.entries()) {
          results[position] = { id: ids[number], created: true, problems: batch[position].problems };
        }
        return results;
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

/** The drafts (at most BATCH_SIZE) cut where a name repeats, so that the repeat is saved after the first. */
function batchesOf(prepared: Prepared[]): Prepared[][] {
  const batches: Prepared[][] = [];
  let current: Prepared[] = [];
  let keys = new Set<string>();
  for (const item of prepared) {
    const key = preparedKey(item);
    if (keys.has(key)) {
      batches.push(current);
      current = [];
      keys = new Set();
    }
    current.push(item);
    keys.add(key);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Creates or replaces recipes by name, a batch per transaction; a recipe whose content is unchanged is not
 * touched. See SaveOptions for creating only, and for checking whose recipe would be replaced.
 */
export async function saveRecipes(submitted: RecipeDraft[], options: SaveOptions = {}): Promise<SavedRecipe[]> {
  // U+0000 is dropped from the name here, as the database client drops it from every write: matched on as written.
  const drafts = submitted.map((draft) => {
    const clean = withoutBidiControls(draft);
    return { ...clean, name: clean.name.replaceAll("\u0000", "") };
  });
  for (const draft of drafts) await admitUserDraft(draft, options);
  const catalogue = rememberingMatches(await loadCatalogue());
  const saved: SavedRecipe[] = [];
  for (let start = 0; start < drafts.length; start += BATCH_SIZE) {
    const prepared = drafts
      .slice(start, start + BATCH_SIZE)
      .map((draft) => ({ draft, ...contentOf(draft, catalogue) }));
    for (const batch of batchesOf(prepared)) {
      const results = await saveBatch(batch, options);
      cookbookChanged();
      // Once committed: a photo a re-import replaced is removed when nothing else shows it.
      await deleteUnusedDishPhotos(results.map(({ replacedImage }) => storedDishPhotoOf(replacedImage)));
      saved.push(...results.map(({ id, created, problems }) => ({ id, created, problems })));
    }
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
      await replaceContent(tx, recipeId, draft.name, image, content);
      if (existing.image !== image) replacedImage = existing.image;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new RecipeNameTakenError(draft.name);
    throw error;
  }
  cookbookChanged();
  await deleteUnusedDishPhotos([storedDishPhotoOf(replacedImage)]);
}
