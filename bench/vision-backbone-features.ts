/**
 * Decisions 170 and 177: a second backbone's pooled blocks (bench/support/backbones.ts) of the grocery photos, cached in
 * the layout of training-features.server.ts (FEATURE_CACHE/<fingerprint>/<folder>-view<N>.bin) so the head
 * tooling reads them as it reads darknet-tiny's. Resumable: every 50 photos the rows so far are kept in a
 * `.partial` file with the names of their photos, and a second run goes on from there if the photos are the same.
 * grocery-val: the choose half only (valHalves; the report half is read by bench:vision alone). The side is the
 * one the comparison reads the backbone at (READ_SIDES) unless given (decision 170's other sides).
 * The backbone's folder as backbones.ts reads it (NSFWJS_DIR, or HUMAN_MODELS_DIR and TFJS_CONVERTER_DIR):
 *   VISION_FEATURE_CACHE=... nice -n 10 npx tsx bench/vision-backbone-features.ts <inception|centernet|nanodet> [side] [images] [folder:view]...
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getCatalogue } from "~/domain/catalogue-data";
import { valHalves, viewRegion } from "~/domain/vision-head";
import {
  backboneCacheKey,
  loadBackbone,
  READ_SIDES,
  type BackboneName,
  type BackboneReader,
} from "./support/backbones";
import { decodeUpright } from "~/services/vision/model.server";
import { FEATURE_CACHE, labelledFolder, viewOf, type TrainingPhoto } from "~/services/vision/training-features.server";

const [backbone, side, images = "../shared/data/images"] = process.argv.slice(2) as [BackboneName, string?, string?];
if (!backbone) throw new Error("Name the backbone: one of inception, centernet, nanodet");
const SIDE = side ? Number(side) : READ_SIDES[backbone];
const CHECKPOINT = 50;

async function cacheFolder(reader: BackboneReader, folder: string, photos: readonly TrainingPhoto[], view: number) {
  const directory = path.join(FEATURE_CACHE, backboneCacheKey(reader.fingerprint, SIDE));
  const file = path.join(directory, `${path.basename(path.resolve(folder))}-view${view}.bin`);
  if (existsSync(`${file}.json`)) return;
  mkdirSync(directory, { recursive: true });
  const partial = `${file}.partial`;
  const names = photos.map(({ file: name }) => name);
  // pixels are whole numbers 0–255: stored a byte each (decision 182), other figures as float32
  const Figures = reader.encoding === "uint8" ? Uint8Array : Float32Array;
  const rows: (Float32Array | Uint8Array)[] = [];
  if (existsSync(partial) && existsSync(`${partial}.json`)) {
    const { files, length } = JSON.parse(readFileSync(`${partial}.json`, "utf8")) as {
      files?: string[];
      length: number;
    };
    // rows of other photos (another folder's listing, another half) are read again from the start
    if (files && files.length <= names.length && files.every((name, at) => name === names[at])) {
      const bytes = readFileSync(partial);
      const all = new Figures(bytes.buffer, bytes.byteOffset, bytes.byteLength / Figures.BYTES_PER_ELEMENT);
      for (let at = 0; at < all.length && rows.length < files.length; at += length)
        rows.push(all.slice(at, at + length));
    }
  }
  const save = (target: string) => {
    const joined = new Figures(rows.length * rows[0].length);
    rows.forEach((row, at) => joined.set(row, at * row.length));
    writeFileSync(`${target}.tmp`, Buffer.from(joined.buffer));
    renameSync(`${target}.tmp`, target);
  };
  const started = performance.now();
  const resumedAt = rows.length;
  for (let at = rows.length; at < photos.length; at++) {
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
    rows.push(Figures.from(row));
    if (rows.length % CHECKPOINT === 0 || rows.length === photos.length) {
      save(partial);
      writeFileSync(`${partial}.json`, JSON.stringify({ files: names.slice(0, rows.length), length: row.length }));
      const perPhoto = (performance.now() - started) / (rows.length - resumedAt);
      console.log(`${path.basename(folder)} view ${view}: ${rows.length}/${photos.length} (${perPhoto.toFixed(0)} ms)`);
    }
  }
  save(file);
  writeFileSync(`${file}.json`, JSON.stringify({ files: names, length: rows[0].length }));
  rmSync(partial, { force: true });
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
