/** The JSON shape of the recipe-scrapers project: title, ingredients, instructions_list, yields, times in minutes. */
import { buildDraft, type ParseResult } from "./draft";

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

export function isRecipeScrapersShape(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && "title" in value && Array.isArray((value as { ingredients?: unknown }).ingredients);
}

export function fromRecipeScrapers(json: unknown): ParseResult {
  if (!isRecipeScrapersShape(json)) return { ok: false, reason: "not a recipe-scrapers recipe (needs title and ingredients)" };
  const instructions = strings(json.instructions_list);
  const steps = instructions.length > 0 ? instructions : typeof json.instructions === "string" ? json.instructions.split(/\n+/) : [];
  return buildDraft({
    name: json.title,
    description: json.description,
    cuisines: json.cuisine,
    occasions: json.category,
    prepTime: json.prep_time,
    cookingTime: json.cook_time,
    totalTime: json.total_time,
    yields: json.yields,
    ingredientLines: strings(json.ingredients),
    steps,
    image: json.image,
    sourceUrl: json.canonical_url,
  });
}
