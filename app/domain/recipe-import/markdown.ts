/**
 * Markdown recipes in the based.cooking style: YAML front matter (title, tags), an intro with
 * "Prep time / Cook time / Servings" bullets, then "## Ingredients", "## Directions" and optional notes.
 */
import { buildDraft, type ParseResult } from "./draft";

type Section = { heading: string; lines: string[] };

function unquote(value: string): string {
  return value.trim().replace(/^(["'])(.*)\1$/, "$2");
}

/** The few front-matter shapes recipes use: `key: value`, `key: ['a', 'b']` and `- item` lists. */
function frontMatter(block: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const line of block.split("\n")) {
    const item = line.match(/^\s*-\s+([\s\S]*)$/);
    if (item && listKey) {
      (fields[listKey] as string[]).push(unquote(item[1]));
      continue;
    }
    const pair = line.match(/^([A-Za-z_][\w-]*):\s*([\s\S]*)$/);
    if (!pair) continue;
    const [, key, value] = pair;
    listKey = null;
    if (value.startsWith("["))
      fields[key] = value
        .replace(/^\[|\]$/g, "")
        .split(",")
        .map(unquote)
        .filter(Boolean);
    else if (value === "") fields[(listKey = key)] = [];
    else fields[key] = unquote(value);
  }
  return fields;
}

/** Inline markdown to plain text: links, images, emphasis, code. */
function inline(text: string): string {
  return text
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, " ")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, "$2")
    .trim();
}

// [\s\S]* reaches the end at once, where `.` would stop at "\r" or U+2028 and backtrack over the whole line.
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+([\s\S]*)$/;

function listItems(lines: string[]): string[] {
  return lines.flatMap((line) => {
    const item = line.match(LIST_ITEM);
    return item ? [inline(item[1])] : [];
  });
}

/** Paragraphs and list items of a free-text section. */
function paragraphs(lines: string[]): string[] {
  return lines
    .map((line) => inline(line.replace(LIST_ITEM, "$1").replace(/^>\s?/, "")))
    .filter((line) => line && !line.startsWith("#"));
}

function sectionsOf(body: string): { intro: string[]; sections: Section[] } {
  const intro: string[] = [];
  const sections: Section[] = [];
  for (const line of body.split("\n")) {
    const heading = line.match(/^##\s+([\s\S]*)$/);
    if (heading) sections.push({ heading: heading[1].trim().toLowerCase(), lines: [] });
    else (sections.at(-1)?.lines ?? intro).push(line);
  }
  return { intro, sections };
}

function linesOf(sections: Section[], pattern: RegExp): string[] {
  return sections.filter((section) => pattern.test(section.heading)).flatMap((section) => section.lines);
}

export function fromMarkdown(text: string): ParseResult {
  const normalized = text.replace(/\r\n?/g, "\n");
  const front = normalized.match(/^---\n([\s\S]*?)\n---\n?/);
  const fields = front ? frontMatter(front[1]) : {};
  const body = front ? normalized.slice(front[0].length) : normalized;
  const { intro, sections } = sectionsOf(body);
  const title = fields.title ?? intro.map((line) => line.match(/^#\s+([\s\S]*)$/)?.[1]).find(Boolean);

  const directions = linesOf(sections, /^(directions|instructions|method|steps|preparation)\b/);
  const introItems = listItems(intro);
  const introValue = (label: RegExp) => introItems.map((item) => item.match(label)?.[1]).find(Boolean);
  const description = intro
    .filter((line) => line.trim() && !LIST_ITEM.test(line) && !line.startsWith("#"))
    .map(inline)
    .filter(Boolean)
    .join(" ");

  return buildDraft({
    name: title,
    description,
    cuisines: fields.tags,
    occasions: fields.tags,
    prepTime: introValue(/prep(?:aration)? time:\s*(.+)/i),
    cookingTime: introValue(/cook(?:ing)? time:\s*(.+)/i),
    totalTime: introValue(/total time:\s*(.+)/i),
    yields: introValue(/(?:servings|serves|yield):\s*(.+)/i),
    ingredientLines: listItems(linesOf(sections, /^ingredients?\b/)),
    steps: directions.some((line) => LIST_ITEM.test(line)) ? listItems(directions) : paragraphs(directions),
    tips: paragraphs(linesOf(sections, /^(notes?|tips?)\b/)),
  });
}
