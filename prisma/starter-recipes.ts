/**
 * The starter cookbook: prisma/data/recipes/<cuisine>.json (format in the recipe-writing brief),
 * read as drafts for the recipe store.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RecipeDraft, RecipeDraftLine } from "~/domain/recipe-analysis";

type StarterLine = [name: string, quantity: string, note?: string];

export interface StarterRecipe {
  name: string;
  cuisine: string;
  occasions: string[];
  prepTime: number;
  cookingTime: number;
  servings: number;
  description: string;
  ingredients: StarterLine[];
  seasonings: StarterLine[];
  steps: string[];
  tips: string[];
}

const STARTER_RECIPES_DIRECTORY = path.join(path.dirname(fileURLToPath(import.meta.url)), "data", "recipes");

export interface StarterFile {
  file: string;
  recipes: StarterRecipe[];
}

export function readStarterFiles(): StarterFile[] {
  return readdirSync(STARTER_RECIPES_DIRECTORY)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      file,
      recipes: JSON.parse(readFileSync(path.join(STARTER_RECIPES_DIRECTORY, file), "utf8")) as StarterRecipe[],
    }));
}

function toDraftLine([name, quantity, note]: StarterLine, seasoning: boolean): RecipeDraftLine {
  return note ? { name, quantity, note, seasoning } : { name, quantity, seasoning };
}

export function starterDraft(recipe: StarterRecipe): RecipeDraft {
  return {
    name: recipe.name,
    description: recipe.description,
    cuisines: [recipe.cuisine],
    occasions: recipe.occasions,
    prepTime: recipe.prepTime,
    cookingTime: recipe.cookingTime,
    servings: recipe.servings,
    ingredients: [
      ...(recipe.ingredients ?? []).map((line) => toDraftLine(line, false)),
      ...(recipe.seasonings ?? []).map((line) => toDraftLine(line, true)),
    ],
    steps: recipe.steps,
    tips: recipe.tips,
    origin: "starter",
  };
}

export function readStarterDrafts(): RecipeDraft[] {
  return readStarterFiles().flatMap(({ recipes }) => recipes.map(starterDraft));
}
