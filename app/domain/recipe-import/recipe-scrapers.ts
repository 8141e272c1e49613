/** The JSON shape of the recipe-scrapers project: title, ingredients, instructions_list, yields, times in minutes. */
import { buildDraft, type ParseResult, type RawEntry } from "./draft";

/** A list of lines, given as an array or as one newline-separated string. */
function lines(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\n+/);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** `ingredient_groups` ({purpose, ingredients}[]) as lines under headings; null when there are none. */
function groupedLines(value: unknown): RawEntry[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.flatMap((group: { purpose?: unknown; ingredients?: unknown }) => {
    const heading = typeof group?.purpose === "string" && group.purpose.trim() ? [{ heading: group.purpose }] : [];
    return [...heading, ...lines(group?.ingredients)];
  });
}

export function isRecipeScrapersShape(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || !("title" in value)) return false;
  const { ingredients } = value as { ingredients?: unknown };
  return Array.isArray(ingredients) || typeof ingredients === "string";
}

export function fromRecipeScrapers(json: unknown): ParseResult {
  if (!isRecipeScrapersShape(json))
    return { ok: false, reason: "not a recipe-scrapers recipe (needs title and ingredients)" };
  const instructions = lines(json.instructions_list);
  const steps = instructions.length > 0 ? instructions : lines(json.instructions);
  return buildDraft({
    name: json.title,
    description: json.description,
    cuisines: json.cuisine,
    occasions: json.category,
    prepTime: json.prep_time,
    cookingTime: json.cook_time,
    totalTime: json.total_time,
    yields: json.yields,
    ingredientLines: groupedLines(json.ingredient_groups) ?? lines(json.ingredients),
    steps,
    image: json.image,
    sourceUrl: json.canonical_url,
  });
}
