/**
 * How well a page imports when its JSON-LD Recipe is damaged the ways real sites damage it, on the dev half only
 * (the held-out half is never looked at): each dev page that imports through its JSON-LD today is read again with
 * its Recipe's steps left out, its ingredients left out, both, its steps run into one string, and its JSON-LD
 * removed. The page's own markup should then give what the data lacks. Scored like bench:import, for this
 * checkout and for OLD_REF (default: the branch's start) beside it.
 *
 *   SHARED_DIR=/work/shared npx tsx bench/import-damaged.ts       (OLD_REF=<commit>, OLD_REF= for none)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { jsonLdRecipes } from "~/domain/recipe-import/json-ld";
import { parseLenientJson } from "~/domain/recipe-import/lenient-json";
import {
  newImporter,
  oldImporter,
  pageRows,
  printTable,
  readPages,
  scorePage,
  type Importer,
  type Page,
  type PageScore,
} from "./import-pages";

const OLD_REFS = (process.env.OLD_REF ?? "f8a0962f29c2af1bf5219d965ffaf131316bbb2b").split(",").filter(Boolean);

const LD_SCRIPT = /(<script\b[^<>]*application\/ld\+json[^<>]*>)([\s\S]*?)(<\/script)/gi;
const INSTRUCTIONS = /^(?:schema:)?(?:recipeinstructions|instructions)$/i;
const INGREDIENTS = /^(?:schema:)?(?:recipeingredient|ingredients|ingredient)$/i;

type Node = Record<string, unknown>;
type Damage = (recipe: Node) => void;

const isObject = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isRecipe(node: Node): boolean {
  const type = node["@type"];
  return (Array.isArray(type) ? type : [type]).some((item) => typeof item === "string" && /recipe$/i.test(item));
}

function eachRecipe(value: unknown, visit: (recipe: Node) => void, depth = 0): void {
  if (depth > 12) return;
  if (Array.isArray(value)) for (const item of value) eachRecipe(item, visit, depth + 1);
  else if (isObject(value)) {
    if (isRecipe(value)) visit(value);
    else for (const child of Object.values(value)) eachRecipe(child, visit, depth + 1);
  }
}

const dropKeys = (pattern: RegExp) => (recipe: Node) => {
  for (const key of Object.keys(recipe)) if (pattern.test(key)) delete recipe[key];
};

/** Every step's text, sections flattened, as a site that writes its method as one paragraph gives it. */
function stepTexts(value: unknown, depth = 0): string[] {
  if (depth > 8) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => stepTexts(item, depth + 1));
  if (isObject(value)) {
    if (value.itemListElement) return stepTexts(value.itemListElement, depth + 1);
    return stepTexts(value.text ?? value.name ?? "", depth + 1);
  }
  return [];
}

const oneString: Damage = (recipe) => {
  for (const key of Object.keys(recipe)) if (INSTRUCTIONS.test(key)) recipe[key] = stepTexts(recipe[key]).join(" ");
};

const DAMAGES: [string, Damage | null][] = [
  ["steps left out", dropKeys(INSTRUCTIONS)],
  ["ingredients left out", dropKeys(INGREDIENTS)],
  ["both left out", (recipe) => (dropKeys(INSTRUCTIONS)(recipe), dropKeys(INGREDIENTS)(recipe))],
  ["steps as one string", oneString],
  ["JSON-LD removed", null],
];

function damaged(html: string, damage: Damage | null): string {
  return html.replace(LD_SCRIPT, (whole, open: string, body: string, close: string) => {
    if (!damage) return "";
    let document: unknown;
    try {
      document = parseLenientJson(body.trim());
    } catch {
      return whole;
    }
    let touched = false;
    eachRecipe(document, (recipe) => {
      damage(recipe);
      touched = true;
    });
    return touched ? `${open}${JSON.stringify(document)}${close}` : whole;
  });
}

async function main() {
  const pages = readPages().filter((page) => page.half === "dev");
  const folders = OLD_REFS.map(() => mkdtempSync(path.join(tmpdir(), "import-damaged-")));
  try {
    const olds = await Promise.all(OLD_REFS.map((ref, index) => oldImporter(folders[index], ref)));
    const importers: Importer[] = [...olds, await newImporter()];
    // the pages each importer reads through JSON-LD today: the base of every damage
    const newest = importers[importers.length - 1];
    const base = pages.filter((page) => "recipes" in jsonLdRecipes(page.html) && newest.parse(page.html).ok);
    console.log(
      `${base.length} of ${pages.length} dev pages import through their JSON-LD; load ${loadavg()[0].toFixed(2)}`
    );
    const summary: string[][] = [];
    for (const [name, damage] of DAMAGES) {
      const variants: Page[] = base.map((page) => ({ ...page, html: damaged(page.html, damage) }));
      const rows = importers.map((importer) => {
        const scores = new Map<string, PageScore>(
          variants.map((page) => [page.file, scorePage(page, importer.parse(page.html))])
        );
        return pageRows(variants, scores);
      });
      const pick = (label: string) => rows.map((row) => row.find(([figure]) => figure === label)![1]);
      summary.push([name, ...pick("pages imported")]);
      summary.push([`  ${name}: lines right`, ...pick("ingredient lines right (lines)")]);
      summary.push([`  ${name}: steps right`, ...pick("steps with headings right")]);
      summary.push([`  ${name}: total time right`, ...pick("total time right")]);
      summary.push([`  ${name}: yield right`, ...pick("yield right")]);
      summary.push([`  ${name}: every field right`, ...pick("every field right")]);
    }
    printTable(
      `Damaged JSON-LD, dev half (${base.length} pages each)`,
      ["damage", ...importers.map((importer) => importer.label)],
      summary
    );
    if (process.env.SHOW_FAILURES) {
      for (const [name, damage] of DAMAGES)
        for (const page of base) {
          const result = newest.parse(damaged(page.html, damage));
          if (!result.ok) console.log(`${name}: ${page.file}: ${result.reason}`);
        }
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

await main();
