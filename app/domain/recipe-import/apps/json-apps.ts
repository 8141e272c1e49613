/**
 * The JSON of recipe apps' exports: Paprika (.paprikarecipe), Mealie backups, Tandoor exports. Nextcloud Cookbook's
 * recipe.json is schema.org and read by the JSON-LD reader (export-file.ts). Each is recognised by its fields.
 */
import type { RawEntry, RawRecipe } from "../draft";
import { tagNames, textLines } from "./exported";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const first = (json: Json, ...keys: string[]) =>
  keys.map((key) => json[key]).find((value) => value != null && value !== "");

export const isPaprika = (json: unknown): json is Json =>
  isObject(json) && typeof json.name === "string" && typeof json.ingredients === "string" && "directions" in json;

export const isMealie = (json: unknown): json is Json =>
  isObject(json) &&
  typeof json.name === "string" &&
  ("recipe_ingredient" in json || ("slug" in json && "recipeIngredient" in json));

export const isTandoor = (json: unknown): json is Json =>
  isObject(json) &&
  typeof json.name === "string" &&
  Array.isArray(json.steps) &&
  json.steps.some((step) => isObject(step) && "instruction" in step);

/** Paprika's photo, embedded as base64 in photo_data. */
function base64Bytes(value: unknown): Uint8Array | null {
  if (typeof value !== "string" || value.length < 16) return null;
  return new Uint8Array(Buffer.from(value, "base64"));
}

export function fromPaprika(json: Json): { raw: RawRecipe; photo: Uint8Array | null } {
  const categories = tagNames(json.categories);
  return {
    raw: {
      name: json.name,
      description: json.description,
      cuisines: categories,
      occasions: categories,
      prepTime: json.prep_time,
      cookingTime: json.cook_time,
      totalTime: json.total_time,
      yields: json.servings,
      ingredientLines: textLines(json.ingredients),
      steps: textLines(json.directions),
      tips: textLines(json.notes),
      sourceUrl: json.source_url,
    },
    photo: base64Bytes(json.photo_data),
  };
}

/** A Mealie ingredient: its display text, or quantity, unit, food and note; a title starts a section. */
function mealieLine(item: unknown): RawEntry[] {
  if (typeof item === "string") return [item];
  if (!isObject(item)) return [];
  const heading = text(item.title) ? [{ heading: text(item.title) }] : [];
  const name = (value: unknown) => (isObject(value) ? text(value.name) : text(value));
  const composed =
    item.disable_amount === false || (item.disable_amount === undefined && item.food)
      ? [item.quantity || "", name(item.unit), name(item.food), text(item.note)].map(text).filter(Boolean).join(" ")
      : "";
  const line = text(item.display) || composed || text(item.note) || text(item.originalText);
  return [...heading, ...(line ? [line] : [])];
}

/** Mealie steps ({title, text}); a title starts a section. */
function titledSteps(items: unknown[], textKey: string): RawEntry[] {
  return items.flatMap((item) => {
    if (typeof item === "string") return [item];
    if (!isObject(item)) return [];
    const heading = text(item.title) ? [{ heading: text(item.title) }] : [];
    return [...heading, ...textLines(item[textKey])];
  });
}

export function fromMealie(json: Json): RawRecipe {
  const tags = [...tagNames(first(json, "recipe_category", "recipeCategory")), ...tagNames(json.tags)];
  return {
    name: json.name,
    description: json.description,
    cuisines: tags,
    occasions: tags,
    prepTime: first(json, "prep_time", "prepTime"),
    cookingTime: first(json, "perform_time", "performTime", "cook_time", "cookTime"),
    totalTime: first(json, "total_time", "totalTime"),
    yields: first(json, "recipe_yield", "recipeYield", "recipeServings"),
    ingredientLines: list(first(json, "recipe_ingredient", "recipeIngredient")).flatMap(mealieLine),
    steps: titledSteps(list(first(json, "recipe_instructions", "recipeInstructions")), "text"),
    tips: list(json.notes).flatMap((note) => (isObject(note) ? textLines(note.text) : textLines(note))),
    sourceUrl: first(json, "org_url", "orgURL"),
  };
}

/** A Tandoor ingredient: amount, unit, food and note, or a header line. */
function tandoorLine(item: unknown): RawEntry[] {
  if (!isObject(item)) return [];
  const name = (value: unknown) => (isObject(value) ? text(value.name) : "");
  if (item.is_header) return [{ heading: text(item.note) || name(item.food) }].filter((entry) => entry.heading);
  const amount = item.no_amount || !Number(item.amount) ? "" : text(item.amount);
  const note = text(item.note);
  const line = [amount, name(item.unit), name(item.food)].filter(Boolean).join(" ") + (note ? `, ${note}` : "");
  return line ? [line] : [];
}

/** Tandoor keeps where a recipe came from in a step, under "### Source". */
const TANDOOR_SOURCE = /^#+\s*source\b/im;

export function fromTandoor(json: Json): RawRecipe {
  const steps = list(json.steps).filter(isObject);
  const sourceNote = steps.map((step) => text(step.instruction).split(TANDOOR_SOURCE)[1]).find(Boolean);
  const keywords = tagNames(json.keywords);
  const working = Number(json.working_time) || 0;
  const waiting = Number(json.waiting_time) || 0;
  return {
    name: json.name,
    description: json.description,
    cuisines: keywords,
    occasions: keywords,
    prepTime: working || null,
    totalTime: working + waiting || null,
    yields: json.servings,
    // a step's ingredients stand under its name; once one step is named, an unnamed one is called by its number
    ingredientLines: steps.flatMap((step, index) => {
      const lines = list(step.ingredients).flatMap(tandoorLine);
      const named = steps.slice(0, index).some((earlier) => text(earlier.name));
      const heading = text(step.name) || (named ? `Step ${index + 1}` : "");
      return heading && lines.length > 0 ? [{ heading }, ...lines] : lines;
    }),
    steps: steps.flatMap((step) => [
      ...(text(step.name) ? [{ heading: text(step.name) }] : []),
      ...textLines(text(step.instruction).split(TANDOOR_SOURCE)[0]),
    ]),
    sourceUrl: text(json.source_url) || sourceNote?.match(/https?:\/\/\S+/)?.[0],
  };
}
