/**
 * What the app computes from a recipe as written: each line resolved against the catalogue, nutrition per
 * serving, the diet tags the rules can decide, and the problems that keep those figures from being trusted.
 * Shared by the seed, the cookbook checker and the recipe importer.
 */
import type { Catalogue, CatalogueIngredient } from "./catalogue";
import type { DietaryPreference } from "./constants";
import { dietaryPreferencesOf } from "./diet-rules";
import { MISCELLANEOUS_TYPE, OTHER_TYPE, type DisplayType } from "./ingredient-types";
import { recipeNutrition, type Nutrition } from "./nutrition";
import { AMOUNTLESS_QUANTITIES, parseQuantity, toGrams, unitOf } from "./quantity";

export type RecipeOrigin = "starter" | "imported" | "generated" | "user";

export interface RecipeDraftLine {
  name: string;
  quantity: string;
  note?: string;
  /** seasonings, spices, cooking oils, sauces and dressings: the "Seasoning/Dressing" grid */
  seasoning?: boolean;
  /** heading of the group of lines it belongs to ("For the sauce") */
  section?: string;
}

export interface RecipeDraft {
  name: string;
  description?: string;
  cuisines: string[];
  occasions: string[];
  prepTime?: number | null;
  cookingTime?: number | null;
  /** minutes from start to table, kept only when it is more than prep + cooking (resting, rising) */
  totalTime?: number | null;
  servings?: number | null;
  ingredients: RecipeDraftLine[];
  steps: string[];
  /** the heading each step stands under, parallel to steps (null before the first heading) */
  stepSections?: (string | null)[];
  tips: string[];
  image?: string | null;
  origin: RecipeOrigin;
  sourceUrl?: string | null;
  importedById?: number | null;
  /** a user's recipe shown to everyone (else theirs alone); recipes without importedById are everyone's */
  shared?: boolean;
}

export interface ResolvedLine {
  /** the name as written */
  name: string;
  /** quantity text, with the note after a comma: "3, separated" */
  quantity: string;
  type: DisplayType;
  ingredient: CatalogueIngredient | null;
  /** weight of the line, when the quantity and the catalogue tell it */
  grams: number | null;
}

export type RecipeProblemKind =
  | "unmatched ingredient"
  | "unparseable quantity"
  | "unknown unit"
  | "no weight for this unit"
  | "no amount"
  | "duplicate ingredient"
  | "no ingredients"
  | "empty step"
  | "no steps"
  | "no servings";

export interface RecipeProblem {
  kind: RecipeProblemKind;
  message: string;
}

export interface RecipeAnalysis {
  lines: ResolvedLine[];
  /** null when no line could be weighed */
  nutrition: Nutrition | null;
  diets: DietaryPreference[];
  problems: RecipeProblem[];
}

const NO_AMOUNT_NEEDED = new RegExp(`^(${AMOUNTLESS_QUANTITIES.join("|")})$`, "i");

function quantityProblem(line: RecipeDraftLine): RecipeProblem | null {
  const text = line.quantity.trim();
  const quantity = parseQuantity(text);
  const where = `"${line.name}" (${text || "no quantity"})`;
  if (quantity.amount === null) {
    if (!NO_AMOUNT_NEEDED.test(text)) return { kind: "unparseable quantity", message: `${where}: no amount` };
    return line.seasoning ? null : { kind: "no amount", message: `${where}: a main ingredient needs an amount` };
  }
  const unitWord = text
    .replace(/\([^()]*\)/g, " ")
    .replace(/^[\d\s./½⅓⅔¼¾⅛-]+/, "")
    .split(/\s+/)[0];
  if (unitWord && unitOf(unitWord) === null)
    return { kind: "unknown unit", message: `${where}: unknown unit "${unitWord}"` };
  return null;
}

function describeLine(line: RecipeDraftLine): string {
  return line.note ? `${line.quantity}, ${line.note}` : line.quantity;
}

export function analyzeRecipe(draft: RecipeDraft, catalogue: Catalogue): RecipeAnalysis {
  const problems: RecipeProblem[] = [];
  const seen = new Set<string>();
  const lines: ResolvedLine[] = draft.ingredients.map((line) => {
    const ingredient = catalogue.match(line.name);
    const key = line.name.trim().toLowerCase();
    if (seen.has(key)) problems.push({ kind: "duplicate ingredient", message: `"${line.name}" is listed twice` });
    seen.add(key);
    if (!ingredient) problems.push({ kind: "unmatched ingredient", message: `"${line.name}" is not in the catalogue` });
    const quantityIssue = quantityProblem(line);
    if (quantityIssue) problems.push(quantityIssue);
    const quantity = parseQuantity(line.quantity);
    const grams = ingredient && quantity.amount !== null ? toGrams(quantity, ingredient.unitWeights) : null;
    if (ingredient && !quantityIssue && quantity.amount !== null && grams === null) {
      problems.push({
        kind: "no weight for this unit",
        message: `"${line.name}" (${line.quantity}): the catalogue has no weight for this unit`,
      });
    }
    const type: DisplayType = line.seasoning ? MISCELLANEOUS_TYPE : ingredient?.type ?? OTHER_TYPE;
    return { name: line.name, quantity: describeLine(line), type, ingredient, grams };
  });
  if (lines.length === 0) problems.push({ kind: "no ingredients", message: "the recipe has no ingredients" });
  if (draft.steps.length === 0) problems.push({ kind: "no steps", message: "the recipe has no steps" });
  draft.steps.forEach((step, index) => {
    if (!step.trim()) problems.push({ kind: "empty step", message: `step ${index + 1} is empty` });
  });
  if (!draft.servings || draft.servings < 1)
    problems.push({ kind: "no servings", message: "the number of servings is missing" });

  const weighed = lines.filter((line) => line.grams !== null);
  const nutrition =
    weighed.length === 0
      ? null
      : recipeNutrition(
          draft.ingredients.map(({ name, quantity }) => ({ name, quantity })),
          draft.servings ?? 1,
          catalogue
        ).perServing;
  // An unknown ingredient could be anything, so no rule can decide; an unweighed one only spoils the figures.
  const everyLineKnown = lines.every((line) => line.ingredient !== null);
  const everyAmountWeighed = problems.every((problem) => problem.kind !== "no weight for this unit");
  const diets = everyLineKnown
    ? dietaryPreferencesOf(
        lines.map((line) => line.ingredient!),
        everyAmountWeighed ? nutrition : null
      )
    : [];
  return { lines, nutrition, diets, problems };
}
