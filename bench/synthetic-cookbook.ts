/**
 * The synthetic cookbook of bench/suggestions.ts: recipes recombining catalogue ingredients, written to a SQLite
 * database through the real store, and pantries as a cook types them. Deterministic: the same size gives the
 * same recipes, reviews and questions. A written database is kept and reused while this file, the catalogue and
 * the migrations are unchanged (writing 100,000 recipes takes minutes).
 */
import { seededRandom } from "~/domain/vision-head";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CUISINES, MEAL_OCCASIONS } from "~/domain/constants";
import { getCatalogue } from "~/domain/catalogue-data";
import type { RecipeDraft } from "~/domain/recipe-analysis";

const REVIEWED_SHARE = 0.3;
const RECIPES_PER_SAVE = 2_000;
/** Recipes written by one process (bench/suggestions.ts writes a cookbook of a million with ten). */
const RECIPES_PER_PROCESS = 100_000;

/** mulberry32: a small seeded generator. */
export const randomGenerator = seededRandom;

const catalogue = getCatalogue().ingredients;
const staples = catalogue.filter((ingredient) => ingredient.isStaple);
const others = catalogue.filter((ingredient) => !ingredient.isStaple);

/** Skewed towards the front of the list, like real cooking: onion and garlic everywhere, saffron rarely. */
const commonish = (random: () => number) => others[Math.floor(others.length * random() ** 2.5)];
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
export const someOf = <T>(random: () => number, values: readonly T[], max: number): T[] => [
  ...new Set(Array.from({ length: between(random, 0, max) }, () => values[Math.floor(random() * values.length)])),
];

type CatalogueEntry = (typeof catalogue)[number];

/** What recipe number `number` is made of, the same in every run (syntheticRecipe writes it as a draft). */
export interface SyntheticRecipeParts {
  name: string;
  /** main ingredients with their grams */
  main: { ingredient: CatalogueEntry; grams: number; written: string }[];
  seasonings: { ingredient: CatalogueEntry; grams: number }[];
  cuisines: string[];
  occasions: string[];
  prepTime: number;
  cookingTime: number | null;
  servings: number;
  /** the generator, for what is drawn after the parts */
  random: () => number;
}

/** 4–12 main ingredients weighed in grams, 0–3 staples as seasonings, up to 2 cuisines and 2 occasions. */
export function syntheticRecipeParts(number: number): SyntheticRecipeParts {
  const random = randomGenerator(number);
  const key = new Set<CatalogueEntry>();
  for (const wanted = between(random, 4, 12); key.size < wanted; ) key.add(commonish(random));
  const [first, second] = key;
  const seasonings = someOf(random, staples, 3);
  const written = (ingredient: CatalogueEntry) =>
    random() < 0.3 && ingredient.plural ? ingredient.plural : ingredient.name;
  // drawn in this order so that recipe n stays the recipe it was before the parts were split out
  const cuisines = someOf(random, CUISINES, 2);
  const occasions = someOf(random, MEAL_OCCASIONS, 2);
  const prepTime = between(random, 5, 40);
  const cookingTime = random() < 0.2 ? null : between(random, 5, 120);
  const servings = between(random, 1, 6);
  return {
    name: `Bench dish ${number}: ${first.name} with ${second.name}`,
    main: [...key].map((ingredient) => ({ ingredient, written: written(ingredient), grams: between(random, 20, 400) })),
    seasonings: seasonings.map((ingredient) => ({ ingredient, grams: between(random, 1, 15) })),
    cuisines,
    occasions,
    prepTime,
    cookingTime,
    servings,
    random,
  };
}

/** Recipe number `number` as a draft for the store. */
export function syntheticRecipe(number: number): RecipeDraft {
  const { main, seasonings, random, ...recipe } = syntheticRecipeParts(number);
  return {
    ...recipe,
    ingredients: [
      ...main.map((line) => ({ name: line.written, quantity: `${line.grams} g` })),
      ...seasonings.map((line) => ({ name: line.ingredient.name, quantity: `${line.grams} g`, seasoning: true })),
    ],
    steps: ["Prepare the ingredients.", "Cook them together until done.", "Season and serve."],
    tips: random() < 0.5 ? ["Tastes even better the next day."] : [],
    origin: "imported",
  };
}

/** A pantry as a cook types it: mostly common ingredients, now and then a staple, some names in the plural. */
export function syntheticPantry(random: () => number, size: number): string[] {
  return Array.from({ length: size }, () => {
    const ingredient = random() < 0.9 ? commonish(random) : staples[Math.floor(random() * staples.length)];
    return random() < 0.3 && ingredient.plural ? ingredient.plural : ingredient.name;
  });
}

function fingerprint(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(readFileSync(path.resolve("prisma/data/ingredients.json")));
  hash.update(readdirSync(path.resolve("prisma/migrations")).sort().join("\n"));
  return hash.digest("hex").slice(0, 10);
}

/** Writes recipes number `from` to `to` (excluded) to the database DATABASE_URL names, through the store. */
async function writeRecipes(from: number, to: number): Promise<void> {
  const { prisma } = await import("~/services/db.server");
  const { saveRecipes } = await import("~/services/recipe-store.server");
  for (let start = from; start < to; start += RECIPES_PER_SAVE) {
    const end = Math.min(to, start + RECIPES_PER_SAVE);
    await saveRecipes(Array.from({ length: end - start }, (_, offset) => syntheticRecipe(start + offset)));
    if ((end - 1) % 20_000 === 0 || end === to) console.error(`  ${end - 1} recipes written`);
  }
  await prisma.$disconnect();
}

/**
 * Points DATABASE_URL at the cookbook of this size in `directory`, writing it first when no complete copy is
 * there. Call before anything imports the app's database client. Answers the seconds spent writing, or null.
 */
export async function useSyntheticCookbook(
  size: number,
  directory: string
): Promise<{ file: string; writeSeconds: number | null }> {
  const file = path.join(directory, `bench-suggestions-${size}-${fingerprint()}.db`);
  const complete = `${file}.complete`;
  process.env.DATABASE_URL = `file:${file}`;
  if (existsSync(complete)) return { file, writeSeconds: null };

  for (const extra of ["", "-wal", "-shm"]) rmSync(file + extra, { force: true });
  const { applyMigrations, insertRows, prisma } = await import("~/services/db.server");
  const { seedIngredients } = await import("../prisma/seed");
  await applyMigrations(`file:${file}`);
  await seedIngredients();
  const started = performance.now();
  // The store's reads make a process's native memory grow, so many recipes are written by several processes.
  for (let from = 1; from <= size; from += RECIPES_PER_PROCESS) {
    const to = Math.min(size + 1, from + RECIPES_PER_PROCESS);
    execFileSync(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--write", String(from), String(to)],
      { stdio: "inherit" }
    );
  }
  const random = randomGenerator(size);
  const reviewer = await prisma.user.create({ data: { username: "bench-reviewer", email: "bench@example.com" } });
  const recipes = await prisma.$queryRaw<{ id: number }[]>`SELECT "id" FROM "Recipe" ORDER BY "id"`;
  const now = new Date();
  await insertRows(
    prisma,
    "Review",
    ["userId", "recipeId", "rating", "comment", "createdAt", "updatedAt"],
    recipes
      .filter(() => random() < REVIEWED_SHARE)
      .map(({ id }) => [reviewer.id, Number(id), between(random, 1, 5), "Bench review", now, now])
  );
  const writeSeconds = (performance.now() - started) / 1000;
  await prisma.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  writeFileSync(complete, "");
  return { file, writeSeconds };
}

const writeFlag = process.argv.indexOf("--write");
if (process.argv[1] === fileURLToPath(import.meta.url) && writeFlag >= 0) {
  await writeRecipes(Number(process.argv[writeFlag + 1]), Number(process.argv[writeFlag + 2]));
}
