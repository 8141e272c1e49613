/**
 * Chowdown (a Jekyll recipe site): `_recipes/*.md` whose YAML front matter holds title, image, tags, ingredients and
 * directions (lists, or maps of section → list). The front matter is read by the yaml library with its own limits.
 */
import { parse } from "yaml";
import type { RawEntry, RawRecipe } from "../draft";
import { tagNames } from "./exported";

const FRONT_MATTER = /^\ufeff?---\s*\n([\s\S]*?)\n---\s*(?:\n|$)/;

type Fields = Record<string, unknown>;

function frontMatterOf(text: string): Fields | null {
  const block = text.replace(/\r\n?/g, "\n").match(FRONT_MATTER)?.[1];
  if (!block) return null;
  try {
    const fields: unknown = parse(block, { maxAliasCount: 10, uniqueKeys: false });
    return typeof fields === "object" && fields !== null && !Array.isArray(fields) ? (fields as Fields) : null;
  } catch {
    return null;
  }
}

export function isChowdown(text: string): boolean {
  const fields = frontMatterOf(text);
  return fields !== null && "ingredients" in fields && "directions" in fields;
}

/** A list of texts, or sections: [{"For the dough": [...]}] or {"For the dough": [...]}. */
function entries(value: unknown, depth = 0): RawEntry[] {
  if (depth > 3) return [];
  if (typeof value === "string" || typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => entries(item, depth + 1));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([heading, items]) => [{ heading }, ...entries(items, depth + 1)]);
  }
  return [];
}

export function fromChowdown(text: string): { raw: RawRecipe; photo: string | null } | null {
  const fields = frontMatterOf(text);
  if (!fields) return null;
  const tags = tagNames(fields.tags);
  return {
    raw: {
      name: fields.title,
      cuisines: tags,
      occasions: tags,
      prepTime: fields.prep,
      cookingTime: fields.cook,
      yields: fields.servings ?? fields.yield,
      ingredientLines: entries(fields.ingredients),
      steps: entries(fields.directions),
      sourceUrl: fields.source ?? fields.source_url,
    },
    photo: typeof fields.image === "string" ? fields.image : null,
  };
}
