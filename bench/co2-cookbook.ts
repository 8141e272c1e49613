/**
 * What "CO2 saved" amounts to on the starter cookbook: for every recipe, the kg CO2e per serving if every line
 * came from the cook's own list (the most a completion can record), through the same code as a completion.
 *
 *   npx tsx bench/co2-cookbook.ts
 */
import { getCatalogue } from "~/domain/catalogue-data";
import { co2SavedKg, pantryIngredientsUsed } from "~/domain/co2-saved";
import { readStarterDrafts } from "../prisma/starter-recipes";

const catalogue = getCatalogue();
const results = readStarterDrafts().map((draft) => {
  const lines = draft.ingredients.map(({ name, quantity }) => ({ name, quantity, catalogueName: null }));
  const everything = lines.map((line) => line.name);
  return {
    name: draft.name,
    perServing: co2SavedKg(lines, everything, catalogue) / (draft.servings ?? 1),
    counted: pantryIngredientsUsed(lines, everything, catalogue).length / lines.length,
  };
});
results.sort((a, b) => a.perServing - b.perServing);
const at = (share: number) => results[Math.floor(share * (results.length - 1))];
const kg = (value: number) => value.toFixed(2);
console.log(`${results.length} starter recipes; kg CO2e per serving with every ingredient from the cook's list:`);
console.log(
  `  min ${kg(at(0).perServing)}  median ${kg(at(0.5).perServing)}  p90 ${kg(at(0.9).perServing)}  max ${kg(
    at(1).perServing
  )} (${at(1).name})`
);
const counted = results.reduce((sum, result) => sum + result.counted, 0) / results.length;
console.log(
  `  lines weighed and with a CO2 figure: ${(counted * 100).toFixed(0)} % on average (the rest count as nothing)`
);
