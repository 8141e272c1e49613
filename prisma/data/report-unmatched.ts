/**
 * Lists ingredient and seasoning names in prisma/data/recipes/*.json that do not resolve to a catalogue
 * entry exactly (as a name, plural or synonym), with how many recipes use each and what the fuzzy
 * matcher would guess. Exits with status 1 when any name is unmatched.
 *
 *   npx tsx prisma/data/report-unmatched.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { createCatalogue, type CatalogueIngredient } from "../../app/domain/catalogue";
import ingredients from "./ingredients.json" with { type: "json" };

type RecipeLine = [name: string, quantity: string, note?: string];
interface RecipeFile {
  name: string;
  ingredients?: RecipeLine[];
  seasonings?: RecipeLine[];
}

const recipesDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "recipes");
const catalogue = createCatalogue(ingredients as CatalogueIngredient[]);

const unmatched = new Map<string, Set<string>>();
let lineCount = 0;
for (const file of readdirSync(recipesDirectory).filter((name) => name.endsWith(".json")).sort()) {
  const recipes: RecipeFile[] = JSON.parse(readFileSync(path.join(recipesDirectory, file), "utf8"));
  for (const recipe of recipes) {
    for (const [name] of [...(recipe.ingredients ?? []), ...(recipe.seasonings ?? [])]) {
      lineCount++;
      if (catalogue.find(name)) continue;
      const users = unmatched.get(name) ?? new Set();
      users.add(`${file}: ${recipe.name}`);
      unmatched.set(name, users);
    }
  }
}

const rows = [...unmatched].sort(([, a], [, b]) => b.size - a.size);
for (const [name, users] of rows) {
  const guess = catalogue.match(name)?.name ?? "no match";
  console.log(`${name}\t${users.size} recipe(s)\tmatcher guess: ${guess}\te.g. ${[...users][0]}`);
}
console.log(`${rows.length} unmatched name(s) across ${lineCount} recipe lines.`);
process.exitCode = rows.length > 0 ? 1 : 0;
