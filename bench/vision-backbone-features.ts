/**
 * Decisions 170, 177 and 180–182: what a backbone reader (bench/support/backbones.ts) gives of each view of the
 * grocery photos — a second backbone's pooled blocks, darknet-tiny's maps (darknet-maps, darknet-stage) or the crops'
 * pixels — cached in the layout of training-features.server.ts (FEATURE_CACHE/<fingerprint>/<folder>-view<N>.bin)
 * so the head tooling and bench/vision-finetune.py read them as they read darknet-tiny's features. Resumable: every
 * 50 photos the new rows are appended to a `.partial` file and the names of the photos so far kept beside it, and
 * a second run goes on from there if the photos are the same; the finished file is the partial one renamed.
 * grocery-val: the choose half only (valHalves; the report half is read by bench:vision alone). The side is the
 * one the comparison reads the backbone at (READ_SIDES) unless given (decision 170's other sides).
 * The backbone's folder as backbones.ts reads it (NSFWJS_DIR, or HUMAN_MODELS_DIR and TFJS_CONVERTER_DIR):
 *   VISION_FEATURE_CACHE=... nice -n 10 npx tsx bench/vision-backbone-features.ts <backbone> [side] [images] [folder:view]...
 * (<backbone>: inception, centernet, nanodet, darknet-maps, darknet-stage or pixels)
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getCatalogue } from "~/domain/catalogue-data";
import { valHalves, viewRegion } from "~/domain/vision-head";
import {
  BACKBONES,
  backboneCacheKey,
  loadBackbone,
  READ_SIDES,
  type BackboneName,
  type BackboneReader,
} from "./support/backbones";
import { decodeUpright } from "~/services/vision/model.server";
import { FEATURE_CACHE, labelledFolder, viewOf, type TrainingPhoto } from "~/services/vision/training-features.server";

const [backbone, side, images = "../shared/data/images"] = process.argv.slice(2) as [BackboneName, string?, string?];
if (!backbone) throw new Error(`Name the backbone: one of ${BACKBONES.join(", ")}`);
const SIDE = side ? Number(side) : READ_SIDES[backbone];
const CHECKPOINT = 50;

/** What a `.partial` file holds: the rows of these photos, in order, `length` figures each. */
interface PartialRows {
  files: string[];
  length: number;
}

async function cacheFolder(reader: BackboneReader, folder: string, photos: readonly TrainingPhoto[], view: number) {
  const directory = path.join(FEATURE_CACHE, backboneCacheKey(reader.fingerprint, SIDE));
  const file = path.join(directory, `${path.basename(path.resolve(folder))}-view${view}.bin`);
  if (existsSync(`${file}.json`)) return;
  mkdirSync(directory, { recursive: true });
  const partial = `${file}.partial`;
  const names = photos.map(({ file: name }) => name);
  // pixels are whole numbers 0–255: stored a byte each (decision 182), other figures as float32
  const bytesPerFigure = reader.encoding === "uint8" ? 1 : Float32Array.BYTES_PER_ELEMENT;
  let done = 0;
  let length: number | undefined;
  if (existsSync(partial) && existsSync(`${partial}.json`)) {
    const kept = JSON.parse(readFileSync(`${partial}.json`, "utf8")) as Partial<PartialRows>;
    // rows of other photos (another folder's listing, another half) are read again from the start
    const files = kept.files ?? [];
    if (kept.length && files.length <= names.length && files.every((name, at) => name === names[at])) {
      done = files.length;
      length = kept.length;
      // rows appended after the last count kept (a run stopped between the two writes) are read again
      truncateSync(partial, done * length * bytesPerFigure);
    }
  }
  if (done === 0) rmSync(partial, { force: true });
  const keep = (rows: number, rowLength: number) => {
    const kept: PartialRows = { files: names.slice(0, rows), length: rowLength };
    writeFileSync(`${partial}.json.tmp`, JSON.stringify(kept));
    renameSync(`${partial}.json.tmp`, `${partial}.json`);
  };
  const started = performance.now();
  const resumedAt = done;
  let pending: Buffer[] = [];
  for (let at = done; at < photos.length; at++) {
    const spec = viewOf(photos[at].file, view);
    const bytes = await readFile(path.join(folder, photos[at].file));
    const plain = spec.brightness === 1 && spec.saturation === 1 && spec.hue === 0;
    const image = plain
      ? sharp(bytes)
      : sharp(bytes).modulate({ brightness: spec.brightness, saturation: spec.saturation, hue: spec.hue });
    const photo = await decodeUpright(image);
    const [row] = await reader.read(photo, [
      { region: viewRegion(photo.width, photo.height, spec), side: SIDE, mirrored: spec.mirrored },
    ]);
    length ??= row.length;
    if (row.length !== length) throw new Error(`${partial} holds rows of ${length} figures, not ${row.length}`);
    const figures = reader.encoding === "uint8" ? Uint8Array.from(row) : Float32Array.from(row);
    pending.push(Buffer.from(figures.buffer, figures.byteOffset, figures.byteLength));
    done++;
    if (done % CHECKPOINT === 0 || done === photos.length) {
      // only the new rows are written: the partial file grows, it is never written again whole
      appendFileSync(partial, Buffer.concat(pending));
      pending = [];
      keep(done, length);
      const perPhoto = (performance.now() - started) / (done - resumedAt);
      console.log(`${path.basename(folder)} view ${view}: ${done}/${photos.length} (${perPhoto.toFixed(0)} ms)`);
    }
  }
  renameSync(partial, file);
  writeFileSync(`${file}.json`, JSON.stringify({ files: names, length }));
  rmSync(`${partial}.json`, { force: true });
}

const catalogue = getCatalogue();
const reader = await loadBackbone(backbone);
const folders = {
  dev: path.join(images, "grocery-dev"),
  train: path.join(images, "grocery-train"),
  val: path.join(images, "grocery-val"),
};
const dev = await labelledFolder(folders.dev, catalogue);
const train = await labelledFolder(folders.train, catalogue);
const classes = new Set([...dev, ...train].map((photo) => photo.ingredient));
const { choose } = valHalves(
  (await labelledFolder(folders.val, catalogue)).filter((photo) => classes.has(photo.ingredient))
);
console.log(`${reader.fingerprint} at ${SIDE} px into ${FEATURE_CACHE}`);
const photosOf = { val: choose, dev, train };
// `folder:view` tasks (e.g. train:1 dev:1) split the work between processes; by default all, in this order
const tasks = process.argv.slice(5);
const order = tasks.length > 0 ? tasks : ["val:0", "val:1", "dev:0", "train:0", "dev:1", "train:1"];
for (const task of order) {
  const [name, view] = task.split(":") as [keyof typeof folders, string];
  await cacheFolder(reader, folders[name], photosOf[name], Number(view));
}
