/**
 * npm run vision:learn -- <folder>
 * Adds a folder of labelled photos to the recogniser's memory in the database named by DATABASE_URL: the
 * folder's labels.csv (`file,fine_class,coarse_class`, as ../shared/data/images/grocery-dev) names each
 * photo's ingredient in its coarse class. Photos already learned are skipped, so it can run again.
 * Exits with status 1 when a photo could not be used or no model is installed.
 */
import { existsSync } from "node:fs";
import path from "node:path";

// Settings such as VISION_MODEL_DIR may come from .env, read before the modules that use them.
if (existsSync(".env")) process.loadEnvFile(".env");
const { applyMigrations, prisma } = await import("~/services/db.server");
const { env } = await import("~/services/env.server");
const { learnFolder, UnusableFolderError } = await import("~/services/vision/learn-folder.server");
const { ModelNotInstalledError } = await import("~/services/vision/model.server");

async function main(args: string[]) {
  if (args.length !== 1) {
    console.error("Usage: npm run vision:learn -- <folder with labels.csv>");
    process.exitCode = 2;
    return;
  }
  await applyMigrations();
  if ((await prisma.ingredient.count()) === 0) {
    console.error("The ingredient catalogue is empty: run `npm run db:seed` (or `npm start` once) first.");
    process.exitCode = 1;
    return;
  }
  console.log(`Learning the photos in ${args[0]}`);
  const result = await learnFolder(args[0], path.resolve(env.VISION_MODEL_DIR), (done, total) => {
    if (process.stdout.isTTY) process.stdout.write(`\r  ${done}/${total}`);
    else if (done === total || done % 50 === 0) console.log(`  ${done}/${total}`);
  });
  const learned = [...result.learned.values()].reduce((sum, count) => sum + count, 0);
  console.log(`\nLearned: ${learned} photos of ${result.learned.size} ingredients`);
  for (const [name, count] of [...result.learned].sort()) console.log(`  + ${name}: ${count}`);
  console.log(`Already known: ${result.known}`);
  console.log(`Not in the ingredient catalogue: ${result.unknownClasses.size} classes`);
  for (const [name, count] of result.unknownClasses) console.log(`  - ${name}: ${count} photos skipped`);
  console.log(`Failed: ${result.failed.length}`);
  for (const { file, reason } of result.failed) console.log(`  ! ${file}: ${reason}`);
  process.exitCode = result.failed.length > 0 ? 1 : 0;
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ModelNotInstalledError) console.error(error.instructions);
  else if (error instanceof UnusableFolderError) console.error(error.message);
  else throw error;
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
