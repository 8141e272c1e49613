/**
 * Other apps' exports (decision 103): for each real export in ../shared/data/recipes/app-exports, the recipes it holds
 * that read with their lines, and the time the import worker's reader takes (median of 5, in this process); then the
 * time hostile archives take to be refused. Before this checkout none of these files imported (0 recipes).
 *
 *   npx tsx bench/app-exports.ts      (SHARED_DIR=/path/to/shared to change)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { readExportFile } from "~/domain/recipe-import/apps/export-file";

const folder = path.join(process.env.SHARED_DIR ?? "../shared", "data/recipes/app-exports");

function medianMs(run: () => unknown): number {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2];
}

if (existsSync(folder)) {
  console.log("export               recipes  read  lines  photos   ms");
  for (const file of readdirSync(folder).filter((name) => !name.endsWith(".md"))) {
    const bytes = new Uint8Array(readFileSync(path.join(folder, file)));
    const reading = readExportFile(file, bytes);
    const recipes = reading.ok ? reading.recipes : [];
    const read = recipes.filter((recipe) => recipe.result.ok);
    const lines = read.reduce(
      (sum, recipe) => sum + (recipe.result.ok ? recipe.result.draft.ingredients.length : 0),
      0
    );
    const photos = recipes.filter((recipe) => recipe.photo).length;
    const ms = medianMs(() => readExportFile(file, bytes));
    console.log(
      `${file.padEnd(20)} ${String(recipes.length).padStart(7)} ${String(read.length).padStart(5)} ${String(
        lines
      ).padStart(6)} ${String(photos).padStart(7)} ${ms.toFixed(1).padStart(6)}`
    );
  }
} else console.log(`${folder} is absent: the real exports are skipped`);

const hostile: Record<string, Uint8Array> = {
  "zip bomb (50 MB of zeros)": zipSync({ "a.json": new Uint8Array(50 * 1024 * 1024) }, { level: 9 }),
  "2,001 entries": zipSync(
    Object.fromEntries(Array.from({ length: 2001 }, (_, index) => [`r${index}.txt`, new Uint8Array([65])])),
    { level: 0 }
  ),
  "path traversal": zipSync({ "../../etc/passwd": strToU8("{}") }),
  "zips nested 4 deep": [1, 2, 3].reduce(
    (inner, level) => zipSync({ [`l${level}.zip`]: inner }),
    zipSync({ "r.json": strToU8("{}") })
  ),
};
console.log("\nhostile archive              bytes     refused in ms  reason");
for (const [name, bytes] of Object.entries(hostile)) {
  const reading = readExportFile("hostile.zip", bytes);
  const ms = medianMs(() => readExportFile("hostile.zip", bytes));
  const reason = reading.ok ? "NOT REFUSED" : reading.reason;
  console.log(`${name.padEnd(28)} ${String(bytes.length).padStart(8)} ${ms.toFixed(1).padStart(12)}  ${reason}`);
}
