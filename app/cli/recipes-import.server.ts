/**
 * npm run recipes:import -- <file|folder|url> [...more]
 * Imports recipes (schema.org JSON-LD pages or JSON, recipe-scrapers JSON, markdown, and other apps' exports:
 * Mealie, Tandoor, Paprika, Nextcloud Cookbook, Copy Me That, Plan to Eat, My Recipe Box, Chowdown, Cooklang) into
 * the database named by DATABASE_URL, printing progress and a summary. Exits with status 1 when any item failed.
 */
import { applyMigrations, prisma } from "~/services/db.server";
import { importSource, type ImportSummary } from "~/services/recipe-import.server";

function printSummary(summary: ImportSummary) {
  console.log(`\nImported: ${summary.imported.length}`);
  for (const { item, name } of summary.imported) console.log(`  + ${name}  (${item})`);
  console.log(`Updated: ${summary.updated.length}`);
  for (const { item, name } of summary.updated) console.log(`  ~ ${name}  (${item})`);
  console.log(`Duplicates (already in the cookbook, not imported again): ${summary.duplicates.length}`);
  for (const { item, name } of summary.duplicates) console.log(`  = ${name}  (${item})`);
  console.log(`Failed: ${summary.failed.length}`);
  for (const { item, reason } of summary.failed) console.log(`  ! ${item}: ${reason}`);
}

async function main(sources: string[]) {
  if (sources.length === 0) {
    console.error("Usage: npm run recipes:import -- <file|folder|url> [...more]");
    process.exitCode = 2;
    return;
  }
  await applyMigrations();
  if ((await prisma.ingredient.count()) === 0) {
    console.warn("The ingredient catalogue is empty, so no line will match: run `npm run db:seed` first.");
  }
  let failed = 0;
  for (const source of sources) {
    console.log(`Importing ${source}`);
    const summary = await importSource(source, {
      onProgress: ({ done, total }) => {
        if (process.stdout.isTTY) process.stdout.write(`\r  ${done}/${total}`);
        else if (done === total || done % 50 === 0) console.log(`  ${done}/${total}`);
      },
    });
    printSummary(summary);
    failed += summary.failed.length;
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

try {
  await main(process.argv.slice(2));
} finally {
  await prisma.$disconnect();
}
