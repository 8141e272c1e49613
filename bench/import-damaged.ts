/**
 * How well a page imports when its JSON-LD Recipe is damaged the ways real sites damage it, on the dev half only
 * (the held-out half is never looked at): each dev page that imports through its JSON-LD today is read again with
 * its Recipe's steps left out, its ingredients left out, both, its steps run into one string, and its JSON-LD
 * removed. The page's own markup should then give what the data lacks. Scored like bench:import, for this
 * checkout and for OLD_REF (default: the branch's start) beside it.
 *
 *   SHARED_DIR=/work/shared npx tsx bench/import-damaged.ts       (OLD_REF=<commit>, OLD_REF= for none)
 *   SHOW_FAILURES=1 lists the damaged reads that do not import; SHOW_CHANGES=1 the fields each damaged read got
 *   right or wrong against the first OLD_REF (dev pages only, like everything here)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { findRecipes, jsonLdRecipes, jsonLdScriptSpans } from "~/domain/recipe-import/json-ld";
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

const OLD_REFS = (process.env.OLD_REF ?? "98ff8bf2a621d604096e8aefa96c7061df794a4c").split(",").filter(Boolean);

const INSTRUCTIONS = /^(?:schema:)?(?:recipeinstructions|instructions)$/i;
const INGREDIENTS = /^(?:schema:)?(?:recipeingredient|ingredients|ingredient)$/i;

type Node = Record<string, unknown>;
type Damage = (recipe: Node) => void;

const isObject = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

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

/** The page with its JSON-LD Recipes damaged (or its JSON-LD removed), or null when no Recipe could be reached. */
function damaged(html: string, damage: Damage | null): string | null {
  let touched = false;
  let kept = "";
  let from = 0;
  for (const { start, end } of jsonLdScriptSpans(html)) {
    let body = html.slice(start, end);
    if (!damage) body = "";
    else {
      let document: unknown = null;
      try {
        document = parseLenientJson(body.trim());
      } catch {
        // left as it is: a page whose JSON-LD only the importer's own reader reads is not damaged, and not counted
      }
      const recipes = findRecipes(document, []);
      recipes.forEach(damage);
      if (recipes.length > 0) body = JSON.stringify(document);
      touched ||= recipes.length > 0;
    }
    kept += html.slice(from, start) + body;
    from = end;
  }
  return damage && !touched ? null : kept + html.slice(from);
}

/** The fields a damaged read got right (+) or wrong (-) against the old importer, page by page. */
function showChanges(damage: string, old: Map<string, PageScore>, now: Map<string, PageScore>) {
  for (const [file, score] of now) {
    const before = old.get(file)!;
    const fields = (Object.keys(score) as (keyof PageScore)[])
      .filter((field) => score[field] !== before[field])
      .map((field) => `${field} ${String(before[field])} → ${String(score[field])}`);
    if (fields.length > 0) console.log(`${damage}: ${file}: ${fields.join(", ")}`);
  }
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
      const variants: Page[] = base.flatMap((page) => {
        const html = damaged(page.html, damage);
        return html === null ? [] : [{ ...page, html }];
      });
      const scored = importers.map(
        (importer) =>
          new Map<string, PageScore>(variants.map((page) => [page.file, scorePage(page, importer.parse(page.html))]))
      );
      if (process.env.SHOW_CHANGES && scored.length > 1) showChanges(name, scored[0], scored[scored.length - 1]);
      const rows = scored.map((scores) => pageRows(variants, scores));
      const pick = (label: string) => rows.map((row) => row.find(([figure]) => figure === label)![1]);
      summary.push([`${name} (${variants.length} pages damaged)`, ...pick("pages imported")]);
      summary.push([`  ${name}: lines right`, ...pick("ingredient lines right (lines)")]);
      summary.push([`  ${name}: steps right`, ...pick("steps with headings right")]);
      summary.push([`  ${name}: total time right`, ...pick("total time right")]);
      summary.push([`  ${name}: yield right`, ...pick("yield right")]);
      summary.push([`  ${name}: every field right`, ...pick("every field right")]);
    }
    printTable(
      `Damaged JSON-LD, dev half (of ${base.length} pages)`,
      ["damage", ...importers.map((importer) => importer.label)],
      summary
    );
    if (process.env.SHOW_FAILURES) {
      for (const [name, damage] of DAMAGES)
        for (const page of base) {
          const html = damaged(page.html, damage);
          const result = html === null ? null : newest.parse(html);
          if (result && !result.ok) console.log(`${name}: ${page.file}: ${result.reason}`);
        }
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

await main();
