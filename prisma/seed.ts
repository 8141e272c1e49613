/**
 * Loads the ingredient catalogue (prisma/data/ingredients.json) and the starter cookbook
 * (prisma/data/recipes/*.json) into the database. Idempotent: what is already there unchanged is left alone.
 *
 *   npm run db:seed        (npm start runs it on first start, when there are no recipes)
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CatalogueIngredient } from "~/domain/catalogue";
import { getCatalogue } from "~/domain/catalogue-data";
import { forgetCatalogue } from "~/services/catalogue.server";
import { applyMigrations, prisma } from "~/services/db.server";
import { saveRecipes } from "~/services/recipe-store.server";
import { readStarterDrafts } from "./starter-recipes";

function ingredientRow(ingredient: CatalogueIngredient) {
  return {
    name: ingredient.name,
    plural: ingredient.plural,
    type: ingredient.type,
    icon: ingredient.icon,
    caloriesPer100g: ingredient.caloriesPer100g,
    proteinPer100g: ingredient.proteinPer100g,
    fatPer100g: ingredient.fatPer100g,
    carbohydratesPer100g: ingredient.carbohydratesPer100g,
    sodiumMgPer100g: ingredient.sodiumMgPer100g,
    sugarPer100g: ingredient.sugarPer100g,
    co2PerKg: ingredient.co2PerKg,
    allergens: JSON.stringify(ingredient.allergens),
    unitWeights: JSON.stringify(ingredient.unitWeights),
    isStaple: ingredient.isStaple,
    fridgeDays: ingredient.shelfLife.fridge,
    freezerDays: ingredient.shelfLife.freezer,
    cupboardDays: ingredient.shelfLife.cupboard,
    openedDays: ingredient.shelfLife.opened,
    storage: ingredient.shelfLife.storage,
    parent: ingredient.parent,
  };
}

type IngredientRow = ReturnType<typeof ingredientRow>;

function sameRow(stored: Record<keyof IngredientRow, unknown>, wanted: IngredientRow): boolean {
  return (Object.keys(wanted) as (keyof IngredientRow)[]).every((key) => stored[key] === wanted[key]);
}

/** Creates missing ingredients and aliases, updates changed ones; returns how many rows it wrote. */
export async function seedIngredients(): Promise<number> {
  const ingredients = getCatalogue().ingredients;
  const wanted = ingredients.map(ingredientRow);
  const stored = new Map((await prisma.ingredient.findMany()).map((row) => [row.name, row]));
  const missing = wanted.filter((row) => !stored.has(row.name));
  const changed = wanted.filter((row) => stored.has(row.name) && !sameRow(stored.get(row.name)!, row));
  let written = missing.length + changed.length;
  await prisma.$transaction([
    prisma.ingredient.createMany({ data: missing }),
    ...changed.map((row) => prisma.ingredient.update({ where: { name: row.name }, data: row })),
  ]);

  const idOf = new Map(
    (await prisma.ingredient.findMany({ select: { id: true, name: true } })).map((row) => [row.name, row.id])
  );
  const storedAliases = new Map((await prisma.ingredientAlias.findMany()).map((row) => [row.alias, row.ingredientId]));
  const wantedAliases = new Map(
    ingredients.flatMap((ingredient) => ingredient.aliases.map((alias) => [alias, idOf.get(ingredient.name)!] as const))
  );
  const newAliases = [...wantedAliases].filter(([alias]) => !storedAliases.has(alias));
  const movedAliases = [...wantedAliases].filter(
    ([alias, id]) => storedAliases.has(alias) && storedAliases.get(alias) !== id
  );
  const catalogueIds = new Set(wantedAliases.values());
  const staleAliases = [...storedAliases].filter(([alias, id]) => catalogueIds.has(id) && !wantedAliases.has(alias));
  written += newAliases.length + movedAliases.length + staleAliases.length;
  await prisma.$transaction([
    prisma.ingredientAlias.createMany({ data: newAliases.map(([alias, ingredientId]) => ({ alias, ingredientId })) }),
    ...movedAliases.map(([alias, ingredientId]) =>
      prisma.ingredientAlias.update({ where: { alias }, data: { ingredientId } })
    ),
    prisma.ingredientAlias.deleteMany({ where: { alias: { in: staleAliases.map(([alias]) => alias) } } }),
  ]);
  if (written > 0) forgetCatalogue();
  return written;
}

export interface SeedSummary {
  ingredientRowsWritten: number;
  recipesCreated: number;
  recipesWithProblems: number;
}

export async function seed(): Promise<SeedSummary> {
  const ingredientRowsWritten = await seedIngredients();
  const saved = await saveRecipes(readStarterDrafts());
  return {
    ingredientRowsWritten,
    recipesCreated: saved.filter((recipe) => recipe.created).length,
    recipesWithProblems: saved.filter((recipe) => recipe.problems.length > 0).length,
  };
}

async function main() {
  const started = performance.now();
  await applyMigrations();
  const summary = await seed();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded in ${seconds} s: ${summary.ingredientRowsWritten} ingredient and alias rows written, ` +
      `${summary.recipesCreated} recipes created, ${summary.recipesWithProblems} with problems (see npm run recipes:check).`
  );
  await prisma.$disconnect();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
