/**
 * The embedded image classifier: a Keras-style TensorFlow.js layers model (model.json + weight shards +
 * labels.json in its own class order) run in-process on the CPU with the WebAssembly backend, whose files are
 * read from node_modules. TensorFlow.js is loaded on first use only.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type * as TensorFlow from "@tensorflow/tfjs-core";
import type { Tensor4D } from "@tensorflow/tfjs-core";
import type { Sharp } from "sharp";
import sharp from "sharp";
import {
  colourStatistics,
  composeEmbedding,
  MODEL_INPUT_SIZE,
  SHIPPED_MODEL_DIRECTORY,
  unitVector,
  wholeRegion,
  windowRegions,
  type CropRegion,
  type WindowGrid,
} from "~/domain/vision";
import { headFeatures } from "~/domain/vision-head";
import { UNREADABLE, UploadRejectedError } from "~/services/images.server";
import { foldedNetwork } from "./folded-network.server";
import { VisionUnavailableError } from "./provider.server";

export const NO_MODEL_MESSAGE = "Photo recognition is not available: no recognition model is installed on this server.";

/** The model directory lacks its files. The message is for users; `instructions` for whoever runs the server. */
export class ModelNotInstalledError extends VisionUnavailableError {
  constructor(readonly directory: string) {
    super(NO_MODEL_MESSAGE);
    this.name = "ModelNotInstalledError";
  }

  get instructions(): string {
    return `No model.json and labels.json in ${this.directory}: install the model as docs/vision.md describes, or set VISION_MODEL_DIR.`;
  }
}

export const BROKEN_MODEL_MESSAGE =
  "Photo recognition is not available: the recognition model on this server could not be loaded.";

/** The model directory has its files but they do not load (damaged, cut short, another format). */
export class ModelBrokenError extends VisionUnavailableError {
  constructor(readonly directory: string, cause: unknown) {
    super(BROKEN_MODEL_MESSAGE, { cause });
    this.name = "ModelBrokenError";
  }

  get instructions(): string {
    const reason = this.cause instanceof Error ? this.cause.message : String(this.cause);
    return `The recognition model in ${this.directory} could not be loaded (${reason}): restore ${SHIPPED_MODEL_DIRECTORY} from git, or fix VISION_MODEL_DIR.`;
  }
}

/** The model the command-line tools read: VISION_MODEL_DIR, or the shipped one. */
export function configuredModelDirectory(): string {
  return path.resolve(process.env.VISION_MODEL_DIR || SHIPPED_MODEL_DIRECTORY);
}

/** Only the shipped model's head and starter memory are committed: files made over another model would not load. */
export function isShippedModel(directory: string): boolean {
  return path.resolve(directory) === path.resolve(SHIPPED_MODEL_DIRECTORY);
}

export function isModelInstalled(directory: string): boolean {
  return ["model.json", "labels.json"].every((file) => existsSync(path.join(directory, file)));
}

/** What the classifier saw in one crop of a photo. */
export interface CropAnalysis {
  /** class probabilities, in labels.json order; null when the read did not ask for them (ReadOptions) */
  probabilities: Float32Array | null;
  /** what the memory compares (composeEmbedding), unit length */
  embedding: Float32Array;
  /** the penultimate layer alone, averaged over the picture, unit length */
  penultimate: Float32Array;
  /** what the trained classifier head reads (headFeatures): several layers pooled, and the colours */
  features: Float32Array;
  /** the crop's four quarters (row by row), pooled from the same pass, when the request asked for them */
  quarters?: CropAnalysis[];
}

/** What the classifier saw in each crop of a photo, in the order asked: the whole photo first, then the windows. */
export interface ImageAnalysis {
  crops: CropAnalysis[];
}

/** One crop to read: a region of the decoded photo, resized to `side` × `side`, maybe mirrored left to right. */
export interface CropRequest {
  region: CropRegion;
  side: number;
  mirrored?: boolean;
  /** also pool the crop's four quarters from the same pass over it (no pass of their own) */
  quarters?: boolean;
}

export interface ReadOptions {
  /**
   * score the ImageNet classes (the model's last convolution): only the recogniser with an empty memory uses them
   * (scoreCrop), and skipping them saves a tenth of a pass
   */
  classes?: boolean;
}

/** How a photo is looked at in one go. */
export interface AnalysisPlan {
  /** the side the whole photo is read at */
  wholeSide: number;
  /** read the whole photo mirrored left to right as well (a second example when learning) */
  mirrored: boolean;
  /** the windows read after the whole photo, or null for none */
  windows: WindowGrid | null;
  /** pool the whole photo's quarters from its own pass (a glance at them, no pass of their own) */
  quarters?: boolean;
}

/**
 * Recognising: the whole photo, with a glance at its quarters pooled from the same pass (decision 068); the
 * recogniser reads the quarters in passes of their own (WINDOW_GRID) only when the glance says they matter.
 */
export const RECOGNITION_PLAN: AnalysisPlan = {
  wholeSide: MODEL_INPUT_SIZE,
  mirrored: false,
  windows: null,
  quarters: true,
};

/** Learning a labelled photo: the whole photo as it is and mirrored (the examples stored). */
export const LEARNING_PLAN: AnalysisPlan = { wholeSide: MODEL_INPUT_SIZE, mirrored: true, windows: null };

/** A photo decoded once, upright, as RGB pixels: crops of it are read as they are needed. */
export interface DecodedPhoto {
  width: number;
  height: number;
  data: Buffer;
}

export interface Classifier {
  readonly labels: readonly string[];
  /** changes with the model's files: embeddings of another model cannot be compared with this one's */
  readonly fingerprint: string;
  /** UploadRejectedError when the image does not decode */
  decode(image: Sharp): Promise<DecodedPhoto>;
  read(photo: DecodedPhoto, crops: readonly CropRequest[], options?: ReadOptions): Promise<CropAnalysis[]>;
  analyze(image: Sharp, plan?: AnalysisPlan): Promise<ImageAnalysis>;
}

/** The crops a plan reads, whole photo first. */
export function planCrops(photo: Pick<DecodedPhoto, "width" | "height">, plan: AnalysisPlan): CropRequest[] {
  const whole = wholeRegion(photo.width, photo.height);
  return [
    { region: whole, side: plan.wholeSide, quarters: plan.quarters },
    ...(plan.mirrored ? [{ region: whole, side: plan.wholeSide, mirrored: true }] : []),
    ...(plan.windows ? windowCrops(photo, plan.windows) : []),
  ];
}

/** The windows of a grid over the photo, each read at the grid's side. */
export function windowCrops(photo: Pick<DecodedPhoto, "width" | "height">, grid: WindowGrid): CropRequest[] {
  return windowRegions(photo.width, photo.height, grid).map((region) => ({ region, side: grid.side }));
}

/** The photo is decoded once at this size at most; the crops are cut from it. */
const DECODE_SIDE = 3 * MODEL_INPUT_SIZE;

/** The photo upright, flattened onto white, as RGB pixels (UploadRejectedError when it does not decode). */
export async function decodeUpright(image: Sharp): Promise<DecodedPhoto> {
  try {
    const { data, info } = await image
      .rotate()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .resize(DECODE_SIDE, DECODE_SIDE, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new UploadRejectedError(UNREADABLE);
  }
}

/** One batch of same-sized crops: RGB bytes per crop (for the colours), and where each goes in the answer. */
interface CropBatch {
  side: number;
  quarters: boolean;
  bytes: Buffer[];
  positions: number[];
}

/** The crops asked for, resized to their sides, grouped by side. */
export async function cropBatches(photo: DecodedPhoto, crops: readonly CropRequest[]): Promise<CropBatch[]> {
  const raw = { width: photo.width, height: photo.height, channels: 3 as const };
  const bytes = await Promise.all(
    crops.map(({ region, side, mirrored }) => {
      const crop = sharp(photo.data, { raw }).extract(region);
      return (mirrored ? crop.flop() : crop).resize(side, side, { fit: "fill", kernel: "linear" }).raw().toBuffer();
    })
  );
  const batches = new Map<string, CropBatch>();
  crops.forEach(({ side, quarters = false }, position) => {
    const key = `${side}:${quarters}`;
    const batch = batches.get(key) ?? { side, quarters, bytes: [], positions: [] };
    batch.bytes.push(bytes[position]);
    batch.positions.push(position);
    batches.set(key, batch);
  });
  return [...batches.values()];
}

type WeightsManifest = { paths: string[]; weights: unknown[] }[];

let backendReady: Promise<void> | undefined;

export async function tensorflow() {
  const [tf, layers, wasm] = await Promise.all([
    import("@tensorflow/tfjs-core"),
    import("@tensorflow/tfjs-layers"),
    import("@tensorflow/tfjs-backend-wasm"),
  ]);
  backendReady ??= (async () => {
    const wasmFiles = path.join(
      path.dirname(createRequire(import.meta.url).resolve("@tensorflow/tfjs-backend-wasm/package.json")),
      "dist"
    );
    wasm.setWasmPaths(`${wasmFiles}${path.sep}`);
    if (!(await tf.setBackend("wasm"))) throw new Error("The TensorFlow.js WebAssembly backend could not start");
  })();
  await backendReady;
  return { tf, layers };
}

async function loadFrom(directory: string): Promise<Classifier> {
  if (!isModelInstalled(directory)) throw new ModelNotInstalledError(directory);
  try {
    return await readModel(directory);
  } catch (error) {
    throw new ModelBrokenError(directory, error);
  }
}

/** The model's files: its topology and weights manifest, its labels, and its weight shards joined. */
async function readModelFiles(directory: string) {
  const [modelJson, labelsJson] = await Promise.all(
    ["model.json", "labels.json"].map((file) => readFile(path.join(directory, file), "utf8"))
  );
  const { modelTopology, weightsManifest } = JSON.parse(modelJson) as {
    modelTopology: Topology;
    weightsManifest: WeightsManifest;
  };
  const shards = await Promise.all(
    weightsManifest.flatMap((group) => group.paths.map((file) => readFile(path.join(directory, file))))
  );
  return {
    modelJson,
    modelTopology,
    weightsManifest,
    labels: JSON.parse(labelsJson) as string[],
    weights: Buffer.concat(shards),
  };
}

/**
 * The TensorFlow.js layers model in `directory`, its input of any size, with its labels and fingerprint (its
 * model.json and weights hashed, then `fingerprintAlso`: what the bench's map readers read of it).
 */
export async function loadLayersModelFrom(directory: string, fingerprintAlso = "") {
  // the files are read while TensorFlow.js loads and compiles its WebAssembly (decision 130)
  const [{ tf, layers }, { modelJson, modelTopology, weightsManifest, labels, weights }] = await Promise.all([
    tensorflow(),
    readModelFiles(directory),
  ]);
  const model = await layers.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: anySizedInput(modelTopology),
      weightSpecs: weightsManifest.flatMap((group) => group.weights) as never,
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    })
  );
  const fingerprint = createHash("sha256")
    .update(modelJson)
    .update(weights)
    .update(fingerprintAlso)
    .digest("hex")
    .slice(0, 16);
  return { tf, model, labels, fingerprint };
}

/** A batch of 0–255 RGB crops as the network reads them: one array, values 0–1. */
export function networkPixels(bytes: readonly Buffer[], side: number): Float32Array {
  const pixels = new Float32Array(bytes.length * side * side * 3);
  bytes.forEach((crop, index) => {
    const offset = index * crop.length;
    for (let i = 0; i < crop.length; i++) pixels[offset + i] = crop[i] / 255;
  });
  return pixels;
}

async function readModel(directory: string): Promise<Classifier> {
  const { tf, model, labels, fingerprint } = await loadLayersModelFrom(directory);
  const classCount = model.outputs[0].shape.at(-1);
  if (classCount !== labels.length) {
    throw new Error(`labels.json in ${directory} names ${labels.length} classes but the model scores ${classCount}`);
  }
  // The embedding's layers: what the last convolution (the one that scores the classes) reads, the activation
  // before that, and the last one before the final pooling step.
  const classifierConv = model.layers.findLast((layer) => layer.getClassName() === "Conv2D");
  const before = classifierConv ? model.layers.slice(0, model.layers.indexOf(classifierConv)) : [];
  const activations = before.filter((layer) => layer.getClassName() === "LeakyReLU");
  const lastPool = before.findLastIndex((layer) => layer.getClassName() === "MaxPooling2D");
  const middle = before.slice(0, Math.max(0, lastPool)).findLast((layer) => layer.getClassName() === "LeakyReLU");
  const [deep, penultimate] = activations.slice(-2);
  if (!classifierConv || !penultimate || !deep || !middle)
    throw new Error(`The model in ${directory} is not a darknet-style classifier`);
  // Run with each batch normalisation folded into its convolution: the same figures for less CPU.
  const network = foldedNetwork(tf, model, [classifierConv, penultimate, deep, middle]);
  model.dispose();

  function readBatch(
    { side, bytes, quarters }: Pick<CropBatch, "side" | "bytes" | "quarters">,
    classes: boolean
  ): CropAnalysis[] {
    const pixels = networkPixels(bytes, side);
    const parts = quarters ? [WHOLE_PART, ...QUARTER_PARTS] : [WHOLE_PART];
    // per part: penultimate mean, deep maximum, middle mean, deep mean, probabilities (when asked), each [crops, channels]
    const pooled = tf.tidy(() => {
      const input = tf.tensor4d(pixels, [bytes.length, side, side, 3]);
      const [last, deeper, mid, scores] = network.run(input, classes ? [1, 2, 3, 0] : [1, 2, 3]) as Tensor4D[];
      return parts.map((part) =>
        [
          tf.mean(cells(tf, last, part), [1, 2]),
          tf.max(cells(tf, deeper, part), [1, 2]),
          tf.mean(cells(tf, mid, part), [1, 2]),
          tf.mean(cells(tf, deeper, part), [1, 2]),
          ...(scores ? [tf.softmax(tf.mean(cells(tf, scores, part), [1, 2]))] : []),
        ].map((tensor) => tensor.dataSync() as Float32Array)
      );
    });
    const row = (values: Float32Array, index: number) => {
      const width = values.length / bytes.length;
      return values.subarray(index * width, (index + 1) * width);
    };
    const analysis = (
      [penultimateMean, deepMax, middleMean, deepMean, probabilities]: (Float32Array | undefined)[],
      index: number,
      colour: Float32Array
    ): CropAnalysis => {
      const embeddingParts = {
        penultimate: row(penultimateMean!, index),
        deep: row(deepMax!, index),
        middle: row(middleMean!, index),
        colour,
      };
      return {
        probabilities: probabilities ? row(probabilities, index).slice() : null,
        embedding: composeEmbedding(embeddingParts),
        penultimate: unitVector(embeddingParts.penultimate),
        features: headFeatures({ ...embeddingParts, deepMean: row(deepMean!, index) }),
      };
    };
    return bytes.map((crop, index): CropAnalysis => {
      const whole = analysis(pooled[0], index, colourStatistics(crop, side));
      if (!quarters) return whole;
      const half = Math.floor(side / 2);
      whole.quarters = QUARTER_PARTS.map((part, at) =>
        analysis(pooled[at + 1], index, colourStatistics(squareOf(crop, side, part, half), half))
      );
      return whole;
    });
  }

  async function read(
    photo: DecodedPhoto,
    crops: readonly CropRequest[],
    { classes = true }: ReadOptions = {}
  ): Promise<CropAnalysis[]> {
    const analyses: CropAnalysis[] = new Array(crops.length);
    for (const batch of await cropBatches(photo, crops)) {
      readBatch(batch, classes).forEach((analysis, index) => (analyses[batch.positions[index]] = analysis));
    }
    return analyses;
  }

  return {
    labels,
    fingerprint,
    decode: decodeUpright,
    read,
    async analyze(image, plan = RECOGNITION_PLAN) {
      const photo = await decodeUpright(image);
      return { crops: await read(photo, planCrops(photo, plan)) };
    },
  };
}

type Tf = typeof TensorFlow;

/** A part of a picture as shares of its side: the whole of it, or a quarter. */
interface PicturePart {
  left: number;
  top: number;
  size: number;
}

const WHOLE_PART: PicturePart = { left: 0, top: 0, size: 1 };
/** The four quarters, row by row (as windowRegions lays out a grid of 2 with a share of 0.5). */
const QUARTER_PARTS: PicturePart[] = [0, 0.5].flatMap((top) => [0, 0.5].map((left) => ({ left, top, size: 0.5 })));

/** The cells of a feature map [crops, height, width, channels] that cover a part of the picture. */
function cells(tf: Tf, map: Tensor4D, { left, top, size }: PicturePart): Tensor4D {
  if (size === 1) return map;
  const [, height, width] = map.shape;
  const span = (length: number, start: number) => {
    const from = Math.floor(start * length);
    return [from, Math.max(1, Math.ceil((start + size) * length) - from)];
  };
  const [y, rows] = span(height, top);
  const [x, columns] = span(width, left);
  return tf.slice(map, [0, y, x, 0], [-1, rows, columns, -1]);
}

/** The `half` × `half` square of an RGB `side` × `side` picture at a part of it. */
function squareOf(pixels: Buffer, side: number, { left, top }: PicturePart, half: number): Buffer {
  const square = Buffer.alloc(half * half * 3);
  const x = Math.round(left * side);
  const y = Math.round(top * side);
  for (let row = 0; row < half; row++) {
    const from = ((y + row) * side + x) * 3;
    pixels.copy(square, row * half * 3, from, from + half * 3);
  }
  return square;
}

type Topology = {
  model_config?: { config: { layers: { config: Record<string, unknown> }[] } };
  config?: { layers: { config: Record<string, unknown> }[] };
};

/** The topology with its input of any height and width: the windows are read at a smaller size. */
function anySizedInput(topology: Topology): Topology {
  const copy = structuredClone(topology);
  const input = (copy.model_config ?? copy).config?.layers[0]?.config;
  if (input && Array.isArray(input.batch_input_shape))
    input.batch_input_shape = [null, null, null, input.batch_input_shape.at(-1)];
  return copy;
}

const loaded = new Map<string, Promise<Classifier>>();

/** The classifier in `directory`, loaded once per process; ModelNotInstalledError when its files are missing. */
export function loadClassifier(directory: string): Promise<Classifier> {
  const key = path.resolve(directory);
  let classifier = loaded.get(key);
  if (!classifier) {
    classifier = loadFrom(key).catch((error) => {
      loaded.delete(key);
      throw error;
    });
    loaded.set(key, classifier);
  }
  return classifier;
}
