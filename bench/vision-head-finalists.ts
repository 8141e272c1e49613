/**
 * Decision 157's comparison of the grocery head's finalists, on cached features only (no model pass):
 * - the choose half of grocery-val (valHalves; the report half is loaded with the cache but never scored here), head
 *   only, the shipped views;
 * - 3-fold cross-validation on grocery-dev + grocery-train, stratified by fine class and blocked by file name,
 *   each held-out photo read as it is and mirrored.
 * Then decision 157's rule: produce top-1, produce top-3, top-1, top-3 on the choose half; the first candidate
 * ahead of the shipped head there that is not behind it in the cross-validation's produce top-1 nor top-3.
 *   VISION_FEATURE_CACHE=... npx tsx bench/vision-head-finalists.ts [choose] [fold0] [fold1] [fold2]
 * runs the parts named (all by default) and prints a COUNTS line per part; `--combine <log>...` sums the COUNTS
 * lines of runs made in parallel and applies the rule. With `--signed-roots` it compares decision 179's two linear
 * heads instead: A over the features as they are, P over their signed square roots.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import {
  blockedFolds,
  headScores,
  mixOf,
  mixOfOne,
  valHalves,
  type ClassifierHead,
  type MixedHead,
} from "~/domain/vision-head";
import { decodeHead, HEAD_FILE, type HeadFile } from "~/services/vision/head.server";
import {
  HIDDEN_LAYER_HEAD,
  HIDDEN_LAYER_SEEDS,
  LINEAR_HEAD,
  trainHead,
  trainHiddenLayerHead,
  type LabelledRows,
} from "~/services/vision/head-training.server";
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
import { signedRoots } from "./support/signed-roots";
import {
  cachedFolderFeatures,
  labelledFolder,
  viewNumber,
  type TrainingPhoto,
} from "~/services/vision/training-features.server";

/** The finalists of decision 157, from the linear head and the MLPs of seeds HIDDEN_LAYER_SEEDS (in that order). */
function finalists(linear: ClassifierHead, mlps: readonly ClassifierHead[]): Record<string, MixedHead> {
  const [first, ...rest] = mlps;
  const three = [first, ...rest.slice(0, 2)];
  return {
    "A shipped linear head": mixOf([[1, linear]]),
    "B 3 MLPs averaged": mixOf(three.map((head) => [1, head])),
    "C 0.7 linear + 0.3 MLP (seed 2026)": mixOf([
      [0.7, linear],
      [0.3, first],
    ]),
    "D 5 MLPs averaged": mixOf(mlps.map((head) => [1, head])),
    "E 0.5 linear + 0.5 of the 3 MLPs": mixOf([[0.5, linear], ...three.map((head) => [0.5 / 3, head] as const)]),
    "F 0.5 linear + 0.5 of the 5 MLPs": mixOf([[0.5, linear], ...mlps.map((head) => [0.5 / 5, head] as const)]),
  };
}

/** Decision 179's two linear heads, trained on the same rows, each over its own features. */
async function signedRootsCounts(
  training: LabelledRows,
  classes: readonly string[],
  photos: readonly { photo: TrainingPhoto; views: Float32Array[] }[]
): Promise<PartCounts> {
  const asTheyAre = mixOfOne(await trainHead(training, classes, LINEAR_HEAD));
  const rooted = mixOfOne(
    await trainHead({ rows: training.rows.map(signedRoots), labels: training.labels }, classes, LINEAR_HEAD)
  );
  return countCandidates(photos, ({ views }) => ({
    "A linear head, features as they are": headScores(asTheyAre, views),
    "P linear head, signed square roots": headScores(rooted, views.map(signedRoots)),
  }));
}

function count(
  candidates: Record<string, MixedHead>,
  photos: readonly { photo: TrainingPhoto; views: Float32Array[] }[]
): PartCounts {
  return countCandidates(photos, ({ views }) =>
    Object.fromEntries(Object.entries(candidates).map(([name, head]) => [name, headScores(head, views)]))
  );
}

async function trainMlps(training: LabelledRows, classes: readonly string[], label: string) {
  const mlps: ClassifierHead[] = [];
  for (const seed of HIDDEN_LAYER_SEEDS) {
    const started = Date.now();
    mlps.push(await trainHiddenLayerHead(training, classes, { ...HIDDEN_LAYER_HEAD, seed }));
    console.error(`${label}: MLP seed ${seed} trained in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  return mlps;
}

/** Decision 157's rule: the choose half's order (produce first), the cross-validation's veto against A. */
function choose(chooseHalf: PartCounts, crossValidation: PartCounts): string {
  const names = Object.keys(chooseHalf);
  const shipped = names[0];
  const ordered = orderedByCounts(chooseHalf, names);
  console.log(`\nChoose-half order (decision 157): ${ordered.join(" > ")}`);
  for (const name of ordered) {
    if (name === shipped) break;
    if (!aheadOf(chooseHalf[name], chooseHalf[shipped])) continue;
    const [cv, cvShipped] = [crossValidation[name], crossValidation[shipped]];
    const vetoed = cv.produceTop1 < cvShipped.produceTop1 || cv.produceTop3 < cvShipped.produceTop3;
    console.log(
      `${name}: ahead of the shipped head on the choose half; cross-validation ${vetoed ? "vetoes" : "agrees"}`
    );
    if (!vetoed) return name;
  }
  return shipped;
}

function conclude(parts: Map<string, PartCounts>) {
  const chooseHalf = parts.get("choose");
  const folds = [...parts.entries()].filter(([part]) => part.startsWith("fold")).map(([, counts]) => counts);
  if (chooseHalf) printTable("Choose half of grocery-val (head only, the shipped four views)", chooseHalf);
  if (folds.length > 0)
    printTable(`Cross-validation, ${folds.length} of 3 folds pooled (the photo and its mirror)`, sumCounts(folds));
  if (chooseHalf && folds.length === 3) console.log(`\nChosen: ${choose(chooseHalf, sumCounts(folds))}`);
}

async function main(args: string[]) {
  if (args[0] === "--combine") {
    const parts = new Map<string, PartCounts>();
    for (const { part, counts } of countsOfLogs(args.slice(1))) parts.set(part, counts as PartCounts);
    conclude(parts);
    return 0;
  }
  const signedRootsOnly = args.includes("--signed-roots");
  const partNames = args.filter((arg) => arg !== "--signed-roots");
  const wanted = partNames.length > 0 ? partNames : ["choose", "fold0", "fold1", "fold2"];
  const stored = JSON.parse(readFileSync(HEAD_FILE, "utf8")) as HeadFile;
  const shipped = decodeHead(stored);
  const images = "../shared/data/images";
  const catalogue = getCatalogue();
  const features = (folder: string, photos: TrainingPhoto[], view: number) => {
    const rows = cachedFolderFeatures(stored.model, path.join(images, folder), photos, view);
    if (!rows) throw new Error(`No cached features of ${folder} view ${view} (run vision:train first)`);
    return rows;
  };
  const dev = await labelledFolder(path.join(images, "grocery-dev"), catalogue);
  const train = await labelledFolder(path.join(images, "grocery-train"), catalogue);
  const photos = [...dev, ...train];
  const classes = [...new Set(photos.map((photo) => photo.ingredient))].sort();
  const viewRows = [0, 1, 2].map((view) => [
    ...features("grocery-dev", dev, view),
    ...features("grocery-train", train, view),
  ]);
  const labels = photos.map((photo) => classes.indexOf(photo.ingredient));
  const trainingOf = (keep: (index: number) => boolean): LabelledRows => {
    const indices = photos.map((_, index) => index).filter(keep);
    return {
      rows: viewRows.flatMap((rows) => indices.map((index) => rows[index])),
      labels: viewRows.flatMap(() => indices.map((index) => labels[index])),
    };
  };
  const parts = new Map<string, PartCounts>();
  for (const part of wanted) {
    let counts: PartCounts;
    if (part === "choose") {
      const val = await labelledFolder(path.join(images, "grocery-val"), catalogue);
      const valViews = shipped.views.map((view) => features("grocery-val", val, viewNumber(view)));
      const measured = val.flatMap((photo, row) => (classes.includes(photo.ingredient) ? [{ ...photo, row }] : []));
      const chooseHalf = valHalves(measured).choose.map((photo) => ({
        photo,
        views: valViews.map((rows) => rows[photo.row]),
      }));
      const everyPhoto = trainingOf(() => true);
      if (signedRootsOnly) counts = await signedRootsCounts(everyPhoto, classes, chooseHalf);
      else {
        const mlps = await trainMlps(everyPhoto, classes, "all training photos");
        const [linear] = shipped.members.map(({ head }) => head);
        counts = count(finalists(linear, mlps), chooseHalf);
      }
    } else {
      const fold = Number(part.replace("fold", ""));
      const foldOf = blockedFolds(photos, 3);
      const training = trainingOf((index) => foldOf[index] !== fold);
      const heldOut = photos.flatMap((photo, index) =>
        foldOf[index] === fold ? [{ photo, views: [viewRows[0][index], viewRows[1][index]] }] : []
      );
      if (signedRootsOnly) counts = await signedRootsCounts(training, classes, heldOut);
      else {
        const linear = await trainHead(training, classes, LINEAR_HEAD);
        counts = count(finalists(linear, await trainMlps(training, classes, part)), heldOut);
      }
    }
    printCounts(part, counts);
    parts.set(part, counts);
  }
  conclude(parts);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
