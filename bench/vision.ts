/**
 * Accuracy and speed of the embedded recogniser on ../shared/data/images/grocery-dev (4 photos per fine
 * class, labels.csv: file, fine_class, coarse_class).
 *
 *   npm run bench:vision                 (the model in ../shared/models/darknet-tiny)
 *   npm run bench:vision -- <model dir>
 *
 * Fair split, two folds: within each fine class, photos 1 and 3 are learned and 2 and 4 tested, then the
 * other way round, so every photo is tested once by a memory that never saw it. Accuracy is counted at the
 * coarse-class level, as the catalogue ingredient the class names (Yoghurt, Soyghurt and Oatghurt are all
 * yogurt); classes the catalogue has no ingredient for (Juice) are left out. Top-1/top-3 rank every
 * ingredient any crop scored; "found" is the confident list the app shows. Then pairs of test photos of
 * two ingredients are laid on one canvas (apart, as on a table) to count how often both are found.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { confidentIngredients, ExampleMemory, rankIngredients, type LabelledEmbedding } from "~/domain/vision";
import { IMAGENET_INGREDIENTS, ingredientOfClassName, parseLabelsCsv } from "~/domain/vision-labels";
import { decodableImage } from "~/services/images.server";
import { classIngredients, scoreAnalysis } from "~/services/vision/embedded.server";
import { loadClassifier, type ImageAnalysis } from "~/services/vision/model.server";
import { onTable } from "../tests/support/vision";

const PHOTOS = path.resolve("../shared/data/images/grocery-dev");
const modelDirectory = path.resolve(process.argv[2] ?? "../shared/models/darknet-tiny");

if (!existsSync(path.join(PHOTOS, "labels.csv")) || !existsSync(path.join(modelDirectory, "model.json"))) {
  console.log(`Skipped: needs ${PHOTOS}/labels.csv and ${modelDirectory}/model.json (from ../shared).`);
  process.exit(0);
}

interface Photo {
  file: string;
  fineClass: string;
  /** the catalogue ingredient of its coarse class */
  truth: string;
  /** 1-based position within its fine class */
  position: number;
  analysis: ImageAnalysis;
  analyzeMs: number;
  /** CPU time of the analysis (all threads): what the photo costs, whatever else the machine is doing */
  analyzeCpuMs: number;
}

const catalogue = getCatalogue();
const loadStarted = performance.now();
const classifier = await loadClassifier(modelDirectory);
const loadMs = performance.now() - loadStarted;
const ingredientOfClass = classIngredients(classifier.labels, catalogue);

const { photos: listed } = parseLabelsCsv(readFileSync(path.join(PHOTOS, "labels.csv"), "utf8"));
const positions = new Map<string, number>();
const photos: Photo[] = [];
const leftOut = new Map<string, number>();
// the first photo pays for compiling the WebAssembly kernels; it is analysed twice and timed the second time
await classifier.analyze(await decodableImage(readFileSync(path.join(PHOTOS, listed[0].file))));
for (const { file, fineClass, coarseClass } of listed) {
  const truth = ingredientOfClassName(catalogue, coarseClass);
  if (!truth) {
    leftOut.set(coarseClass, (leftOut.get(coarseClass) ?? 0) + 1);
    continue;
  }
  const position = (positions.get(fineClass) ?? 0) + 1;
  positions.set(fineClass, position);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const analysis = await classifier.analyze(await decodableImage(readFileSync(path.join(PHOTOS, file))));
  const cpu = process.cpuUsage(cpuBefore);
  photos.push({
    file,
    fineClass,
    truth: truth.name,
    position,
    analysis,
    analyzeMs: performance.now() - started,
    analyzeCpuMs: (cpu.user + cpu.system) / 1000,
  });
  if (process.stdout.isTTY) process.stdout.write(`\r  analysed ${photos.length} photos`);
}
if (process.stdout.isTTY) process.stdout.write("\n");

const folds = [(photo: Photo) => photo.position % 2 === 1, (photo: Photo) => photo.position % 2 === 0];
const memoryOf = (learned: Photo[]) =>
  new ExampleMemory(learned.map((photo): LabelledEmbedding => ({ ingredient: photo.truth, embedding: photo.analysis.embeddings[0], negative: false })));

interface Outcome {
  photo: Photo;
  ranked: string[];
  found: string[];
  scoreMs: number;
}

function evaluate(withExamples: boolean): Outcome[] {
  return folds.flatMap((isLearned) => {
    const memory = memoryOf(withExamples ? photos.filter(isLearned) : []);
    return photos
      .filter((photo) => !isLearned(photo))
      .map((photo) => {
        const started = performance.now();
        const crops = scoreAnalysis(photo.analysis, ingredientOfClass, memory);
        const ranked = rankIngredients(crops).map(({ name }) => name);
        const found = confidentIngredients(crops).map(({ name }) => name);
        return { photo, ranked, found, scoreMs: performance.now() - started };
      });
  });
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
};

function row(label: string, outcomes: Outcome[]): string {
  const top = (k: number) => outcomes.filter(({ photo, ranked }) => ranked.slice(0, k).includes(photo.truth)).length;
  const foundRight = outcomes.filter(({ photo, found }) => found.includes(photo.truth)).length;
  const wrong = outcomes.reduce((sum, { photo, found }) => sum + found.filter((name) => name !== photo.truth).length, 0);
  const nothing = outcomes.filter(({ found }) => found.length === 0).length;
  return `| ${label} | ${outcomes.length} | ${percent(top(1), outcomes.length)} | ${percent(top(3), outcomes.length)} | ${percent(foundRight, outcomes.length)} | ${(wrong / outcomes.length).toFixed(2)} | ${percent(nothing, outcomes.length)} |`;
}

const imagenetKnows = new Set(Object.values(IMAGENET_INGREDIENTS));
const withoutExamples = evaluate(false);
const withExamples = evaluate(true);
const knownToImagenet = (outcomes: Outcome[]) => outcomes.filter(({ photo }) => imagenetKnows.has(photo.truth));

console.log(`grocery-dev: ${photos.length} photos of ${new Set(photos.map((photo) => photo.truth)).size} ingredients`);
console.log(`left out (no catalogue ingredient): ${[...leftOut].map(([name, count]) => `${name} (${count})`).join(", ") || "none"}`);
console.log(`learned examples per test: ${photos.length / 2} (half of each fine class), two folds\n`);
console.log("| recogniser | photos | top-1 | top-3 | found (right one listed) | wrong items per photo | nothing found |");
console.log("|---|---|---|---|---|---|---|");
console.log(row("classifier only", withoutExamples));
console.log(row("classifier + learned examples", withExamples));
console.log(row("classifier only, classes ImageNet knows", knownToImagenet(withoutExamples)));
console.log(row("classifier + examples, classes ImageNet knows", knownToImagenet(withExamples)));

/** Pairs of a fold's test photos of different ingredients, chosen by a fixed stride through the list. */
const PAIRS_PER_FOLD = 40;
const PAIR_STRIDE = 37;
const pairCounts = new Map([false, true].map((withExamples) => [withExamples, { pictures: 0, both: 0, one: 0, wrong: 0 }]));
for (const isLearned of folds) {
  const tested = photos.filter((photo) => !isLearned(photo));
  const memories = new Map([false, true].map((withExamples) => [withExamples, memoryOf(withExamples ? photos.filter(isLearned) : [])]));
  let made = 0;
  for (let i = 0; i < tested.length && made < PAIRS_PER_FOLD; i++) {
    const pair = [tested[i], tested[(i + PAIR_STRIDE) % tested.length]];
    if (pair[0].truth === pair[1].truth) continue;
    made++;
    const analysis = await classifier.analyze(await decodableImage(await onTable(pair.map((photo) => photo.file))));
    for (const [withExamples, memory] of memories) {
      const found = confidentIngredients(scoreAnalysis(analysis, ingredientOfClass, memory)).map(({ name }) => name);
      const hits = pair.filter((photo) => found.includes(photo.truth)).length;
      const counts = pairCounts.get(withExamples)!;
      counts.pictures++;
      if (hits === 2) counts.both++;
      if (hits >= 1) counts.one++;
      counts.wrong += found.filter((name) => !pair.some((photo) => photo.truth === name)).length;
    }
  }
}
const pairRows = [...pairCounts].map(
  ([withExamples, { pictures, both, one, wrong }]) =>
    `| ${withExamples ? "classifier + learned examples" : "classifier only"} | ${pictures} | ${percent(both, pictures)} | ${percent(one, pictures)} | ${(wrong / pictures).toFixed(2)} |`,
);
console.log("\nTwo photos of different ingredients on one canvas:\n");
console.log("| recogniser | pictures | both found | at least one found | wrong items per picture |");
console.log("|---|---|---|---|---|");
for (const pairRow of pairRows) console.log(pairRow);

const analyzeMs = photos.map((photo) => photo.analyzeMs);
const totalMs = withExamples.map(({ photo, scoreMs }) => photo.analyzeMs + scoreMs);
console.log(`\nmodel load: ${loadMs.toFixed(0)} ms (once per process)`);
console.log(`per photo (decode, 5 crops through the model, ${photos.length / 2} examples searched per crop):`);
console.log(`  analysis  mean ${mean(analyzeMs).toFixed(0)} ms, p50 ${percentile(analyzeMs, 0.5).toFixed(0)} ms, p95 ${percentile(analyzeMs, 0.95).toFixed(0)} ms`);
const cpuMs = photos.map((photo) => photo.analyzeCpuMs);
console.log(`  CPU time  mean ${mean(cpuMs).toFixed(0)} ms, p50 ${percentile(cpuMs, 0.5).toFixed(0)} ms (all threads; wall time above depends on the machine's load)`);
console.log(`  scoring   mean ${mean(withExamples.map((o) => o.scoreMs)).toFixed(2)} ms`);
console.log(`  total     mean ${mean(totalMs).toFixed(0)} ms, p50 ${percentile(totalMs, 0.5).toFixed(0)} ms, p95 ${percentile(totalMs, 0.95).toFixed(0)} ms (target ≤ 300 ms)`);
