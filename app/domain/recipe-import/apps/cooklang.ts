/**
 * Cooklang (.cook): `>> key: value` metadata (or YAML-like front matter), steps as paragraphs in which
 * `@name{quantity%unit}` marks an ingredient, `#pot{}` cookware and `~{25%minutes}` a timer; `-- ` and `[- -]` are
 * comments; `= Section` starts a section.
 */
import type { RawEntry, RawRecipe } from "../draft";
import { tagNames } from "./exported";

/** An ingredient, cookware or timer: @multi word name{...}, @word, #pan{}, ~name{25%min}. */
const MARK = /([@#~])(?:([^@#~{}\n]*?)\{([^{}\n]*)\}|([\p{L}\p{N}_-]+))/gu;
const METADATA = /^>>\s*([^:\n]+):\s*(.*)$/;
const SECTION = /^=+\s*(.*?)\s*=*$/;

export const isCooklang = (text: string) =>
  /^>>\s*[^:\n]+:/m.test(text) || /@[^@{}\n]+\{[^{}\n]*\}/.test(text.slice(0, 100_000));

function quantityText(inside: string): string {
  const [quantity, unit] = inside.split("%").map((part) => part.trim());
  return [quantity === "" ? "" : quantity, unit ?? ""].filter(Boolean).join(" ");
}

export function fromCooklang(text: string, fileName: string): RawRecipe {
  const metadata: Record<string, string> = {};
  const ingredientLines: RawEntry[] = [];
  const steps: RawEntry[] = [];
  const withoutComments = text.replace(/\r\n?/g, "\n").replace(/\[-[\s\S]*?-\]/g, "");
  let body = withoutComments;
  const front = withoutComments.match(/^---\n([\s\S]*?)\n---\n/);
  if (front) {
    for (const line of front[1].split("\n")) {
      const pair = line.match(/^([^:]+):\s*(.*)$/);
      if (pair) metadata[pair[1].trim().toLowerCase()] = pair[2].trim();
    }
    body = withoutComments.slice(front[0].length);
  }
  // paragraphs are steps; a section line starts a section of both lists
  const blocks: ({ section: string } | string[])[] = [[]];
  for (const rawLine of body.split("\n")) {
    const line = rawLine.replace(/(?:^|\s)--.*$/, "").trim();
    const meta = line.match(METADATA);
    const section = line.match(SECTION);
    if (meta) metadata[meta[1].trim().toLowerCase()] = meta[2].trim();
    else if (section) blocks.push({ section: section[1] }, []);
    else if (line) (blocks.at(-1) as string[]).push(line);
    else blocks.push([]);
  }
  for (const block of blocks) {
    if (!Array.isArray(block)) {
      if (block.section) {
        ingredientLines.push({ heading: block.section });
        steps.push({ heading: block.section });
      }
      continue;
    }
    if (block.length === 0) continue;
    const step = block.join(" ").replace(MARK, (_match, sign: string, named, inside, word) => {
      const name = (named ?? word ?? "").trim();
      const amount = inside === undefined ? "" : quantityText(inside);
      if (sign === "@" && name) ingredientLines.push([amount, name].filter(Boolean).join(" "));
      return sign === "~" ? amount || name : name;
    });
    steps.push(step.replace(/\s+([.,;!?])/g, "$1").trim());
  }
  const tags = tagNames(metadata.tags?.replace(/^\[|\]$/g, ""));
  return {
    name: metadata.title || fileName.replace(/^.*\//, "").replace(/\.cook$/i, ""),
    description: metadata.description,
    cuisines: [...tags, metadata.cuisine ?? ""],
    occasions: [...tags, metadata.course ?? "", metadata.category ?? ""],
    prepTime: metadata["prep time"] ?? metadata["time.prep"],
    cookingTime: metadata["cook time"] ?? metadata["time.cook"],
    totalTime: metadata.time ?? metadata.duration ?? metadata["total time"],
    yields: metadata.servings ?? metadata.serves ?? metadata.yield,
    ingredientLines,
    steps,
    sourceUrl: metadata.source ?? metadata["source.url"],
  };
}
