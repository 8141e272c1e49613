/**
 * npm run vision:train [-- <shared images dir>]
 * Trains what a fresh install recognises groceries with (decision 090): the classifier head over the backbone's
 * pooled features (models/grocery-head/head.json) from the GroceryStoreDataset dev and training photos
 * (../shared/data/images/grocery-dev and grocery-train, MIT), each read as it is, mirrored and in random crops
 * with their colours moved; the settings (which layers, the L2 penalty, test-time mirroring) are chosen on
 * grocery-val only, which is never trained on, and its figures are printed. Reproducible: fixed seeds, one
 * thread. The backbone's features are cached under .cache/vision-features. Needs no database.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { embeddingOfFeatures, headScores, type ClassifierHead } from "~/domain/vision-head";
import { rankIngredients } from "~/domain/vision";
import { encodeHead, HEAD_FILE, type HeadFile } from "~/services/vision/head.server";
import { trainHead, type HeadSettings, type LabelledRows } from "~/services/vision/head-training.server";
import { encodeStarterVectors, STARTER_MEMORY_FILE, type StarterMemoryFile } from "~/services/vision/memory.server";
import { loadClassifier } from "~/services/vision/model.server";
import {
  folderFeatures,
  isProduce,
  labelledFolder,
  type TrainingPhoto,
} from "~/services/vision/training-features.server";

/** Views of each training photo: as it is, mirrored, and random crops with their colours moved (viewOf). */
const TRAINING_VIEWS = [0, 1, 2];
const FULL_SET = "15 + 14 mean/max + 10 mean + colours";
/** The feature sets compared on grocery-val (columns of headFeatures: 128 + 512 + 512 + 256 + 11). */
const LAYERS: Record<string, [number, number][]> = {
  "leaky_re_lu_15 mean": [[0, 128]],
  "leaky_re_lu_14 mean": [[128, 640]],
  "15 mean + 14 mean + 14 max": [[0, 1152]],
  [FULL_SET]: [[0, 1419]],
};
/** The L2 penalties tried for the full feature set; the single layers are compared at the middle one. */
const L2_PENALTIES = [1e-4, 3e-4, 1e-3, 3e-3];
const EPOCHS = 40;
const LEARNING_RATE = 1e-3;

const columnsOf = (ranges: [number, number][]) =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, index) => from + index));

interface Scored {
  photo: TrainingPhoto;
  ranked: string[];
}

function figures(list: readonly Scored[]) {
  const share = (part: number) => (list.length === 0 ? 0 : part / list.length);
  return {
    count: list.length,
    top1: share(list.filter(({ photo, ranked }) => ranked[0] === photo.ingredient).length),
    top3: share(list.filter(({ photo, ranked }) => ranked.slice(0, 3).includes(photo.ingredient)).length),
  };
}

const pct = (value: number) => `${(100 * value).toFixed(1)} %`;

async function main([sharedImages = "../shared/data/images"]: string[]) {
  const catalogue = getCatalogue();
  const classifier = await loadClassifier(path.resolve("models/darknet-tiny"));
  const folders = {
    dev: path.join(sharedImages, "grocery-dev"),
    train: path.join(sharedImages, "grocery-train"),
    val: path.join(sharedImages, "grocery-val"),
  };
  const progress = (name: string) => (done: number, total: number) => {
    if (done % 500 === 0) console.log(`  reading ${name}: ${done}/${total}`);
  };
  const training: LabelledRows & { photos: TrainingPhoto[] } = { rows: [], labels: [], photos: [] };
  const trainingPhotos = [
    ...(await labelledFolder(folders.dev, catalogue)).map((photo) => ({ photo, folder: folders.dev })),
    ...(await labelledFolder(folders.train, catalogue)).map((photo) => ({ photo, folder: folders.train })),
  ];
  const classes = [...new Set(trainingPhotos.map(({ photo }) => photo.ingredient))].sort();
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  for (const folder of [folders.dev, folders.train]) {
    const photos = trainingPhotos.filter((entry) => entry.folder === folder).map(({ photo }) => photo);
    for (const view of TRAINING_VIEWS) {
      const features = await folderFeatures(classifier, folder, photos, view, progress(`${folder} view ${view}`));
      rows.push(...features);
      labels.push(...photos.map((photo) => classes.indexOf(photo.ingredient)));
    }
  }
  Object.assign(training, { rows, labels, photos: trainingPhotos.map(({ photo }) => photo) });
  const valPhotos = (await labelledFolder(folders.val, catalogue)).filter((photo) =>
    classes.includes(photo.ingredient)
  );
  const valViews = [
    await folderFeatures(classifier, folders.val, valPhotos, 0, progress("val")),
    await folderFeatures(classifier, folders.val, valPhotos, 1, progress("val mirrored")),
  ];
  console.log(
    `Training: ${trainingPhotos.length} photos (grocery-dev + grocery-train) × ${TRAINING_VIEWS.length} views, ${classes.length} ingredients; choosing on grocery-val: ${valPhotos.length} photos`
  );

  const evaluate = (head: ClassifierHead, mirrored: boolean): Scored[] =>
    valPhotos.map((photo, index) => {
      const views = mirrored ? [valViews[0][index], valViews[1][index]] : [valViews[0][index]];
      return { photo, ranked: rankIngredients([headScores(head, views)]).map(({ name }) => name) };
    });

  let best: { head: ClassifierHead; settings: HeadSettings; label: string; mirrored: boolean; top1: number } | null =
    null;
  console.log("\n| features | L2 | val top-1 | val top-3 | top-1, mirrored too | top-3, mirrored too |");
  console.log("|---|---|---|---|---|---|");
  for (const [label, ranges] of Object.entries(LAYERS)) {
    for (const l2 of label === FULL_SET ? L2_PENALTIES : [3e-4]) {
      const settings: HeadSettings = { l2, epochs: EPOCHS, learningRate: LEARNING_RATE, columns: columnsOf(ranges) };
      const head = await trainHead(training, classes, settings);
      const plain = figures(evaluate(head, false));
      const mirrored = figures(evaluate(head, true));
      console.log(
        `| ${label} | ${l2} | ${pct(plain.top1)} | ${pct(plain.top3)} | ${pct(mirrored.top1)} | ${pct(mirrored.top3)} |`
      );
      for (const [top1, flip] of [
        [plain.top1, false],
        [mirrored.top1, true],
      ] as const) {
        if (!best || top1 > best.top1) best = { head, settings, label, mirrored: flip, top1 };
      }
    }
  }
  if (!best) return 1;
  const chosen = evaluate(best.head, best.mirrored);
  const all = figures(chosen);
  const produce = figures(chosen.filter(({ photo }) => isProduce(photo)));
  console.log(
    `\nChosen on grocery-val: ${best.label}, L2 ${best.settings.l2}, ${
      best.mirrored ? "photo and its mirror image" : "photo alone"
    }`
  );
  console.log(
    `  all ${all.count} photos: top-1 ${pct(all.top1)}, top-3 ${pct(all.top3)}; produce ${produce.count}: top-1 ${pct(
      produce.top1
    )}, top-3 ${pct(produce.top3)}`
  );
  const file: HeadFile = encodeHead(best.head, {
    source:
      "GroceryStoreDataset dev + training photos (MIT, (c) 2019 Marcus Klasson), ../shared/data/images/grocery-dev and grocery-train",
    model: classifier.fingerprint,
    mirrored: best.mirrored,
    settings: `${best.label}; L2 ${
      best.settings.l2
    }; ${EPOCHS} epochs of Adam at ${LEARNING_RATE}; views ${TRAINING_VIEWS.join(", ")}`,
    validation: `grocery-val ${all.count} photos: top-1 ${pct(all.top1)}, top-3 ${pct(all.top3)}; produce ${
      produce.count
    }: top-1 ${pct(produce.top1)}, top-3 ${pct(produce.top3)}`,
  });
  mkdirSync(path.dirname(HEAD_FILE), { recursive: true });
  writeFileSync(HEAD_FILE, `${JSON.stringify(file)}\n`);
  console.log(`Wrote ${HEAD_FILE}`);

  // The starter memory: the grocery-dev photos as they are and mirrored (what `vision:starter` writes), which the
  // head's answers are weighed by (familiarity) and which recognition falls back to without the head.
  const devPhotos = trainingPhotos.filter((entry) => entry.folder === folders.dev).map(({ photo }) => photo);
  const [plain, mirrored] = [
    await folderFeatures(classifier, folders.dev, devPhotos, 0),
    await folderFeatures(classifier, folders.dev, devPhotos, 1),
  ];
  const starter: StarterMemoryFile = {
    source: "GroceryStoreDataset dev photos (MIT, (c) 2019 Marcus Klasson), ../shared/data/images/grocery-dev",
    model: classifier.fingerprint,
    dimensions: embeddingOfFeatures(plain[0]).length,
    ingredients: devPhotos.flatMap((photo) => [photo.ingredient, photo.ingredient]),
    vectors: encodeStarterVectors(plain.flatMap((row, index) => [row, mirrored[index]].map(embeddingOfFeatures))),
  };
  writeFileSync(STARTER_MEMORY_FILE, `${JSON.stringify(starter)}\n`);
  console.log(`Wrote ${STARTER_MEMORY_FILE}: ${starter.ingredients.length} examples`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
