/**
 * Accuracy and speed of the embedded recogniser on ../shared/data/images/grocery-dev (4 photos per fine
 * class, labels.csv: file, fine_class, coarse_class), the new recogniser beside the one it replaced.
 *
 *   npm run bench:vision                 (the committed model in models/darknet-tiny)
 *   npm run bench:vision -- <model dir>
 *
 * Held-out folds: the file names do not tell shooting sessions apart (Class_001..004), so it is 4-fold over
 * photos: fold k tests the k-th photo of every fine class with a memory built from the other three (as the
 * shipped starter memory is built from all four). Each photo is tested once, by a memory that never saw it.
 * The truth is the most specific catalogue ingredient (ingredientOfPhoto: sweet potato, watermelon, apple
 * juice); "first" is the first item the app shows, "found" the right one anywhere in its list.
 *
 * "old" is the recogniser before issue 17, on the same folds: the penultimate layer only, the whole photo and
 * four 2/3 windows all at 224 px, examples labelled with the coarse class (no juice), the ImageNet classes
 * beside them, and its thresholds (0.5 whole photo, 0.8 window). "25 Nov" is the first issue-17 recogniser and
 * "066" the one before decision 068, "068" decision 068 with its amendment (the quarters read when the glance says
 * they may change the answer, until they settle it; main before decision 071; bench/vision-baselines.ts); "new" is
 * the shipped one (recognisePhoto: 068 and decision 071's second look at a yogurt). 066, 068
 * and new are timed as the app runs them, one after the other on each photo (in turn which goes first), so
 * that both see the same load. 066 and 068 are the shipped recogniser with later steps turned off, so they share
 * decision 072's savings (no ImageNet classes beside a memory, the faster search, 068 its reading order): what
 * main cost before 072 is measured against a checkout of it (docs/vision.md).
 */
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import type { Sharp } from "sharp";
import { ExampleMemory, type LabelledEmbedding } from "~/domain/vision";
import { ingredientOfClassName, ingredientOfPhoto, parseLabelsCsv, type LabelledPhoto } from "~/domain/vision-labels";
import { decodableImage } from "~/services/images.server";
import { classIngredients, recognisePhoto, scoreCrop } from "~/services/vision/embedded.server";
import {
  LEARNING_PLAN,
  loadClassifier,
  planCrops,
  RECOGNITION_PLAN,
  windowCrops,
  type CropAnalysis,
} from "~/services/vision/model.server";
import type { Recognition } from "~/services/vision/embedded.server";
import { GROCERY_DIR, tiled } from "../tests/support/vision";
import {
  confidentIngredients,
  NOVEMBER_THRESHOLDS,
  NOVEMBER_WINDOWS,
  OLD_PLAN,
  OLD_THRESHOLDS,
  recognise066,
  recognise068,
} from "./vision-baselines";

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
/** --quick: only 066, 068 and new on single photos (no old, no 25 Nov, no tiling), to iterate in 4 minutes */
const quick = flags.includes("--quick");
const modelDirectory = path.resolve(
  process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? "models/darknet-tiny"
);
if (!existsSync(path.join(GROCERY_DIR, "labels.csv")) || !existsSync(path.join(modelDirectory, "model.json"))) {
  console.log(
    `Skipped: needs ${GROCERY_DIR}/labels.csv (from ../shared, or SHARED_DIR) and ${modelDirectory}/model.json.`
  );
  process.exit(0);
}

const FOLDS = 4;
const PACKAGED = new Set([
  "Milk",
  "Oat-Milk",
  "Oatghurt",
  "Sour-Cream",
  "Sour-Milk",
  "Soy-Milk",
  "Soyghurt",
  "Yoghurt",
  "Juice",
]);

interface Photo extends LabelledPhoto {
  truth: string;
  /** the coarse class's ingredient, which the old memory stored (null: Juice, which it skipped) */
  oldLabel: string | null;
  group: "fruit" | "vegetables" | "packages";
  fold: number;
  /** the whole photo as it is and mirrored: the examples a memory stores */
  learning: CropAnalysis[];
  old: CropAnalysis[];
  november: CropAnalysis[];
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

const catalogue = getCatalogue();
const loadStarted = performance.now();
const loadCpu = cpuMs();
const classifier = await loadClassifier(modelDirectory);
const loadMs = performance.now() - loadStarted;
const loadCpuMs = cpuMs() - loadCpu;
const ingredientOfClass = classIngredients(classifier.labels, catalogue);
const read = (file: string) => decodableImage(readFileSync(path.join(GROCERY_DIR, file)));

const { photos: listed } = parseLabelsCsv(readFileSync(path.join(GROCERY_DIR, "labels.csv"), "utf8"));
const loadAtStart = loadAverage();
// the first photo pays for compiling the WebAssembly kernels (both sides): timed apart
const coldStarted = cpuMs();
await classifier.analyze(await read(listed[0].file), RECOGNITION_PLAN);
const coldCpuMs = cpuMs() - coldStarted;

const positions = new Map<string, number>();
const photos: Photo[] = [];
for (const labelled of listed) {
  const truth = ingredientOfPhoto(catalogue, labelled);
  if (!truth) throw new Error(`${labelled.file}: no catalogue ingredient for ${labelled.fineClass}`);
  const position = positions.get(labelled.fineClass) ?? 0;
  positions.set(labelled.fineClass, position + 1);
  const decoded = await classifier.decode(await read(labelled.file));
  const learning = await classifier.read(decoded, planCrops(decoded, LEARNING_PLAN));
  photos.push({
    ...labelled,
    truth: truth.name,
    oldLabel: ingredientOfClassName(catalogue, labelled.coarseClass)?.name ?? null,
    group: PACKAGED.has(labelled.coarseClass) ? "packages" : truth.type === "Fruit" ? "fruit" : "vegetables",
    fold: position % FOLDS,
    learning,
    old: quick ? [] : [learning[0], ...(await classifier.read(decoded, windowCrops(decoded, OLD_PLAN.windows!)))],
    november: quick ? [] : [learning[0], ...(await classifier.read(decoded, windowCrops(decoded, NOVEMBER_WINDOWS)))],
  });
  if (process.stdout.isTTY) process.stdout.write(`\r  analysed ${photos.length}/${listed.length} photos`);
}
if (process.stdout.isTTY) process.stdout.write("\n");

const ALL_RECOGNISERS = ["old", "25 Nov", "066", "068", "new"] as const;
type Recogniser = (typeof ALL_RECOGNISERS)[number];
const RECOGNISERS: readonly Recogniser[] = quick ? ["066", "068", "new"] : ALL_RECOGNISERS;
const memories = new Map<string, ExampleMemory>();
/** The memory of a fold: "new" is the shipped one's (25 Nov and 066 compare with the same, LEARNING_PLAN). */
function memoryFor(recogniser: "old" | "new", fold: number): ExampleMemory {
  const key = `${recogniser}:${fold}`;
  let memory = memories.get(key);
  if (!memory) {
    const learned = photos.filter((photo) => photo.fold !== fold);
    const examples: LabelledEmbedding[] =
      recogniser === "old"
        ? learned.flatMap((photo) =>
            photo.oldLabel ? [{ ingredient: photo.oldLabel, embedding: photo.old[0].penultimate, negative: false }] : []
          )
        : learned.flatMap((photo) =>
            photo.learning.map((crop) => ({
              ingredient: photo.truth,
              embedding: crop.embedding,
              negative: false,
            }))
          );
    memory = new ExampleMemory(examples);
    memories.set(key, memory);
  }
  return memory;
}

/** What the old or the 25 November recogniser says of a photo's crops (whole first). */
function baseline(recogniser: "old" | "25 Nov", crops: readonly CropAnalysis[], fold: number): string[] {
  if (recogniser === "old") {
    const memory = memoryFor("old", fold);
    const scores = crops.map((crop) =>
      scoreCrop(crop, ingredientOfClass, memory, { embedding: "penultimate", classifier: true })
    );
    return confidentIngredients(scores, OLD_THRESHOLDS).map(({ name }) => name);
  }
  const memory = memoryFor("new", fold);
  const scores = crops.map((crop) => scoreCrop(crop, ingredientOfClass, memory));
  return confidentIngredients(scores, NOVEMBER_THRESHOLDS).map(({ name }) => name);
}

interface Outcome {
  photo: Photo;
  found: string[];
}

/** The recognisers the app ran, each with the memory it compares with: decode, model pass(es), scoring. */
const RECOGNISE = {
  "066": (image: Sharp, fold: number) => recognise066(classifier, image, memoryFor("new", fold), ingredientOfClass),
  "068": (image: Sharp, fold: number) => recognise068(classifier, image, memoryFor("new", fold), ingredientOfClass),
  new: (image: Sharp, fold: number) => recognisePhoto(classifier, image, memoryFor("new", fold), ingredientOfClass),
} satisfies Record<string, (image: Sharp, fold: number) => Promise<Recognition>>;
type Timed = keyof typeof RECOGNISE;
const TIMED = Object.keys(RECOGNISE) as Timed[];

/** 066, 068 and the shipped recogniser on each photo, one after the other (in turn which first), timed as the app runs them. */
const timings = new Map<Timed, { cpu: number; windowsRead: boolean; centreRead: boolean }[]>(
  TIMED.map((name) => [name, []])
);
const appOutcomes = new Map<Timed, Outcome[]>(TIMED.map((name) => [name, []]));
for (const [index, photo] of photos.entries()) {
  for (const name of index % 2 === 0 ? TIMED : [...TIMED].reverse()) {
    const image = await read(photo.file);
    const started = cpuMs();
    const recognition = await RECOGNISE[name](image, photo.fold);
    timings.get(name)!.push({
      cpu: cpuMs() - started,
      windowsRead: recognition.windowsRead,
      centreRead: recognition.centreRead,
    });
    appOutcomes.get(name)!.push({ photo, found: recognition.ingredients.map(({ name }) => name) });
  }
}
for (const list of appOutcomes.values()) list.sort((a, b) => photos.indexOf(a.photo) - photos.indexOf(b.photo));
const newOutcomes = appOutcomes.get("new")!;
const outcomes = new Map<Recogniser, Outcome[]>([
  ...(quick
    ? []
    : ([
        ["old", photos.map((photo) => ({ photo, found: baseline("old", photo.old, photo.fold) }))],
        ["25 Nov", photos.map((photo) => ({ photo, found: baseline("25 Nov", photo.november, photo.fold) }))],
      ] as const)),
  ["066", appOutcomes.get("066")!],
  ["068", appOutcomes.get("068")!],
  ["new", newOutcomes],
]);

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)} %`);
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
};

function figures(list: Outcome[]) {
  const first = list.filter(({ photo, found }) => found[0] === photo.truth).length;
  const right = list.filter(({ photo, found }) => found.includes(photo.truth)).length;
  const wrong = list.reduce((sum, { photo, found }) => sum + found.filter((name) => name !== photo.truth).length, 0);
  const nothing = list.filter(({ found }) => found.length === 0).length;
  return { count: list.length, first, right, wrong, nothing };
}

function row(label: string, list: Outcome[]): string {
  const { count, first, right, wrong, nothing } = figures(list);
  return `| ${label} | ${count} | ${percent(first, count)} | ${percent(right, count)} | ${(wrong / count).toFixed(
    2
  )} | ${percent(nothing, count)} |`;
}

const groups: [string, (photo: Photo) => boolean][] = [
  ["all", () => true],
  ["produce (fruit + vegetables)", (photo) => photo.group !== "packages"],
  ["fruit", (photo) => photo.group === "fruit"],
  ["vegetables", (photo) => photo.group === "vegetables"],
  ["packages", (photo) => photo.group === "packages"],
];

console.log(
  `grocery-dev: ${photos.length} photos, ${positions.size} fine classes, ${
    new Set(photos.map((p) => p.truth)).size
  } ingredients`
);
console.log(`${FOLDS}-fold over photos (the k-th shot of every fine class held out in fold k)\n`);
console.log(
  "| recogniser, photos | photos | right item first | right item found | wrong items per photo | nothing found |"
);
console.log("|---|---|---|---|---|---|");
for (const [label, belongs] of groups) {
  for (const recogniser of RECOGNISERS) {
    console.log(
      row(
        `${recogniser}, ${label}`,
        outcomes.get(recogniser)!.filter(({ photo }) => belongs(photo))
      )
    );
  }
}

const byClass = new Map<string, Outcome[]>();
for (const outcome of newOutcomes)
  byClass.set(outcome.photo.fineClass, [...(byClass.get(outcome.photo.fineClass) ?? []), outcome]);
const worst = [...byClass]
  .map(([fineClass, list]) => ({ fineClass, list, ...figures(list) }))
  .sort((a, b) => a.first - b.first || b.wrong - a.wrong)
  .slice(0, 10);
console.log("\nThe 10 worst fine classes (new), what came first for each photo:\n");
for (const { fineClass, list, first, count } of worst) {
  const said = list.map(({ found }) => found[0] ?? "nothing").join(", ");
  console.log(`  ${fineClass} (${list[0].photo.truth}): ${first}/${count} first; said ${said}`);
}

const confusions = new Map<string, number>();
for (const { photo, found } of newOutcomes) {
  for (const name of found.filter((name) => name !== photo.truth)) {
    confusions.set(`${photo.truth} → ${name}`, (confusions.get(`${photo.truth} → ${name}`) ?? 0) + 1);
  }
}
const asYogurt = (recogniser: Recogniser) => {
  const plantOrJuice = outcomes.get(recogniser)!.filter(({ photo }) => /juice|oat milk|soy milk/.test(photo.truth));
  return `${plantOrJuice.filter(({ found }) => found.includes("yogurt")).length} of ${plantOrJuice.length} photos`;
};
const yogurtRecognised = (recogniser: Recogniser) => {
  const yogurts = outcomes.get(recogniser)!.filter(({ photo }) => photo.truth === "yogurt");
  const first = yogurts.filter(({ found }) => found[0] === "yogurt").length;
  const anywhere = yogurts.filter(({ found }) => found.includes("yogurt")).length;
  return `${first} of ${yogurts.length} first (${anywhere} anywhere)`;
};
console.log(
  `\nJuices and plant milks said to be yogurt: new ${asYogurt("new")}, 068 ${asYogurt("068")}, 066 ${asYogurt("066")}`
);
console.log(
  `Yogurt photos said to be yogurt: new ${yogurtRecognised("new")}, 068 ${yogurtRecognised(
    "068"
  )}, 066 ${yogurtRecognised("066")}`
);
console.log(
  `Most frequent wrong items (new): ${[...confusions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([pair, n]) => `${pair} ×${n}`)
    .join(", ")}`
);

/** Four held-out photos of four different ingredients tiled 2 × 2, per fold, by a fixed stride through the fold. */
async function printTiledFigures() {
  const TILES_PER_FOLD = 25;
  const TILE_STRIDE = 19;
  const tiledCounts = new Map<Recogniser, { found: number[]; wrong: number; cpu: number[] }>(
    RECOGNISERS.map((recogniser) => [recogniser, { found: [], wrong: 0, cpu: [] }])
  );
  for (let fold = 0; fold < FOLDS; fold++) {
    const tested = photos.filter((photo) => photo.fold === fold);
    let made = 0;
    for (let start = 0; start < tested.length && made < TILES_PER_FOLD; start += 3) {
      const four: Photo[] = [];
      for (let step = 0; four.length < 4 && step < tested.length; step++) {
        const candidate = tested[(start + step * TILE_STRIDE) % tested.length];
        if (!four.some((photo) => photo.truth === candidate.truth)) four.push(candidate);
      }
      if (four.length < 4) continue;
      made++;
      const picture = await tiled(four.map((photo) => photo.file));
      // in turn which goes first, as for the single photos
      for (const recogniser of made % 2 === 0 ? RECOGNISERS : [...RECOGNISERS].reverse()) {
        const image = await decodableImage(picture);
        const started = cpuMs();
        let found: string[];
        if (recogniser === "new" || recogniser === "066" || recogniser === "068") {
          const recognition = await RECOGNISE[recogniser](image, fold);
          found = recognition.ingredients.map(({ name }) => name);
        } else {
          const decoded = await classifier.decode(image);
          const crops = await classifier.read(
            decoded,
            planCrops(decoded, recogniser === "old" ? OLD_PLAN : { ...OLD_PLAN, windows: NOVEMBER_WINDOWS })
          );
          found = baseline(recogniser, crops, fold);
        }
        const counts = tiledCounts.get(recogniser)!;
        counts.cpu.push(cpuMs() - started);
        counts.found.push(four.filter((photo) => found.includes(photo.truth)).length);
        counts.wrong += found.filter((name) => !four.some((photo) => photo.truth === name)).length;
      }
    }
  }
  console.log("\nFour held-out photos of different ingredients tiled 2 × 2 (600 × 600 px):\n");
  console.log(
    "| recogniser | pictures | items found of 4 (mean) | at least 2 of 4 | wrong items per picture | CPU ms p50 | CPU ms p95 |"
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const [recogniser, { found, wrong, cpu }] of tiledCounts) {
    const pictures = found.length;
    const mean = found.reduce((sum, value) => sum + value, 0) / pictures;
    const twoOrMore = found.filter((value) => value >= 2).length;
    console.log(
      `| ${recogniser} | ${pictures} | ${mean.toFixed(2)} | ${percent(twoOrMore, pictures)} | ${(
        wrong / pictures
      ).toFixed(2)} | ${percentile(cpu, 0.5).toFixed(0)} | ${percentile(cpu, 0.95).toFixed(0)} |`
    );
  }
}
// --quick measures single photos only
if (!quick) await printTiledFigures();

console.log(
  `\nSpeed, CPU time (user + system, all threads), so that the machine's load counts little; 066, 068 and new in turn on each photo:`
);
console.log(`  model load once per process: ${loadMs.toFixed(0)} ms wall, ${loadCpuMs.toFixed(0)} ms CPU`);
console.log(`  cold first photo (compiles the WebAssembly kernels): ${coldCpuMs.toFixed(0)} ms CPU`);
const HOW: Record<Timed, string> = {
  "066": "decode, whole at 224, four more passes over the quarters at 160 when not sure",
  "068":
    "decode, whole at 224 with a glance at its quarters pooled from it, the quarters at 160 one at a time when that glance says they may change the answer, until they settle it",
  new: "as 068, and the centre (0.7 of each side) at 160 read when the whole photo names a yogurt without being sure of it",
};
for (const name of TIMED) {
  const list = timings.get(name)!;
  const single = list.map(({ cpu }) => cpu);
  const windowed = list.filter(({ windowsRead }) => windowsRead).map(({ cpu }) => cpu);
  const wholeOnly = list.filter(({ windowsRead, centreRead }) => !windowsRead && !centreRead).map(({ cpu }) => cpu);
  const centred = list.filter(({ centreRead }) => centreRead).map(({ cpu }) => cpu);
  console.log(
    `  ${name}, one photo (${HOW[name]}; ~${memoryFor("new", 0).size} examples searched per crop): p50 ${percentile(
      single,
      0.5
    ).toFixed(0)} ms, p95 ${percentile(single, 0.95).toFixed(0)} ms (target ≤ 300 ms p95)`
  );
  const share = (values: number[]) => percent(values.length, single.length);
  console.log(
    `    one pass (${share(wholeOnly)}): p50 ${percentile(wholeOnly, 0.5).toFixed(0)} ms; quarters read (${share(
      windowed
    )}): p50 ${percentile(windowed, 0.5).toFixed(0)} ms, p95 ${percentile(windowed, 0.95).toFixed(0)} ms${
      centred.length > 0
        ? `; centre read again (${share(centred)}): p50 ${percentile(centred, 0.5).toFixed(0)} ms, p95 ${percentile(
            centred,
            0.95
          ).toFixed(0)} ms`
        : ""
    }`
  );
}
console.log(
  `  load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}, on ${cpus().length} cores`
);
