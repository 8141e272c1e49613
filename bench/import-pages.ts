/**
 * Recipe page import quality on ../shared/data/recipes/recipe-pages (300 saved pages, each with the parse
 * recipe-scrapers expects), for the importer of this checkout and, beside it, the importer of OLD_REF
 * (default: main before issue 19, before the plain-page reading, before the held-out work and the night of 2026-11-26),
 * each read from git into a temporary
 * folder. Pages fall into two fixed halves by
 * a hash of their file name: "dev" (looked at while building) and "held-out" (not looked at; the honest figure).
 *
 *   npm run bench:import                 (SHARED_DIR=/path/to/shared, OLD_REF=<commit> to change, OLD_REF= for none)
 *   SHOW_FAILURES=1 (or =detail) npm run bench:import   lists the dev half's failures (with detail, field by field)
 *   SHOW_HALF=held-out (with SHOW_FAILURES)              lists the held-out half's instead: looking at them makes that
 *                                                        half tuned-on for whatever is changed after, so say so
 *
 * A line's catalogue match is checked against bench/data/import-match-labels.json (a hand-labelled sample:
 * page#line → the ingredient it means, or null for none); a wrong match counts against precision.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { AMOUNTLESS_QUANTITIES, parseQuantity, unitOf, VULGAR_FRACTIONS } from "~/domain/quantity";
import type { RecipeDraft } from "~/domain/recipe-analysis";

const SHARED = path.resolve(process.env.SHARED_DIR ?? "../shared");
export const PAGES = path.join(SHARED, "data/recipes/recipe-pages");
/**
 * main before issue 19, when the plain-page reading was started, before the held-out work, and after the night of
 * 2026-11-26 (the catalogue's names, before the reading rules of recipe-scrapers), and main of 2026-11-27 before the
 * reading of pages with no recipe headings or data (e303f58), before the morning work of 2026-11-27 (c99a6a5) and
 * before its late-morning work (41322fe), and main before the work of 2026-11-27 09:00 on pages that did not import
 * (98ff8bf); OLD_REF= to change.
 */
const OLD_REFS = (
  process.env.OLD_REF ??
  "681383fed922d19c143f96148f8a7a75b2772996,d0909044a4f8979c2e58573447568f0b035063fc,c011eaaabc2f97bb90107f2b1a0aba5ce1262b8b,2fe73f37589a772fb32a46cf66b85758fb13323e,e303f58b64685db7956e92bbd2d12783418345b9,c99a6a5205d67e409ef996ea74a5f59f1a3f1ed9,41322fe5b7ec8de49b19698419b4774cfb5df0e0,98ff8bf2a621d604096e8aefa96c7061df794a4c"
)
  .split(",")
  .filter(Boolean);
const LABELS = path.resolve("bench/data/import-match-labels.json");

export type ParseResult = { ok: true; draft: RecipeDraft } | { ok: false; reason: string };
export interface Importer {
  label: string;
  parse(text: string): ParseResult;
  split(line: string): { name: string } | null;
  match(name: string): { name: string } | null;
}

interface Expected {
  title: string;
  language?: string;
  ingredients: string[];
  instructions_list: string[];
  total_time?: number | null;
  yields?: string | null;
}

export interface Page {
  file: string;
  half: "dev" | "held-out";
  structured: boolean;
  language: string;
  html: string;
  expected: Expected;
}

export function halfOf(file: string): "dev" | "held-out" {
  return createHash("sha1").update(file).digest()[0] < 128 ? "dev" : "held-out";
}

function languageOf(expected: Expected): string {
  const code = (expected.language ?? "en").toLowerCase().slice(0, 2);
  return code === "se" ? "sv" : code;
}

const STRUCTURED =
  /itemtype\s*=\s*["']?https?:\/\/schema\.org\/Recipe|"@type"\s*:\s*(?:\[[^\]]{0,200})?"(?:schema:)?Recipe"/i;

export function readPages(): Page[] {
  return readdirSync(PAGES)
    .filter((name) => name.endsWith(".html.gz"))
    .sort()
    .map((name) => {
      const base = name.replace(/\.html\.gz$/, "");
      const html = gunzipSync(readFileSync(path.join(PAGES, name))).toString("utf8");
      const expected = JSON.parse(readFileSync(path.join(PAGES, `${base}.json`), "utf8")) as Expected;
      return {
        file: base,
        half: halfOf(base),
        structured: STRUCTURED.test(html),
        language: languageOf(expected),
        html,
        expected,
      };
    });
}

// ---------- comparing ----------

const norm = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\p{Cf}/gu, "")
    .replace(/<[^<>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[\s:.]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** "1½", "1 1/2", "1/2", "½", "1.5", "1,5", "2": an amount however a page writes it. */
const AMOUNT = /(\d+(?:[.,]\d+)?)?\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])|(?:(\d+)\s+)?(\d+)\s*[/⁄]\s*(\d+)|(\d+(?:[.,]\d+)?)/g;
const number = (text: string | undefined) => Number((text ?? "0").replace(",", "."));

/** An amount as one word that says its value, so that "0.5 L", "½ L" and "1/2 L" read alike. */
function amountWord(...[, whole, vulgar, mixed, numerator, denominator, plain]: (string | undefined)[]): string {
  const value = vulgar
    ? number(whole) + VULGAR_FRACTIONS[vulgar]
    : numerator
    ? number(mixed) + number(numerator) / (number(denominator) || 1)
    : number(plain);
  return ` n${Math.round(value * 100)} `;
}

/**
 * Words a line is made of, whatever the split or spacing: "1 cup (240ml) of milk" → 1 cup 240 ml milk. An amount
 * counts by its value ("0.5" is "½" is "1/2"), and a unit said twice in a row counts once ("200 g g Feta", a
 * scraper's slip): neither is a difference a cook would notice.
 */
const LINKING = new Set(["of", "de", "d", "di", "van"]);
function words(text: string): string {
  return text
    .replace(/(\d)(?=\p{L})/gu, "$1 ")
    .replace(AMOUNT, amountWord)
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word, index, all) => word && !LINKING.has(word) && !(word === all[index - 1] && unitOf(word) !== null))
    .sort()
    .join(" ");
}

const AMOUNTLESS = new Set<string>(AMOUNTLESS_QUANTITIES);

/**
 * The stored line says what the page line says, split sensibly: a name without bracket or unit junk. A unit word
 * is junk at the start of the name only when the quantity has no unit and more words follow ("2" + "cups flour"):
 * "1 cup" + "whole milk" and "1" + "clove" are right. A slash is junk only beside a number ("g/3½oz butter"):
 * "salt/pepper" is the page's own name.
 */
function lineRight(line: RecipeDraft["ingredients"][number] | undefined, expected: string): boolean {
  if (!line) return false;
  const sameWords = words([line.quantity, line.name, line.note ?? ""].join(" ")) === words(expected);
  const quantity = line.quantity.trim();
  const [firstWord = "", ...otherWords] = line.name.split(/\s+/);
  const leftoverUnit = unitOf(firstWord) !== null && otherWords.length > 0 && parseQuantity(quantity).unit === null;
  const cleanName = line.name !== "" && !/[()[\]]|\d\s*\/|\/\s*\d/.test(line.name) && !leftoverUnit;
  const readable = quantity === "" || AMOUNTLESS.has(quantity.toLowerCase()) || parseQuantity(quantity).amount !== null;
  return sameWords && cleanName && readable;
}

/** Steps with their section headings in between, as recipe-scrapers lists them. */
function stepsWithHeadings(draft: RecipeDraft): string[] {
  const out: string[] = [];
  let previous: string | null = null;
  draft.steps.forEach((step, index) => {
    const section = draft.stepSections?.[index] ?? null;
    if (section && section !== previous) out.push(section);
    previous = section;
    out.push(step);
  });
  return out;
}

function servingsOfYield(text: string): number | null {
  const number = text.match(/\d+(?:[.,]\d+)?/);
  return number ? Math.round(Number(number[0].replace(",", "."))) : null;
}

export interface PageScore {
  imported: boolean;
  title: boolean;
  lines: number;
  linesRight: number;
  allLines: boolean;
  steps: boolean;
  totalTime: boolean;
  yields: boolean;
  everyField: boolean;
}

export function scorePage(page: Page, result: ParseResult): PageScore {
  const { expected } = page;
  const lines = expected.ingredients.length;
  if (!result.ok) {
    return {
      imported: false,
      title: false,
      lines,
      linesRight: 0,
      allLines: false,
      steps: false,
      totalTime: false,
      yields: false,
      everyField: false,
    };
  }
  const { draft } = result;
  const title = norm(draft.name) === norm(expected.title);
  const linesRight = expected.ingredients.filter((line, index) => lineRight(draft.ingredients[index], line)).length;
  const allLines = linesRight === lines && draft.ingredients.length === lines;
  const ours = stepsWithHeadings(draft).map(norm);
  const wanted = expected.instructions_list.map(norm).filter(Boolean);
  const steps = ours.length === wanted.length && ours.every((step, index) => step === wanted[index]);
  const total =
    draft.totalTime ?? (draft.prepTime || draft.cookingTime ? (draft.prepTime ?? 0) + (draft.cookingTime ?? 0) : null);
  const totalTime = expected.total_time == null || total === Math.round(expected.total_time);
  const yields = expected.yields == null || servingsOfYield(expected.yields) === (draft.servings ?? null);
  return {
    imported: true,
    title,
    lines,
    linesRight,
    allLines,
    steps,
    totalTime,
    yields,
    everyField: title && allLines && steps && totalTime && yields,
  };
}

// ---------- matching ----------

type Labels = Record<string, string | null>;

interface MatchCount {
  lines: number;
  matched: number;
  labelled: number;
  correct: number;
  wrong: number;
  answerable: number;
}

function emptyMatchCount(): MatchCount {
  return { lines: 0, matched: 0, labelled: 0, correct: 0, wrong: 0, answerable: 0 };
}

function countMatches(importer: Importer, page: Page, labels: Labels, into: MatchCount): void {
  page.expected.ingredients.forEach((line, index) => {
    const parts = importer.split(line);
    if (!parts) return;
    const found = importer.match(parts.name);
    into.lines++;
    if (found) into.matched++;
    const key = `${page.file}#${index}`;
    if (!(key in labels)) return;
    const label = labels[key];
    into.labelled++;
    if (label !== null) into.answerable++;
    if (found && found.name === label) into.correct++;
    else if (found) into.wrong++;
  });
}

// ---------- importers ----------

export async function newImporter(): Promise<Importer> {
  const { parseRecipeDocument, splitIngredientLine } = await import("~/domain/recipe-import");
  const { getCatalogue } = await import("~/domain/catalogue-data");
  const catalogue = getCatalogue();
  return {
    label: "new",
    parse: (text) => parseRecipeDocument(text, "html"),
    split: splitIngredientLine,
    match: catalogue.match,
  };
}

/** The importer of OLD_REF, its domain modules and catalogue data extracted with git archive. */
export async function oldImporter(folder: string, ref: string): Promise<Importer> {
  const archive = execFileSync("git", ["archive", "--format=tar", ref, "app/domain", "prisma/data"], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", folder], { input: archive });
  // main before issue 19 needs parse-ingredient, uninstalled since: OLD_NODE_MODULES may name a folder that has it
  symlinkSync(path.resolve(process.env.OLD_NODE_MODULES ?? "node_modules"), path.join(folder, "node_modules"));
  const domain = (file: string) => import(path.join(folder, "app/domain", file));
  const { parseRecipeDocument, splitIngredientLine } = await domain("recipe-import/index.ts");
  const { getCatalogue } = await domain("catalogue-data.ts");
  const catalogue = getCatalogue();
  return {
    label: `old (${ref.slice(0, 7)})`,
    parse: (text) => parseRecipeDocument(text, "html"),
    split: splitIngredientLine,
    match: (name) => catalogue.match(name),
  };
}

// ---------- failures (dev half) ----------

/** What a dev page got wrong, field by field: SHOW_FAILURES=detail. */
function showFailure(page: Page, result: ParseResult, importer: Importer, labels: Labels): void {
  const say = (text: string) => console.log(`    ${text}`);
  const { expected } = page;
  expected.ingredients.forEach((line, index) => {
    const key = `${page.file}#${index}`;
    if (!(key in labels)) return;
    const found = importer.match(importer.split(line)?.name ?? "")?.name ?? null;
    if (found !== labels[key]) say(`match ${JSON.stringify(line)}: ${found} ≠ label ${labels[key]}`);
  });
  if (!result.ok) return say(`not imported: ${result.reason}`);
  const { draft } = result;
  if (norm(draft.name) !== norm(expected.title))
    say(`title: ${JSON.stringify(draft.name)} ≠ ${JSON.stringify(expected.title)}`);
  if (draft.ingredients.length !== expected.ingredients.length)
    say(`lines: ${draft.ingredients.length} ≠ ${expected.ingredients.length}`);
  expected.ingredients.forEach((line, index) => {
    const ours = draft.ingredients[index];
    if (lineRight(ours, line)) return;
    say(
      `line ${index}: ${JSON.stringify(line)} → ${
        ours ? JSON.stringify([ours.quantity, ours.name, ours.note ?? ""]) : "none"
      }`
    );
  });
  const ours = stepsWithHeadings(draft).map(norm);
  const wanted = expected.instructions_list.map(norm).filter(Boolean);
  if (ours.length !== wanted.length || ours.some((step, index) => step !== wanted[index])) {
    say(`steps: ${ours.length} ≠ ${wanted.length}`);
    for (let index = 0; index < Math.max(ours.length, wanted.length); index++) {
      if (ours[index] === wanted[index]) continue;
      say(`  ours ${index}: ${JSON.stringify(ours[index]?.slice(0, 160))}`);
      say(`  want ${index}: ${JSON.stringify(wanted[index]?.slice(0, 160))}`);
      break;
    }
  }
  if (!scorePage(page, result).totalTime)
    say(`total time: ${JSON.stringify([draft.prepTime, draft.cookingTime, draft.totalTime])} ≠ ${expected.total_time}`);
  if (!scorePage(page, result).yields) say(`yield: ${draft.servings} ≠ ${JSON.stringify(expected.yields)}`);
}

// ---------- report ----------

const percent = (part: number, whole: number) => (whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)} %`);

export function pageRows(pages: Page[], scores: Map<string, PageScore>): [string, string][] {
  const of = (pick: (score: PageScore) => boolean, subset = pages) => {
    const count = subset.filter((page) => pick(scores.get(page.file)!)).length;
    return `${count}/${subset.length} = ${percent(count, subset.length)}`;
  };
  const structured = pages.filter((page) => page.structured);
  const lines = pages.reduce((total, page) => total + scores.get(page.file)!.lines, 0);
  const linesRight = pages.reduce((total, page) => total + scores.get(page.file)!.linesRight, 0);
  const lost = pages.reduce((total, page) => {
    const score = scores.get(page.file)!;
    return total + (score.imported ? 0 : score.lines);
  }, 0);
  return [
    ["pages imported", of((score) => score.imported)],
    ["  of pages with JSON-LD/microdata Recipe", of((score) => score.imported, structured)],
    ["title right", of((score) => score.title)],
    ["ingredient lines right (lines)", `${linesRight}/${lines} = ${percent(linesRight, lines)}`],
    ["all ingredient lines right (pages)", of((score) => score.allLines)],
    ["  lines on pages not imported (all wrong)", `${lost}/${lines} = ${percent(lost, lines)}`],
    ["steps with headings right", of((score) => score.steps)],
    ["total time right", of((score) => score.totalTime)],
    ["yield right", of((score) => score.yields)],
    ["every field right", of((score) => score.everyField)],
  ];
}

function matchRows(pages: Page[], importer: Importer, labels: Labels): [string, string][] {
  const byLanguage = new Map<string, MatchCount>();
  const english = emptyMatchCount();
  const other = emptyMatchCount();
  for (const page of pages) {
    const count = byLanguage.get(page.language) ?? emptyMatchCount();
    byLanguage.set(page.language, count);
    countMatches(importer, page, labels, count);
    countMatches(importer, page, labels, page.language === "en" ? english : other);
  }
  const row = (name: string, count: MatchCount): [string, string] => [
    name,
    `matched ${percent(count.matched, count.lines)} of ${count.lines}; labelled ${count.labelled}: ` +
      `precision ${percent(count.correct, count.correct + count.wrong)}, recall ${percent(
        count.correct,
        count.answerable
      )}, ` +
      `wrong ${count.wrong}`,
  ];
  const languages = [...byLanguage.entries()]
    .filter(([language]) => language !== "en")
    .sort(([a], [b]) => a.localeCompare(b));
  return [
    row("English lines", english),
    row("other languages", other),
    ...languages.map(([language, count]) => row(`  ${language}`, count)),
  ];
}

export function printTable(title: string, columns: string[], rows: string[][]): void {
  console.log(`\n${title}`);
  console.log(`| ${columns.join(" | ")} |`);
  console.log(`|${columns.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

async function main() {
  if (!existsSync(PAGES)) {
    console.log(`Skipped: ${PAGES} is absent (set SHARED_DIR to the shared folder).`);
    return;
  }
  const pages = readPages();
  const labels: Labels = existsSync(LABELS) ? JSON.parse(readFileSync(LABELS, "utf8")) : {};
  const folders = OLD_REFS.map(() => mkdtempSync(path.join(tmpdir(), "import-old-")));
  try {
    const olds = await Promise.all(
      OLD_REFS.map((ref, index) =>
        oldImporter(folders[index], ref.trim()).catch((error: Error) => {
          console.log(`old (${ref.slice(0, 7)}) left out: ${error.message.split("\n")[0]} (set OLD_NODE_MODULES)`);
          return null;
        })
      )
    );
    const importers = [...olds.filter((importer): importer is Importer => importer !== null), await newImporter()];
    const scores = new Map<Importer, Map<string, PageScore>>();
    for (const importer of importers) {
      const started = performance.now();
      const perPage = new Map(pages.map((page) => [page.file, scorePage(page, importer.parse(page.html))]));
      scores.set(importer, perPage);
      console.log(
        `${importer.label}: ${pages.length} pages parsed in ${((performance.now() - started) / 1000).toFixed(1)} s`
      );
    }
    for (const half of ["held-out", "dev", "both halves"] as const) {
      const subset = half === "both halves" ? pages : pages.filter((page) => page.half === half);
      const columns = importers.map((importer) => importer.label);
      const perImporter = importers.map((importer) => pageRows(subset, scores.get(importer)!));
      printTable(
        `Pages, ${half === "both halves" ? half : `${half} half`} (${subset.length} pages)`,
        ["figure", ...columns],
        perImporter[0].map(([name], row) => [name, ...perImporter.map((rows) => rows[row][1])])
      );
      const matches = importers.map((importer) => matchRows(subset, importer, labels));
      printTable(
        `Catalogue matching, ${half === "both halves" ? half : `${half} half`}`,
        ["lines", ...columns],
        matches[matches.length - 1].map(([name], row) => [name, ...matches.map((rows) => rows[row]?.[1] ?? "")])
      );
    }
    if (process.env.SHOW_FAILURES) {
      const newest = importers[importers.length - 1];
      const perPage = scores.get(newest)!;
      // the dev half unless asked: a held-out failure looked at is no longer held out
      const shown = process.env.SHOW_HALF === "held-out" ? "held-out" : "dev";
      for (const page of pages.filter((page) => page.half === shown)) {
        const score = perPage.get(page.file)!;
        const wrong = Object.entries(score)
          .filter(([, value]) => value === false)
          .map(([key]) => key);
        const misses = new Map<string, MatchCount>([["", emptyMatchCount()]]);
        countMatches(newest, page, labels, misses.get("")!);
        const { labelled, correct } = misses.get("")!;
        if (labelled > correct) wrong.push(`${labelled - correct} labelled match(es)`);
        if (!wrong.length) continue;
        console.log(`${page.file}: ${wrong.join(", ")}`);
        if (process.env.SHOW_FAILURES === "detail") showFailure(page, newest.parse(page.html), newest, labels);
      }
    }
  } finally {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

// imported by bench/import-damaged.ts for its reading and scoring
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
