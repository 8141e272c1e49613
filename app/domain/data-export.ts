/**
 * What "Download my data" writes (decision 119): each of the cook's recipes as a schema.org Recipe (the JSON-LD
 * Nextcloud Cookbook keeps, which Mealie and Tandoor import, and our own importer reads back unchanged), the
 * household's pantry, shopping list and food log as CSV, the cook's reviews, favourites and meal plan as JSON.
 */
import { stringify } from "csv-stringify/sync";

export interface ExportedLine {
  name: string;
  /** the quantity as stored: the amount, then the note after a comma ("3, separated") */
  quantity: string;
  section: string | null;
}

export interface ExportedStep {
  text: string;
  section: string | null;
}

export interface RecipeForExport {
  name: string;
  description: string | null;
  prepTime: number | null;
  cookingTime: number | null;
  totalTime: number | null;
  servings: number | null;
  sourceUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  lines: ExportedLine[];
  steps: ExportedStep[];
  tips: string[];
  tags: { kind: string; value: string }[];
  /** the photo's file name beside the recipe's JSON, when it has one of its own */
  photo: string | null;
}

/** Minutes as an ISO 8601 duration: 90 → "PT1H30M". */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ""}${rest || !hours ? `${rest}M` : ""}`;
}

/** An ingredient line as a cook writes it: "2 cups flour", "3 eggs, separated", "salt". */
export function ingredientLineText({ name, quantity }: ExportedLine): string {
  const comma = quantity.indexOf(", ");
  const amount = comma === -1 ? quantity : quantity.slice(0, comma);
  const note = comma === -1 ? "" : quantity.slice(comma + 2);
  return [amount, name].filter(Boolean).join(" ") + (note ? `, ${note}` : "");
}

/**
 * recipeIngredient is a list of texts (all that Mealie and Tandoor read): a group's heading stands before its lines
 * as a line of its own, "For the sauce:", as recipe sites write it and as the line reader takes it back.
 */
function ingredientTexts(lines: readonly ExportedLine[]): string[] {
  const texts: string[] = [];
  let section: string | null = null;
  for (const line of lines) {
    if (line.section && line.section !== section) texts.push(`${line.section}:`);
    section = line.section;
    texts.push(ingredientLineText(line));
  }
  return texts;
}

type HowToStep = { "@type": "HowToStep"; text: string };
type HowToSection = { "@type": "HowToSection"; name?: string; itemListElement: HowToStep[] };
type HowToTip = { "@type": "HowToTip"; text: string };

/** Where tips go among steps in sections: a section of that name is read back as the recipe's tips. */
const TIPS_SECTION = "Notes";

/**
 * recipeInstructions as HowToStep. Mealie reads either a list of steps or a list of sections, not both mixed, so
 * when any step stands under a heading every run of steps is a HowToSection (one without a heading has no name)
 * and the tips are a "Notes" section; otherwise the steps are HowToSteps and the tips HowToTips after them.
 */
function instructions(
  steps: readonly ExportedStep[],
  tips: readonly string[]
): (HowToStep | HowToSection | HowToTip)[] {
  const step = (text: string): HowToStep => ({ "@type": "HowToStep", text });
  if (!steps.some((each) => each.section)) {
    return [...steps.map((each) => step(each.text)), ...tips.map((text): HowToTip => ({ "@type": "HowToTip", text }))];
  }
  const sections: HowToSection[] = [];
  steps.forEach(({ text, section }, index) => {
    if (index > 0 && steps[index - 1].section === section) sections.at(-1)!.itemListElement.push(step(text));
    else
      sections.push({ "@type": "HowToSection", ...(section ? { name: section } : {}), itemListElement: [step(text)] });
  });
  if (tips.length) sections.push({ "@type": "HowToSection", name: TIPS_SECTION, itemListElement: tips.map(step) });
  return sections;
}

const tagValues = (recipe: RecipeForExport, kind: string) =>
  recipe.tags.filter((tag) => tag.kind === kind).map((tag) => tag.value);

/** The whole time from start to table: the stored one, else preparation and cooking together. */
function wholeTime({ prepTime, cookingTime, totalTime }: RecipeForExport): number | null {
  if (totalTime) return totalTime;
  return prepTime || cookingTime ? (prepTime ?? 0) + (cookingTime ?? 0) : null;
}

/** A recipe as a schema.org Recipe document. */
export function recipeJsonLd(recipe: RecipeForExport): Record<string, unknown> {
  const total = wholeTime(recipe);
  const occasions = tagValues(recipe, "occasion");
  const keywords = [...occasions, ...tagValues(recipe, "diet")];
  return {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: recipe.name,
    // Tandoor's Nextcloud Cookbook import reads it without asking whether it is there
    description: recipe.description ?? "",
    ...(recipe.photo ? { image: recipe.photo } : {}),
    ...(recipe.sourceUrl ? { url: recipe.sourceUrl } : {}),
    ...(recipe.prepTime ? { prepTime: isoDuration(recipe.prepTime) } : {}),
    ...(recipe.cookingTime ? { cookTime: isoDuration(recipe.cookingTime) } : {}),
    ...(total ? { totalTime: isoDuration(total) } : {}),
    ...(recipe.servings ? { recipeYield: recipe.servings } : {}),
    ...(tagValues(recipe, "cuisine").length ? { recipeCuisine: tagValues(recipe, "cuisine") } : {}),
    ...(occasions.length ? { recipeCategory: occasions } : {}),
    ...(keywords.length ? { keywords: keywords.join(", ") } : {}),
    dateCreated: recipe.createdAt.toISOString(),
    dateModified: recipe.updatedAt.toISOString(),
    recipeIngredient: ingredientTexts(recipe.lines),
    recipeInstructions: instructions(recipe.steps, recipe.tips),
  };
}

/** Characters no file system takes in a name, and names Windows keeps for itself. */
const UNSAFE_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;
const RESERVED_NAME = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * The folder a recipe is written in, named after it (Tandoor finds a Nextcloud recipe's photo by its name), unique
 * in the export whatever two names have in common once cleaned.
 */
export function recipeFolderName(name: string, taken: Set<string>): string {
  // dots and spaces at either end: Windows drops them, and ".." is no folder of its own
  const cleaned = name
    .replace(UNSAFE_NAME, " ")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  let base = cleaned.slice(0, 100).trim();
  if (!base || RESERVED_NAME.test(base)) base = `Recipe ${base}`.trim();
  let folder = base;
  for (let copy = 2; taken.has(folder.toLowerCase()); copy++) folder = `${base} (${copy})`;
  taken.add(folder.toLowerCase());
  return folder;
}

/**
 * A CSV table with a header, as spreadsheets read it: every field that needs it quoted, quotes doubled, a
 * formula-looking text ("=SUM(…)") prefixed so that a spreadsheet shows it rather than runs it.
 */
export function csvTable(header: readonly string[], rows: readonly (string | number | null)[][]): string {
  const safe = (value: string | number | null) =>
    typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value ?? "";
  return stringify(
    rows.map((row) => row.map(safe)),
    { header: true, columns: [...header], record_delimiter: "windows", bom: true }
  );
}

export function exportReadme(username: string, made: Date, recipeFolders: number): string {
  return `Recipe Helper: the data of ${username}, downloaded ${made.toISOString().slice(0, 16).replace("T", " ")} UTC

Recipes/      ${recipeFolders} recipe(s) you imported or wrote, one folder each: recipe.json, a schema.org
              Recipe (JSON-LD), and full.jpg, its photo, when it has one of its own. Ingredient groups are
              lines ending in ":" ("For the sauce:"); step groups are HowToSection; tips are HowToTip.
pantry.csv         your household's pantry: name, amount, unit, where it is kept, added on, best before
shopping-list.csv  your household's shopping list
food-log.csv       what your household logged as used or thrown away, with its weight and CO2
reviews.json       your reviews: recipe, rating, comment, dates
favourites.json    the recipes you marked as favourites
meal-plan.json     your household's meal plan: day, meal, recipe, servings

Bringing the recipes back:
- Recipe Helper: upload this zip on "Import a recipe"; the recipes come back with their lines, groups, steps,
  times, servings, source, tags and photo. A recipe you have already (same title and source) is not added twice.
- Mealie and Tandoor: they read the Recipes folder as a Nextcloud Cookbook export. Zip the Recipes folder on its
  own and choose "Nextcloud Cookbook" in their import (Mealie: Data Migrations; Tandoor: Import).
- Any app that reads schema.org Recipe JSON-LD takes a recipe.json as it is.
`;
}
