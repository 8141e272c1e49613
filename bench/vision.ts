/**
 * Accuracy and speed of the embedded recogniser on ../shared/data/images/grocery-val (the GroceryStoreDataset
 * validation split, 296 photos: never trained on), "old" (main at 2344d98, bench/vision-baselines.ts) beside
 * "new" (the shipped one: decisions 090, 104, 129, 157 and 182) in the same run, each photo read by both in turn (which goes
 * first alternates), as a fresh install runs them: no learned examples. grocery-val is split in two (valHalves,
 * decision 129): vision:train chooses its settings on the choose half, so the report half is the honest figure;
 * both halves and the whole set are printed, labelled.
 *
 *   npm run bench:vision
 *
 * The truth is the most specific catalogue ingredient (ingredientOfPhoto). "top-1": the first choice shown is
 * right (a sure guess, or the first of an unsure photo's choices); "top-3": the right one is among the choices
 * offered for the first item (it and its alternatives); "wrong": sure items the photo does not show (each is
 * chosen to start with: confirming without a look adds it); "unsure": photos offered choices with none chosen.
 * Collages: four val photos of four ingredients tiled 2 × 2 (600 × 600 px).
 */
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { ExampleMemory, SHIPPED_MODEL_DIRECTORY } from "~/domain/vision";
import { decodableImage, UploadRejectedError } from "~/services/images.server";
import { classIngredients, headSteps, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { groceryHead } from "~/services/vision/head.server";
import { starterExamples } from "~/services/vision/memory.server";
import { loadClassifier, tensorflow } from "~/services/vision/model.server";
import { isProduce, labelledFolder, type TrainingPhoto } from "~/services/vision/training-features.server";
import { valHalves } from "~/domain/vision-head";
import { tiled } from "../tests/support/vision";
import { OLD_COMMIT, oldRecogniser } from "./vision-baselines";
import { percentile } from "./support/stats";

const VAL_DIR = path.join(path.resolve(process.env.SHARED_DIR ?? "../shared"), "data/images/grocery-val");
const modelDirectory = path.resolve(SHIPPED_MODEL_DIRECTORY);
if (!existsSync(path.join(VAL_DIR, "labels.csv"))) {
  console.log(`Skipped: needs ${VAL_DIR}/labels.csv (from ../shared, or SHARED_DIR).`);
  process.exit(0);
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);

const catalogue = getCatalogue();
/** What loading costs, part by part: CPU ms and wall ms. */
const loadParts: [string, number, number][] = [];
async function timedLoad<T>(label: string, load: () => T | Promise<T>): Promise<T> {
  const [cpuStart, wallStart] = [cpuMs(), performance.now()];
  const loaded = await load();
  loadParts.push([label, cpuMs() - cpuStart, performance.now() - wallStart]);
  return loaded;
}
const loadAtLoad = loadAverage();
await timedLoad("TensorFlow.js and its WebAssembly backend", tensorflow);
const classifier = await timedLoad("the model read and folded", () => loadClassifier(modelDirectory));
const head = await timedLoad("the head", () => groceryHead(classifier.fingerprint));
const starter = await timedLoad("the starter memory", () => starterExamples(classifier.fingerprint));
if (!head) throw new Error("No trained head: run npm run vision:train first");
const ingredientOfClass = classIngredients(classifier.labels, catalogue);
const starterMemory = new ExampleMemory(starter);

const previous = await oldRecogniser();
type Name = "old" | "new";
type Recogniser = (image: Parameters<typeof recognisePhoto>[1]) => Promise<Recognition>;
const RECOGNISERS: Partial<Record<Name, Recogniser>> = {
  ...(previous && { old: (image) => previous(image, ingredientOfClass) }),
  new: (image) => recognisePhoto(classifier, image, starterMemory, ingredientOfClass, headSteps(head)),
};
const NAMES = Object.keys(RECOGNISERS) as Name[];
const recognise = (name: Name, image: Parameters<Recogniser>[0]) => RECOGNISERS[name]!(image);

const read = (file: string) => decodableImage(readFileSync(path.join(VAL_DIR, file)));
const labelled = await labelledFolder(VAL_DIR, catalogue);
// Split as vision:train splits (the photos of the head's ingredients, before any is refused): valHalves gives an
// odd class's extra photo to the smaller half, so splitting another set of photos could move photos between halves.
const halves = valHalves(labelled.filter((photo) => head.classes.includes(photo.ingredient)));
const refused: string[] = [];
const photos: TrainingPhoto[] = [];
for (const photo of labelled) {
  try {
    await read(photo.file);
    photos.push(photo);
  } catch (error) {
    if (!(error instanceof UploadRejectedError)) throw error;
    // a real photo the upload checks refuse: said, not measured (neither recogniser could read it)
    refused.push(`${photo.file} (${error.message})`);
  }
}
const coldStarted = cpuMs();
for (const name of NAMES) await recognise(name, await read(photos[0].file));
const coldCpuMs = cpuMs() - coldStarted;
const loadAtStart = loadAverage();

interface Outcome {
  photo: TrainingPhoto;
  /** the sure items */
  found: string[];
  /** the choices offered for the first item, sure or not, first one first */
  offered: string[];
  cpu: number;
}
const outcomes = new Map<Name, Outcome[]>(NAMES.map((name) => [name, []]));
const offeredOf = (recognition: Recognition) => {
  const [first] = recognition.ingredients;
  if (first) return [first.name, ...(recognition.alternatives[0] ?? [])];
  return recognition.unsure ? [recognition.unsure.name, ...recognition.unsure.alternatives] : [];
};
for (const [index, photo] of photos.entries()) {
  for (const name of index % 2 === 0 ? NAMES : [...NAMES].reverse()) {
    const image = await read(photo.file);
    const started = cpuMs();
    const recognition = await recognise(name, image);
    const cpu = cpuMs() - started;
    outcomes.get(name)!.push({
      photo,
      found: recognition.ingredients.map((item) => item.name),
      offered: offeredOf(recognition),
      cpu,
    });
  }
  if (process.stdout.isTTY) process.stdout.write(`\r  ${index + 1}/${photos.length} photos`);
}
if (process.stdout.isTTY) process.stdout.write("\n");

function row(label: string, list: Outcome[]) {
  const top1 = list.filter(({ photo, offered }) => offered[0] === photo.ingredient).length;
  const top3 = list.filter(({ photo, offered }) => offered.includes(photo.ingredient)).length;
  const wrong = list.reduce(
    (sum, { photo, found }) => sum + found.filter((name) => name !== photo.ingredient).length,
    0
  );
  const unsure = list.filter(({ found, offered }) => found.length === 0 && offered.length > 0).length;
  const nothing = list.filter(({ offered }) => offered.length === 0).length;
  return `| ${label} | ${list.length} | ${percent(top1, list.length)} | ${percent(top3, list.length)} | ${(
    wrong / list.length
  ).toFixed(2)} | ${percent(unsure, list.length)} | ${percent(nothing, list.length)} |`;
}

console.log(
  `grocery-val: ${photos.length} photos, ${new Set(photos.map((photo) => photo.fineClass)).size} fine classes, ${
    new Set(photos.map((photo) => photo.ingredient)).size
  } ingredients; a fresh install (no learned examples)${
    refused.length > 0 ? `; refused by the upload checks, left out: ${refused.join(", ")}` : ""
  }\n`
);
console.log(`old: main at ${OLD_COMMIT}; new: this tree\n`);
const halfOf = new Map([
  ...halves.choose.map((photo) => [photo, "choose"] as const),
  ...halves.report.map((photo) => [photo, "report"] as const),
]);
console.log(
  `grocery-val halves (valHalves, as vision:train splits them): choose ${halves.choose.length} photos (vision:train chose the settings on these), report ${halves.report.length} (never chosen on); "all of grocery-val" pools both, so half of it was chosen on\n`
);
console.log(
  "| half, photos, recogniser | photos | top-1 (first choice) | top-3 (choices offered) | wrong sure items per photo | unsure: choices, none chosen | nothing offered |"
);
console.log("|---|---|---|---|---|---|---|");
for (const half of ["report", "choose", "all"] as const) {
  for (const [label, belongs] of [
    ["all", () => true],
    ["produce", isProduce],
    ["packages", (photo: TrainingPhoto) => !isProduce(photo)],
  ] as const) {
    for (const name of NAMES)
      console.log(
        row(
          `${half === "all" ? "all of grocery-val (half chosen on)" : `${half} half`}, ${label}, ${name}`,
          outcomes.get(name)!.filter(({ photo }) => belongs(photo) && (half === "all" || halfOf.get(photo) === half))
        )
      );
  }
}

const confusions = new Map<string, number>();
for (const { photo, offered } of outcomes.get("new")!) {
  const said = offered[0] ?? "nothing";
  if (said !== photo.ingredient)
    confusions.set(`${photo.ingredient} → ${said}`, (confusions.get(`${photo.ingredient} → ${said}`) ?? 0) + 1);
}
console.log(
  `\nMost frequent wrong first choices (new): ${[...confusions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([pair, count]) => `${pair} ×${count}`)
    .join(", ")}`
);

const COLLAGES = 40;
const STRIDE = 37;
const collageCounts = new Map<Name, { found: number[]; wrong: number; cpu: number[] }>(
  NAMES.map((name) => [name, { found: [], wrong: 0, cpu: [] }])
);
for (let made = 0, start = 0; made < COLLAGES && start < photos.length; start += 7) {
  const four: TrainingPhoto[] = [];
  for (let step = 0; four.length < 4 && step < photos.length; step++) {
    const candidate = photos[(start + step * STRIDE) % photos.length];
    if (!four.some((photo) => photo.ingredient === candidate.ingredient)) four.push(candidate);
  }
  if (four.length < 4) continue;
  made++;
  const picture = await tiled(
    four.map((photo) => photo.file),
    300,
    VAL_DIR
  );
  for (const name of made % 2 === 0 ? NAMES : [...NAMES].reverse()) {
    const image = await decodableImage(picture);
    const started = cpuMs();
    const found = (await recognise(name, image)).ingredients.map((item) => item.name);
    const counts = collageCounts.get(name)!;
    counts.cpu.push(cpuMs() - started);
    counts.found.push(four.filter((photo) => found.includes(photo.ingredient)).length);
    counts.wrong += found.filter((item) => !four.some((photo) => photo.ingredient === item)).length;
  }
}
console.log("\nFour val photos of different ingredients tiled 2 × 2:\n");
console.log(
  "| recogniser | collages | items found of 4 (mean) | at least 2 of 4 | wrong items per collage | CPU ms p50 | p95 |"
);
console.log("|---|---|---|---|---|---|---|");
for (const [name, { found, wrong, cpu }] of collageCounts) {
  const mean = found.reduce((sum, value) => sum + value, 0) / found.length;
  console.log(
    `| ${name} | ${found.length} | ${mean.toFixed(2)} | ${percent(
      found.filter((value) => value >= 2).length,
      found.length
    )} | ${(wrong / found.length).toFixed(2)} | ${percentile(cpu, 0.5).toFixed(0)} | ${percentile(cpu, 0.95).toFixed(
      0
    )} |`
  );
}

console.log("\nSpeed, CPU ms (user + system) per single photo, decode to answer, old and new in turn:");
for (const name of NAMES) {
  const cpu = outcomes.get(name)!.map((outcome) => outcome.cpu);
  console.log(`  ${name}: p50 ${percentile(cpu, 0.5).toFixed(0)} ms, p95 ${percentile(cpu, 0.95).toFixed(0)} ms`);
}
const [loadCpu, loadWall] = loadParts.reduce(
  ([cpu, wall], [, partCpu, partWall]) => [cpu + partCpu, wall + partWall],
  [0, 0]
);
console.log(
  `  load (model, head and starter memory): ${loadCpu.toFixed(0)} ms CPU, ${loadWall.toFixed(
    0
  )} ms wall (target ≤ 1.5 s), at a load average of ${loadAtLoad}: ${loadParts
    .map(([label, cpu, wall]) => `${label} ${cpu.toFixed(0)} / ${wall.toFixed(0)} ms`)
    .join(", ")}; first photos (compile kernels): ${coldCpuMs.toFixed(0)} ms CPU`
);
console.log(
  `  load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}, on ${cpus().length} cores`
);
