/**
 * Imports ../shared/data/recipes/recipe-scrapers and ../shared/data/recipes/based-cooking into a throwaway
 * SQLite database and prints how many ingredient lines match the catalogue and how many recipes import.
 *
 *   npx tsx bench/import-shared.ts
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { formatOfFileName, parseRecipeDocument } from "~/domain/recipe-import";

const SHARED_RECIPES = path.resolve("../shared/data/recipes");
const FOLDERS = ["recipe-scrapers", "based-cooking"];

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return formatOfFileName(name) ? [full] : [];
  });
}

type LineCount = { lines: number; matched: number };

/**
 * Ingredient lines of every parseable recipe in the folder and how many the catalogue matcher resolves, split by
 * the recipe's language where the file states one (recipe-scrapers JSON does).
 */
function lineMatches(folder: string): { all: LineCount; english: LineCount; otherLanguages: LineCount } {
  const catalogue = getCatalogue();
  const counts = {
    all: { lines: 0, matched: 0 },
    english: { lines: 0, matched: 0 },
    otherLanguages: { lines: 0, matched: 0 },
  };
  for (const file of filesUnder(folder)) {
    const text = readFileSync(file, "utf8");
    const parsed = parseRecipeDocument(text, formatOfFileName(file)!);
    if (!parsed.ok) continue;
    const language = file.endsWith(".json") ? String(JSON.parse(text).language ?? "en") : "en";
    const group = language.toLowerCase().startsWith("en") ? counts.english : counts.otherLanguages;
    for (const line of parsed.draft.ingredients) {
      const matched = catalogue.match(line.name) ? 1 : 0;
      for (const count of [counts.all, group]) {
        count.lines++;
        count.matched += matched;
      }
    }
  }
  return counts;
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

async function main() {
  if (!existsSync(SHARED_RECIPES)) {
    console.log(`Skipped: ${SHARED_RECIPES} is absent (the shared recipe data sits beside the project checkout).`);
    return;
  }
  const workDir = mkdtempSync(path.join(tmpdir(), "import-bench-"));
  process.env.DATABASE_URL = `file:${path.join(workDir, "bench.db")}`;
  const { applyMigrations, prisma } = await import("~/services/db.server");
  const { importSource } = await import("~/services/recipe-import.server");
  const { seedIngredients } = await import("../prisma/seed");
  try {
    await applyMigrations();
    await seedIngredients();
    for (const name of FOLDERS) {
      const folder = path.join(SHARED_RECIPES, name);
      const started = performance.now();
      const summary = await importSource(folder);
      const seconds = (performance.now() - started) / 1000;
      const succeeded = summary.imported.length + summary.updated.length;
      const total = succeeded + summary.failed.length;
      const { all, english, otherLanguages } = lineMatches(folder);
      console.log(
        `\n${name}: ${total} files in ${seconds.toFixed(1)} s (${((1000 * seconds) / total).toFixed(1)} ms per file)`
      );
      console.log(
        `  import success: ${succeeded}/${total} = ${percent(succeeded, total)} (${summary.imported.length} new, ${
          summary.updated.length
        } updates of a same-named recipe)`
      );
      console.log(
        `  ingredient lines matching a catalogue ingredient: ${all.matched}/${all.lines} = ${percent(
          all.matched,
          all.lines
        )}`
      );
      if (otherLanguages.lines > 0) {
        console.log(
          `    in English recipes: ${english.matched}/${english.lines} = ${percent(english.matched, english.lines)}`
        );
        console.log(
          `    in other languages: ${otherLanguages.matched}/${otherLanguages.lines} = ${percent(
            otherLanguages.matched,
            otherLanguages.lines
          )}`
        );
      }
      const reasons = new Map<string, number>();
      for (const { reason } of summary.failed) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      for (const [reason, count] of reasons) console.log(`  failed, ${reason}: ${count}`);
    }
  } finally {
    await prisma.$disconnect();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
