/**
 * Decision 170's comparison: nsfwjs InceptionV3's pooled mixed blocks beside darknet-tiny's features for the
 * grocery head, on cached features (bench/vision-inception-features.ts and vision:train's cache):
 * - `speed`: each reading's CPU ms per photo (decode and passes), median of 24 choose-half photos, interleaved;
 * - `choose`: the choose half of grocery-val (valHalves; the report half is never read here), head only;
 * - `fold0` ... `fold2`: 3-fold cross-validation on grocery-dev + grocery-train (blockedFolds), each held-out
 *   photo read as it is and mirrored.
 * - `darknet`: for information, darknet-tiny alone read in fewer views (what C's one pass is up against);
 * - `sizes`: for information, InceptionV3 at 224 and 299 px trained and read on the photo as it is only.
 * Then decision 170's rule. Each part prints a COUNTS line; `--combine <log>...` joins runs made apart (the
 * speed runs given are averaged).
 * nsfwjs is not a dependency of the app: install it apart (`npm install nsfwjs@4.4.0` in an empty folder) and
 *   NSFWJS_DIR=<folder>/node_modules/nsfwjs VISION_FEATURE_CACHE=... npx tsx bench/vision-inception-candidates.ts [speed] [choose] [fold0]...
 */
import { readFileSync } from "node:fs";
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
import { decodeHead, HEAD_FILE, type HeadFile } from "~/services/vision/head.server";
import { LINEAR_HEAD, trainHead, type LabelledRows } from "~/services/vision/head-training.server";
import { INCEPTION_BLOCKS, INCEPTION_CHANNELS, loadInception } from "./support/inception";
import { loadClassifier, type CropRequest } from "~/services/vision/model.server";
import { aheadOf, countCandidates, countsOfLogs, printCounts, sumCounts, type PartCounts } from "./support/head-counts";
import {
  cachedFolderFeatures,
  labelledFolder,
  viewNumber,
  type TrainingPhoto,
} from "~/services/vision/training-features.server";

const SIDE = 224;
const TIMED_PHOTOS = 24;
/** Decision 170: a reading may cost this much more CPU per photo than the shipped one. */
const SPEED_ALLOWANCE_MS = 60;
const images = "../shared/data/images";

const WHOLE: TestView = { size: 1, mirrored: false };
const MIRROR: TestView = { size: 1, mirrored: true };

/** A reading: darknet-tiny's views and InceptionV3's views of one photo. */
interface Reading {
  darknet: readonly TestView[];
  inception: readonly TestView[];
}

/** The readings the candidates need, by name; "shipped" is E's. */
function readings(shipped: readonly TestView[]): Record<string, Reading> {
  return {
    shipped: { darknet: shipped, inception: [] },
    "Inception whole": { darknet: [], inception: [WHOLE] },
    "Inception whole + mirror": { darknet: [], inception: [WHOLE, MIRROR] },
    "darknet whole + Inception whole": { darknet: [WHOLE], inception: [WHOLE] },
    "darknet and Inception whole + mirror": { darknet: [WHOLE, MIRROR], inception: [WHOLE, MIRROR] },
    "shipped + Inception whole": { darknet: shipped, inception: [WHOLE] },
    "darknet whole + mirror, Inception whole": { darknet: [WHOLE, MIRROR], inception: [WHOLE] },
  };
}

/** Which reading each candidate needs (decision 170's list). */
const CANDIDATE_READING: Record<string, string> = {
  E: "shipped",
  "I5 whole": "Inception whole",
  "I5 whole + mirror": "Inception whole + mirror",
  "I456 whole": "Inception whole",
  "I456 whole + mirror": "Inception whole + mirror",
  "C whole": "darknet whole + Inception whole",
  "C whole + mirror": "darknet and Inception whole + mirror",
  "M3 0.7 E + 0.3 I456": "shipped + Inception whole",
  "M5 0.5 E + 0.5 I456": "shipped + Inception whole",
  "M5-2 0.5 E (whole + mirror) + 0.5 I456": "darknet whole + mirror, Inception whole",
  "MC 0.5 E + 0.5 C": "shipped + Inception whole",
};

const I5 = [INCEPTION_BLOCKS.indexOf("mixed5")];
const I456 = INCEPTION_BLOCKS.map((_, index) => index);
const inceptionRow = (pooled: Float32Array, blocks: readonly number[], darknet?: Float32Array) =>
  blockFeatures(pooled, INCEPTION_CHANNELS, blocks, darknet);

/** One photo's cached features: darknet-tiny's and InceptionV3's, by view number. */
interface PhotoFeatures {
  photo: TrainingPhoto;
  darknet: Map<number, Float32Array>;
  inception: Map<number, Float32Array>;
}

interface Heads {
  /** the shipped head (the choose half) or the darknet-tiny linear head on views 0 and 1 (A01, the folds) */
  base: ClassifierHead | MixedHead;
  i5: ClassifierHead;
  i456: ClassifierHead;
  c: ClassifierHead;
}

type Scores = Map<string, number>;

function mixed(parts: readonly [number, Scores][]): Scores {
  const out: Scores = new Map();
  for (const [weight, scores] of parts)
    for (const [name, score] of scores) out.set(name, (out.get(name) ?? 0) + weight * score);
  return out;
}

/** Each candidate's scores of a photo: the base head over `baseViews`, the others over `views` (view numbers). */
function candidateScores(
  heads: Heads,
  features: PhotoFeatures,
  baseViews: readonly number[],
  views: { whole: number[]; both: number[] }
): Record<string, Scores> {
  const darknetOf = (view: number) => features.darknet.get(view)!;
  const inceptionOf = (view: number) => features.inception.get(view)!;
  const i5 = (list: number[]) =>
    headScores(
      heads.i5,
      list.map((view) => inceptionRow(inceptionOf(view), I5))
    );
  const i456 = (list: number[]) =>
    headScores(
      heads.i456,
      list.map((view) => inceptionRow(inceptionOf(view), I456))
    );
  const c = (list: number[]) =>
    headScores(
      heads.c,
      list.map((view) => inceptionRow(inceptionOf(view), I456, darknetOf(view)))
    );
  const base = headScores(heads.base, baseViews.map(darknetOf));
  const baseTwo = headScores(heads.base, [0, 1].map(darknetOf));
  const i456Whole = i456(views.whole);
  const cWhole = c(views.whole);
  return {
    E: base,
    "I5 whole": i5(views.whole),
    "I5 whole + mirror": i5(views.both),
    "I456 whole": i456Whole,
    "I456 whole + mirror": i456(views.both),
    "C whole": cWhole,
    "C whole + mirror": c(views.both),
    "M3 0.7 E + 0.3 I456": mixed([
      [0.7, base],
      [0.3, i456Whole],
    ]),
    "M5 0.5 E + 0.5 I456": mixed([
      [0.5, base],
      [0.5, i456Whole],
    ]),
    "M5-2 0.5 E (whole + mirror) + 0.5 I456": mixed([
      [0.5, baseTwo],
      [0.5, i456Whole],
    ]),
    "MC 0.5 E + 0.5 C": mixed([
      [0.5, base],
      [0.5, cWhole],
    ]),
  };
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function table(title: string, counts: PartCounts, speed?: Record<string, number>) {
  console.log(`\n${title}\n\n| candidate | ms per photo | produce top-1 | produce top-3 | all top-1 | all top-3 |`);
  console.log("|---|---|---|---|---|---|");
  for (const [name, c] of Object.entries(counts)) {
    const ms = speed?.[CANDIDATE_READING[name]];
    console.log(
      `| ${name} | ${ms === undefined ? "" : ms.toFixed(0)} | ${pct(c.produceTop1, c.produce)} (${c.produceTop1}/${
        c.produce
      }) | ${pct(c.produceTop3, c.produce)} (${c.produceTop3}) | ${pct(c.top1, c.photos)} | ${pct(c.top3, c.photos)} |`
    );
  }
}

/** The part of a candidate the cross-validation checks (decision 170: E's place taken by A01). */
const CHECKED_AS: Record<string, string> = {
  "I5 whole": "I5 whole + mirror",
  "I456 whole": "I456 whole + mirror",
  "C whole": "C whole + mirror",
};

/** Decision 170's rule: eligible by speed, ordered on the choose half, checked by the cross-validation. */
function choose(chooseHalf: PartCounts, crossValidation: PartCounts, speed: Record<string, number>): string {
  const ahead = aheadOf;
  const cost = (name: string) => speed[CANDIDATE_READING[name]];
  const eligible = Object.keys(chooseHalf).filter(
    (name) => cost(name) <= speed.shipped + SPEED_ALLOWANCE_MS || name === "E"
  );
  console.log(`\nEligible by speed (≤ ${(speed.shipped + SPEED_ALLOWANCE_MS).toFixed(0)} ms): ${eligible.join(", ")}`);
  const ordered = [...eligible].sort((a, b) =>
    ahead(chooseHalf[a], chooseHalf[b]) ? -1 : ahead(chooseHalf[b], chooseHalf[a]) ? 1 : cost(a) - cost(b)
  );
  console.log(`Choose-half order (decision 170): ${ordered.join(" > ")}`);
  for (const name of ordered) {
    if (name === "E") break;
    if (!ahead(chooseHalf[name], chooseHalf.E)) continue;
    const cv = crossValidation[CHECKED_AS[name] ?? name];
    const a01 = crossValidation.E;
    const vetoed = cv.produceTop1 < a01.produceTop1 || cv.produceTop3 < a01.produceTop3;
    console.log(`${name}: ahead of E on the choose half; cross-validation ${vetoed ? "vetoes" : "agrees"}`);
    if (!vetoed) return name;
  }
  return "E (nothing ships)";
}

function conclude(parts: Map<string, unknown>) {
  const speed = parts.get("speed") as Record<string, number> | undefined;
  const chooseHalf = parts.get("choose") as PartCounts | undefined;
  const folds = [...parts.entries()].filter(([part]) => part.startsWith("fold")).map(([, c]) => c as PartCounts);
  if (speed) {
    console.log("\nReading CPU ms per photo (median of 24 choose-half photos, decode and passes)\n");
    for (const [name, ms] of Object.entries(speed)) console.log(`- ${name}: ${ms.toFixed(0)} ms`);
  }
  if (chooseHalf) table("Choose half of grocery-val (head only)", chooseHalf, speed);
  const darknet = parts.get("darknet") as PartCounts | undefined;
  if (darknet) table("For information: darknet-tiny alone, choose half, fewer views", darknet);
  const sizes = parts.get("sizes") as PartCounts | undefined;
  if (sizes) table("For information: InceptionV3 at 224 and 299 px, choose half, the whole photo", sizes);
  if (folds.length > 0)
    table(
      `Cross-validation, ${folds.length} of 3 folds pooled (the photo and its mirror; E is A01 there)`,
      sumCounts(folds)
    );
  if (speed && chooseHalf && folds.length === 3)
    console.log(`\nChosen: ${choose(chooseHalf, sumCounts(folds), speed)}`);
}

async function speedOf(photos: readonly TrainingPhoto[], shippedViews: readonly TestView[]) {
  const classifier = await loadClassifier(path.resolve("models/darknet-tiny"));
  const inception = await loadInception();
  const crops = (views: readonly TestView[], photo: { width: number; height: number }): CropRequest[] =>
    views.map((view) => ({
      region: viewRegion(photo.width, photo.height, centredView(view)),
      side: MODEL_INPUT_SIZE,
      mirrored: view.mirrored,
    }));
  const plans = readings(shippedViews);
  const costs = new Map<string, number[]>(Object.keys(plans).map((name) => [name, []]));
  for (const photo of photos) {
    const bytes = await readFile(path.join(images, "grocery-val", photo.file));
    for (const [name, { darknet, inception: inceptionViews }] of Object.entries(plans)) {
      const started = process.cpuUsage();
      const decoded = await classifier.decode(sharp(bytes));
      if (darknet.length > 0) await classifier.read(decoded, crops(darknet, decoded), { classes: false });
      if (inceptionViews.length > 0)
        await inception.read(
          decoded,
          crops(inceptionViews, decoded).map((crop) => ({ ...crop, side: SIDE }))
        );
      const { user, system } = process.cpuUsage(started);
      costs.get(name)!.push((user + system) / 1000);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries([...costs].map(([name, values]) => [name, median(values)]));
}

async function main(args: string[]) {
  if (args[0] === "--combine") {
    const parts = new Map<string, unknown>();
    const speedRuns: Record<string, number>[] = [];
    for (const { part, counts } of countsOfLogs(args.slice(1)))
      if (part === "speed") speedRuns.push(counts as Record<string, number>);
      else parts.set(part, counts);
    // decision 170: the speed the rule reads is the mean of the runs given
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
    conclude(parts);
    return 0;
  }
  const wanted = args.length > 0 ? args : ["speed", "choose", "fold0", "fold1", "fold2"];
  const stored = JSON.parse(readFileSync(HEAD_FILE, "utf8")) as HeadFile;
  const shipped = decodeHead(stored);
  const inceptionKey = `${(await loadInception()).fingerprint}-${SIDE}`;
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
  const training = (keep: (index: number) => boolean) => {
    const viewRows = [0, 1].map((view) => ({
      darknet: [
        ...cached(stored.model, "grocery-dev", dev, view),
        ...cached(stored.model, "grocery-train", train, view),
      ],
      inception: [
        ...cached(inceptionKey, "grocery-dev", dev, view),
        ...cached(inceptionKey, "grocery-train", train, view),
      ],
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
      i5: set((view, index) => inceptionRow(view.inception[index], I5)),
      i456: set((view, index) => inceptionRow(view.inception[index], I456)),
      c: set((view, index) => inceptionRow(view.inception[index], I456, view.darknet[index])),
    };
  };
  const trainAll = async (sets: ReturnType<typeof training>, base: Heads["base"] | null, label: string) => {
    const timed = async (name: string, rows: LabelledRows) => {
      const started = Date.now();
      const head = await trainHead(rows, classes, LINEAR_HEAD);
      console.error(`${label}: ${name} trained in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return head;
    };
    return {
      base: base ?? (await timed("A01", sets.darknet)),
      i5: await timed("I5", sets.i5),
      i456: await timed("I456", sets.i456),
      c: await timed("C", sets.c),
    };
  };
  for (const part of wanted) {
    if (part === "darknet") {
      // for information: darknet-tiny alone at the readings the eligible candidates have (C whole: one pass)
      const a01 = (
        await trainAll(
          training(() => true),
          null,
          "darknet alone"
        )
      ).base;
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
      // for information only (no 299 px reading fits the budget): InceptionV3 at 224 and 299 px, views 0 only
      const heads: [string, number, readonly number[], ClassifierHead][] = [];
      for (const readSide of [224, 299])
        for (const [name, blocks] of [
          ["I5", I5],
          ["I456", I456],
        ] as const) {
          const key = `${inceptionKey.slice(0, -String(SIDE).length)}${readSide}`;
          const rows = [...cached(key, "grocery-dev", dev, 0), ...cached(key, "grocery-train", train, 0)];
          const rowsOf = {
            rows: rows.map((row) => inceptionRow(row, blocks)),
            labels: photos.map((photo) => classes.indexOf(photo.ingredient)),
          };
          heads.push([
            `${name} ${readSide} px, trained on view 0`,
            readSide,
            blocks,
            await trainHead(rowsOf, classes, LINEAR_HEAD),
          ]);
        }
      const valRows = new Map(
        [224, 299].map((readSide) => [
          readSide,
          cached(`${inceptionKey.slice(0, -String(SIDE).length)}${readSide}`, "grocery-val", chooseHalf, 0),
        ])
      );
      const atRow = chooseHalf.map((photo, at) => ({ photo, at }));
      report(
        part,
        countCandidates(atRow, ({ at }) =>
          Object.fromEntries(
            heads.map(([name, readSide, blocks, head]) => [
              name,
              headScores(head, [inceptionRow(valRows.get(readSide)![at], blocks)]),
            ])
          )
        )
      );
    } else if (part === "speed") {
      report(part, await speedOf(chooseHalf.slice(0, TIMED_PHOTOS), shipped.views));
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
      const inceptionViews = new Map(
        [0, 1].map((view) => [view, cached(inceptionKey, "grocery-val", chooseHalf, view)])
      );
      const features = chooseHalf.map(
        (photo, at): PhotoFeatures => ({
          photo,
          darknet: new Map([...darknetViews].map(([view, rows]) => [view, rows[photo.row]])),
          inception: new Map([...inceptionViews].map(([view, rows]) => [view, rows[at]])),
        })
      );
      report(
        part,
        countCandidates(features, (photo) => candidateScores(heads, photo, shippedViews, { whole: [0], both: [0, 1] }))
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
                inception: new Map([0, 1].map((view) => [view, sets.viewRows[view].inception[index]])),
              },
            ]
          : []
      );
      // decision 170: held-out photos read as they are and mirrored, by every candidate
      report(
        part,
        countCandidates(heldOut, (photo) => candidateScores(heads, photo, [0, 1], { whole: [0, 1], both: [0, 1] }))
      );
    }
  }
  conclude(parts);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
