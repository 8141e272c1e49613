/**
 * Copy Me That's export: one recipes.html holding every recipe as <div class="recipe"> with elements named by id and
 * class (name, original_link, recipeYield, recipeIngredient, instruction, recipeNote, recipeCategory), photos under
 * images/. Read with one pass over the tags: an unclosed element ends the reading, never a rescan.
 */
import type { RawEntry, RawRecipe } from "../draft";
import { cleanText, decodeEntities } from "../fields";

export const isCopyMeThat = (html: string) =>
  /copymethat_class_id_version|class\s*=\s*"recipeIngredient"/i.test(html.slice(0, 200_000));

const OPEN_TAG = /<([a-z][a-z0-9]*)\b([^<>]*)>/gi;
const NAMED = /\b(id|class)\s*=\s*"([^"]*)"/gi;
const ATTRIBUTE = (name: string) => new RegExp(String.raw`\b${name}\s*=\s*"([^"]*)"`, "i");

interface Element {
  name: string;
  text: string;
  attributes: string;
}

/** The elements with an id or class, with the text up to their closing tag (the same tag name, not nested). */
function namedElements(html: string): Element[] {
  const elements: Element[] = [];
  const lower = html.toLowerCase();
  for (const tag of html.matchAll(OPEN_TAG)) {
    const names = [...tag[2].matchAll(NAMED)].map((match) => match[2].trim());
    if (names.length === 0) continue;
    const start = tag.index + tag[0].length;
    const isVoid = /^(?:img|br|hr|input|meta)$/i.test(tag[1]);
    const end = isVoid ? start : lower.indexOf(`</${tag[1].toLowerCase()}`, start);
    if (end < 0) break;
    for (const name of names) elements.push({ name, text: html.slice(start, end), attributes: tag[2] });
  }
  return elements;
}

export function fromCopyMeThat(html: string): { raw: RawRecipe; photo: string | null }[] {
  const recipes: { raw: RawRecipe; photo: string | null }[] = [];
  let current: { raw: RawRecipe; photo: string | null; categories: string[] } | null = null;
  for (const element of namedElements(html)) {
    if (element.name === "recipe") {
      current = { raw: { name: "", ingredientLines: [], steps: [], tips: [] }, photo: null, categories: [] };
      current.raw.cuisines = current.raw.occasions = current.categories;
      recipes.push(current);
      continue;
    }
    if (!current) continue;
    const value = cleanText(element.text);
    const { raw } = current;
    const entries: Record<string, () => void> = {
      name: () => (raw.name = value),
      description: () => (raw.description = value),
      original_link: () => (raw.sourceUrl = decodeEntities(element.attributes.match(ATTRIBUTE("href"))?.[1] ?? "")),
      recipeImage: () => (current!.photo = decodeEntities(element.attributes.match(ATTRIBUTE("src"))?.[1] ?? "")),
      recipeYield: () => (raw.yields = value),
      recipeCategory: () => current!.categories.push(value),
      recipeIngredient: () => raw.ingredientLines.push(value),
      recipeIngredient_subheader: () => raw.ingredientLines.push({ heading: value } as RawEntry),
      instruction: () => raw.steps.push(value),
      instruction_subheader: () => raw.steps.push({ heading: value }),
      recipeNote: () => raw.tips!.push(value),
    };
    if (value || element.name === "recipeImage" || element.name === "original_link")
      if (Object.hasOwn(entries, element.name)) entries[element.name]();
  }
  return recipes;
}
