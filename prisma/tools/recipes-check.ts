/**
 * Validates the starter cookbook offline (no database): every line resolves to a catalogue entry, quantities
 * parse with the units the recipe brief allows, steps and tips are there, nutrition adds up, and every
 * cuisine, occasion and diet has enough recipes; every catalogue ingredient has shelf-life figures, and those
 * without a USDA FoodKeeper product (on their type's default) are listed. Prints the counts and every problem;
 * exits 1 on any problem.
 *
 *   npm run recipes:check
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalogue } from "~/domain/catalogue";
import { getCatalogue } from "~/domain/catalogue-data";
import { CUISINES, DIETARY_PREFERENCES, MEAL_OCCASIONS } from "~/domain/constants";
import { analyzeRecipe, type RecipeAnalysis } from "~/domain/recipe-analysis";
import { parseQuantity, type Unit } from "~/domain/quantity";
import { isStorage, STORAGES } from "~/domain/shelf-life";
import { readStarterFiles, starterDraft, type StarterRecipe } from "../starter-recipes";

export const MIN_RECIPES = 300;
export const MIN_PER_TAG = 8;
const ALLOWED_UNITS = new Set<Unit>([
  "g",
  "kg",
  "ml",
  "l",
  "cup",
  "tbsp",
  "tsp",
  "pinch",
  "clove",
  "slice",
  "piece",
  "can",
  "handful",
  "bunch",
  "sprig",
  "stalk",
  "leaf",
]);
const STEPS = { min: 4, max: 9 };
const TIPS = { min: 1, max: 3 };
/** Label energy may differ from 4/4/9 kcal per gram (fibre, alcohol, rounding), but not by more than this. */
const ENERGY_TOLERANCE = { kcal: 60, share: 0.25 };

export interface CookbookReport {
  total: number;
  byCuisine: Record<string, number>;
  byOccasion: Record<string, number>;
  byDiet: Record<string, number>;
  /** "<file>: <recipe>: <problem>" */
  problems: string[];
  analyses: Map<string, RecipeAnalysis>;
}

function countOf(values: readonly string[]): Record<string, number> {
  return Object.fromEntries(values.map((value) => [value, 0]));
}

function formatProblems(recipe: StarterRecipe, analysis: RecipeAnalysis, catalogue: Catalogue): string[] {
  const found = analysis.problems.map((problem) => problem.message);
  if (!(CUISINES as readonly string[]).includes(recipe.cuisine)) found.push(`unknown cuisine "${recipe.cuisine}"`);
  if (!recipe.occasions?.length) found.push("no occasion");
  for (const occasion of recipe.occasions ?? []) {
    if (!(MEAL_OCCASIONS as readonly string[]).includes(occasion)) found.push(`unknown occasion "${occasion}"`);
  }
  for (const [field, minimum] of [
    ["prepTime", 0],
    ["cookingTime", 0],
    ["servings", 1],
  ] as const) {
    const value = recipe[field];
    if (!Number.isInteger(value) || value < minimum) found.push(`${field} must be an integer of at least ${minimum}`);
  }
  if (!recipe.description?.trim()) found.push("no description");
  if (recipe.steps.length < STEPS.min || recipe.steps.length > STEPS.max) {
    found.push(`${recipe.steps.length} steps (${STEPS.min}-${STEPS.max} wanted)`);
  }
  if (recipe.tips.length < TIPS.min || recipe.tips.length > TIPS.max || recipe.tips.some((tip) => !tip.trim())) {
    found.push(`${recipe.tips.length} tips (${TIPS.min}-${TIPS.max} non-empty wanted)`);
  }
  for (const [name, quantity] of [...(recipe.ingredients ?? []), ...(recipe.seasonings ?? [])]) {
    if (name !== name.trim().toLowerCase()) found.push(`"${name}" must be a plain lowercase name`);
    const guess = catalogue.find(name) ? null : catalogue.match(name);
    if (guess) found.push(`"${name}" is only a near miss of "${guess.name}": use a catalogue name or add an alias`);
    const { unit } = parseQuantity(quantity);
    if (unit !== null && !ALLOWED_UNITS.has(unit)) {
      found.push(`"${name}" (${quantity}): use one of the cookbook's units, not "${unit}"`);
    }
  }
  const nutrition = analysis.nutrition;
  if (!nutrition || nutrition.calories <= 0) found.push("no nutrition could be computed");
  else {
    const fromMacros = 4 * nutrition.protein + 4 * nutrition.carbohydrates + 9 * nutrition.fat;
    const gap = Math.abs(fromMacros - nutrition.calories);
    if (gap > Math.max(ENERGY_TOLERANCE.kcal, ENERGY_TOLERANCE.share * nutrition.calories)) {
      found.push(`${nutrition.calories} kcal per serving but the macronutrients give ${Math.round(fromMacros)} kcal`);
    }
  }
  return found;
}

export function checkCookbook(): CookbookReport {
  const catalogue = getCatalogue();
  const report: CookbookReport = {
    total: 0,
    byCuisine: countOf(CUISINES),
    byOccasion: countOf(MEAL_OCCASIONS),
    byDiet: countOf(DIETARY_PREFERENCES),
    problems: [],
    analyses: new Map(),
  };
  const fileOfName = new Map<string, string>();
  for (const { file, recipes } of readStarterFiles()) {
    for (const recipe of recipes) {
      const where = `${file}: ${recipe.name}`;
      const key = recipe.name.trim().toLowerCase();
      if (fileOfName.has(key)) report.problems.push(`${where}: the name is also used in ${fileOfName.get(key)}`);
      fileOfName.set(key, file);
      const analysis = analyzeRecipe(starterDraft(recipe), catalogue);
      report.analyses.set(recipe.name, analysis);
      report.problems.push(...formatProblems(recipe, analysis, catalogue).map((problem) => `${where}: ${problem}`));
      report.total++;
      if (recipe.cuisine in report.byCuisine) report.byCuisine[recipe.cuisine]++;
      for (const occasion of recipe.occasions ?? []) if (occasion in report.byOccasion) report.byOccasion[occasion]++;
      for (const diet of analysis.diets) report.byDiet[diet]++;
    }
  }
  if (report.total < MIN_RECIPES) report.problems.push(`only ${report.total} recipes (${MIN_RECIPES} wanted)`);
  for (const [kind, counts] of [
    ["cuisine", report.byCuisine],
    ["occasion", report.byOccasion],
    ["diet", report.byDiet],
  ] as const) {
    for (const [value, count] of Object.entries(counts)) {
      if (count < MIN_PER_TAG) report.problems.push(`${kind} "${value}" has ${count} recipes (${MIN_PER_TAG} wanted)`);
    }
  }
  return report;
}

export interface ShelfLifeReport {
  /** ingredients whose figures are their type's default (FoodKeeper has no product for them) */
  onTypeDefault: string[];
  problems: string[];
}

/** Which catalogue ingredients lack a FoodKeeper figure, and any whose figures are unusable. */
export function checkShelfLife(catalogue: Catalogue = getCatalogue()): ShelfLifeReport {
  const report: ShelfLifeReport = { onTypeDefault: [], problems: [] };
  for (const ingredient of catalogue.ingredients) {
    const { shelfLife } = ingredient;
    const days = STORAGES.map((storage) => shelfLife?.[storage]);
    if (!shelfLife || !isStorage(shelfLife.storage) || days.some((value) => !Number.isInteger(value) || value! < 0)) {
      report.problems.push(`${ingredient.name}: no usable shelf life`);
    } else if (ingredient.foodKeeperId === null) report.onTypeDefault.push(ingredient.name);
    if (ingredient.parent !== null && !catalogue.byName(ingredient.parent)) {
      report.problems.push(`${ingredient.name}: parent "${ingredient.parent}" is not in the catalogue`);
    }
  }
  return report;
}

function printCounts(title: string, counts: Record<string, number>) {
  console.log(`\n${title}`);
  for (const [value, count] of Object.entries(counts)) console.log(`  ${value.padEnd(22)} ${count}`);
}

function main() {
  const report = checkCookbook();
  console.log(`${report.total} recipes`);
  printCounts("Per cuisine", report.byCuisine);
  printCounts("Per occasion", report.byOccasion);
  printCounts("Per diet", report.byDiet);
  const shelfLife = checkShelfLife();
  const onDefault = shelfLife.onTypeDefault.length;
  console.log(`\nShelf life: ${onDefault} ingredient(s) without a FoodKeeper figure, on their type's default:`);
  console.log(`  ${shelfLife.onTypeDefault.join(", ")}`);
  const problems = [...report.problems, ...shelfLife.problems];
  console.log(`\n${problems.length} problem(s)`);
  for (const problem of problems) console.log(`  ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
