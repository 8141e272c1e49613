/**
 * npm run bench:export: "Download my data" at scale (decision 119): a cook with RECIPES recipes (default 1,000), each with a 400 KB photo,
 * zipped by the real stream (zipStream) and read as fast as a client can. Prints the time, the zip's size, the
 * longest the event loop waited while the export ran (a request arriving meanwhile waits that long), and the heap
 * and RSS the export added: the archive is never held whole.
 *
 *   npm run bench:export [-- recipes]
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { recipeJsonLd, type RecipeForExport } from "~/domain/data-export";
import { zipStream } from "~/services/data-export.server";

const RECIPES = Number(process.argv[2] ?? 1_000);
const PHOTO_BYTES = 400 * 1024;

function recipe(index: number): RecipeForExport {
  return {
    name: `Recipe ${index}`,
    description: "A weeknight dish for four.",
    prepTime: 15,
    cookingTime: 40,
    totalTime: null,
    servings: 4,
    sourceUrl: `https://example.com/recipes/${index}`,
    createdAt: new Date(),
    updatedAt: new Date(),
    lines: Array.from({ length: 12 }, (_, line) => ({
      name: `ingredient ${line}`,
      quantity: `${line + 1} tbsp`,
      section: line < 6 ? null : "For the sauce",
    })),
    steps: Array.from({ length: 8 }, (_, step) => ({ text: `Step ${step}: stir and wait a while.`, section: null })),
    tips: ["Keeps three days in the fridge."],
    tags: [{ kind: "cuisine", value: "Italian" }],
    photo: "full.jpg",
  };
}

const entries = Array.from({ length: RECIPES }, (_, index) => [
  { path: `Recipes/Recipe ${index}/recipe.json`, text: JSON.stringify(recipeJsonLd(recipe(index)), null, 2) },
  // a photo is read when its turn comes, as the service reads it from disk
  { path: `Recipes/Recipe ${index}/full.jpg`, bytes: async () => new Uint8Array(randomBytes(PHOTO_BYTES)) },
]).flat();

global.gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const started = performance.now();
let bytes = 0;
const reader = zipStream(entries).getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
}
const seconds = (performance.now() - started) / 1000;
delay.disable();
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`;
console.log(`${RECIPES} recipes with ${PHOTO_BYTES / 1024} KB photos: zip of ${mb(bytes)} in ${seconds.toFixed(2)} s`);
console.log(
  `longest event-loop wait ${(delay.max / 1e6).toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms)`
);
console.log(`added at peak: heap ${mb(peakHeap - before.heapUsed)}, RSS ${mb(peakRss - before.rss)}`);
