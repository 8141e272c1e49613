/**
 * Decisions 180–182: darknet-tiny fine-tuned in part (180: its last two convolutions; 181: its last stage) or
 * whole (182, which shipped as models/grocery-backbone) by bench/vision-finetune.py, beside the shipped head, on the
 * choose half of grocery-val only (the report half is never read here). "The shipped head" is the one committed
 * now: decision 157's mix over darknet-tiny (E) when decisions 180–182 were measured; since decision 182, that mix
 * trained again over the fine-tuned network (E′), whose features of grocery-val this index then reads.
 *   VISION_FEATURE_CACHE=... npx tsx bench/vision-finetune.ts index <index.json> [images folder]
 * writes what the trainer reads: the head's classes, the training photos (grocery-dev, grocery-train) with their
 * class, the choose half's photos in the order of the backbone-feature cache (bench/vision-backbone-features.ts)
 * and the shipped head's scores of each (the four shipped views averaged, from the cached head features).
 *   npx tsx bench/vision-finetune.ts compare <index.json> <probabilities.json>
 * counts each candidate the trainer scored, alone and mixed half and half with the shipped head, and applies
 * decision 180's rule.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import { headScores, valHalves } from "~/domain/vision-head";
import { decodeHead, HEAD_FILE, type HeadFile } from "~/services/vision/head.server";
import {
  cachedFolderFeatures,
  labelledFolder,
  viewNumber,
  type TrainingPhoto,
} from "~/services/vision/training-features.server";
import { orderedByCounts, countCandidates, printTable, type PartCounts } from "./support/head-counts";

const SHIPPED = "the shipped head";
/** Decision 180: a candidate replaces the shipped head only this many produce photos ahead on top-1, and not behind on top-3. */
const MARGIN = 2;

interface FinetuneIndex {
  classes: string[];
  training: { folder: string; file: string; label: number; fineClass: string }[];
  choose: { file: string; label: number; coarseClass: string; shipped: number[] }[];
}

async function writeIndex(target: string, images = "../shared/data/images") {
  const catalogue = getCatalogue();
  const stored = JSON.parse(readFileSync(HEAD_FILE, "utf8")) as HeadFile;
  const shipped = decodeHead(stored);
  const folders = ["grocery-dev", "grocery-train"];
  const training = (
    await Promise.all(folders.map((folder) => labelledFolder(path.join(images, folder), catalogue)))
  ).flatMap((photos, at) => photos.map((photo) => ({ ...photo, folder: folders[at] })));
  const classes = [...new Set(training.map((photo) => photo.ingredient))].sort();
  if (classes.join("\n") !== shipped.classes.join("\n")) throw new Error("The shipped head names other classes");
  const val = await labelledFolder(path.join(images, "grocery-val"), catalogue);
  // the shipped head's scores, for `compare`, when its features of grocery-val are cached (vision:train caches them)
  const cached = shipped.views.map((view) =>
    cachedFolderFeatures(stored.model, path.join(images, "grocery-val"), val, viewNumber(view))
  );
  const valViews = cached.every((rows) => rows !== null) ? (cached as Float32Array[][]) : null;
  if (!valViews)
    console.log("The shipped head's features of grocery-val are not cached: `compare` cannot read this index");
  const measured = val.flatMap((photo, row) => (classes.includes(photo.ingredient) ? [{ ...photo, row }] : []));
  const index: FinetuneIndex = {
    classes,
    training: training.map(({ folder, file, ingredient, fineClass }) => ({
      folder,
      file,
      label: classes.indexOf(ingredient),
      fineClass,
    })),
    choose: valHalves(measured).choose.map((photo) => {
      const scores = valViews
        ? headScores(
            shipped,
            valViews.map((rows) => rows[photo.row])
          )
        : null;
      return {
        file: photo.file,
        label: classes.indexOf(photo.ingredient),
        coarseClass: photo.coarseClass,
        shipped: scores ? classes.map((name) => scores.get(name)!) : [],
      };
    }),
  };
  writeFileSync(target, JSON.stringify(index));
  console.log(`${index.training.length} training photos, ${index.choose.length} of the choose half → ${target}`);
}

function compare(indexFile: string, probabilitiesFile: string) {
  const index = JSON.parse(readFileSync(indexFile, "utf8")) as FinetuneIndex;
  if (index.choose.some((entry) => entry.shipped.length === 0))
    throw new Error(`${indexFile} has no scores of the shipped head: cache its features of grocery-val first`);
  const trained = JSON.parse(readFileSync(probabilitiesFile, "utf8")) as Record<string, number[][]>;
  const asScores = (values: readonly number[]) => new Map(index.classes.map((name, at) => [name, values[at]]));
  const photos = index.choose.map((entry, at) => ({
    // what countRanked reads of a photo: its ingredient and its coarse class (produce or not)
    photo: { ingredient: index.classes[entry.label], coarseClass: entry.coarseClass } as TrainingPhoto,
    shipped: entry.shipped,
    at,
  }));
  const counts: PartCounts = countCandidates(photos, ({ shipped, at }) => {
    const out: Record<string, Map<string, number>> = { [SHIPPED]: asScores(shipped) };
    for (const [name, rows] of Object.entries(trained)) {
      out[name] = asScores(rows[at]);
      out[`0.5 shipped + 0.5 ${name}`] = asScores(rows[at].map((value, c) => 0.5 * value + 0.5 * shipped[c]));
    }
    return out;
  });
  printTable("Choose half of grocery-val (the four shipped views averaged)", counts);
  const e = counts[SHIPPED];
  const ordered = orderedByCounts(counts);
  console.log(`\nOrder (decision 157): ${ordered.join(" > ")}`);
  const chosen = ordered.find(
    (name) =>
      name !== SHIPPED &&
      counts[name].produceTop1 >= e.produceTop1 + MARGIN &&
      counts[name].produceTop3 >= e.produceTop3
  );
  console.log(
    `Chosen (decision 180: ${MARGIN} produce photos ahead on top-1, not behind on top-3): ${chosen ?? SHIPPED}`
  );
}

const [command, ...args] = process.argv.slice(2);
if (command === "index" && args[0]) await writeIndex(args[0], args[1]);
else if (command === "compare" && args[1]) compare(args[0], args[1]);
else
  throw new Error("Usage: vision-finetune.ts index <index.json> [images] | compare <index.json> <probabilities.json>");
