/**
 * The embedded image classifier: a Keras-style TensorFlow.js layers model (model.json + weight shards +
 * labels.json in its own class order) run in-process on the CPU with the WebAssembly backend, whose files are
 * read from node_modules. TensorFlow.js is loaded on first use only.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Tensor } from "@tensorflow/tfjs-core";
import type { Sharp } from "sharp";
import sharp from "sharp";
import { cropRegions, MODEL_INPUT_SIZE, unitVector } from "~/domain/vision";
import { UNREADABLE, UploadRejectedError } from "~/services/images.server";
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

export function isModelInstalled(directory: string): boolean {
  return ["model.json", "labels.json"].every((file) => existsSync(path.join(directory, file)));
}

/** What the classifier saw in each crop of a photo (the whole photo first). */
export interface ImageAnalysis {
  /** class probabilities per crop, in labels.json order */
  probabilities: Float32Array[];
  /** the penultimate layer, averaged over the picture, unit length, per crop */
  embeddings: Float32Array[];
}

export interface Classifier {
  readonly labels: readonly string[];
  analyze(image: Sharp): Promise<ImageAnalysis>;
}

/** The photo is decoded once at this size at most; the crops are cut from it. */
const DECODE_SIDE = 3 * MODEL_INPUT_SIZE;

/** The photo upright, flattened onto white, as RGB pixels (UploadRejectedError when it does not decode). */
async function decodeUpright(image: Sharp) {
  try {
    return await image
      .rotate()
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .resize(DECODE_SIDE, DECODE_SIDE, { fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UploadRejectedError(UNREADABLE);
  }
}

/** The crops of the photo, resized to the model's input, as one batch of RGB floats in [0, 1]. */
async function modelInput(image: Sharp): Promise<{ pixels: Float32Array; count: number }> {
  const { data, info } = await decodeUpright(image);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const regions = cropRegions(info.width, info.height);
  const crops = await Promise.all(
    regions.map((region) =>
      sharp(data, { raw })
        .extract(region)
        .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: "fill", kernel: "linear" })
        .removeAlpha()
        .raw()
        .toBuffer(),
    ),
  );
  const pixels = new Float32Array(crops.length * MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
  crops.forEach((crop, index) => {
    const offset = index * crop.length;
    for (let i = 0; i < crop.length; i++) pixels[offset + i] = crop[i] / 255;
  });
  return { pixels, count: crops.length };
}

type WeightsManifest = { paths: string[]; weights: unknown[] }[];

let backendReady: Promise<void> | undefined;

async function tensorflow() {
  const [tf, layers, wasm] = await Promise.all([
    import("@tensorflow/tfjs-core"),
    import("@tensorflow/tfjs-layers"),
    import("@tensorflow/tfjs-backend-wasm"),
  ]);
  backendReady ??= (async () => {
    const wasmFiles = path.join(path.dirname(createRequire(import.meta.url).resolve("@tensorflow/tfjs-backend-wasm/package.json")), "dist");
    wasm.setWasmPaths(`${wasmFiles}${path.sep}`);
    if (!(await tf.setBackend("wasm"))) throw new Error("The TensorFlow.js WebAssembly backend could not start");
  })();
  await backendReady;
  return { tf, layers };
}

async function loadFrom(directory: string): Promise<Classifier> {
  if (!isModelInstalled(directory)) throw new ModelNotInstalledError(directory);
  const { tf, layers } = await tensorflow();
  const [modelJson, labelsJson] = await Promise.all(
    ["model.json", "labels.json"].map((file) => readFile(path.join(directory, file), "utf8")),
  );
  const { modelTopology, weightsManifest } = JSON.parse(modelJson) as { modelTopology: object; weightsManifest: WeightsManifest };
  const labels = JSON.parse(labelsJson) as string[];
  const shards = await Promise.all(weightsManifest.flatMap((group) => group.paths.map((file) => readFile(path.join(directory, file)))));
  const weights = Buffer.concat(shards);
  const model = await layers.loadLayersModel(
    tf.io.fromMemory({
      modelTopology,
      weightSpecs: weightsManifest.flatMap((group) => group.weights) as never,
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  // The embedding is what the last convolution (the one that scores the classes) reads.
  const classifierConv = model.layers.findLast((layer) => layer.getClassName() === "Conv2D");
  const penultimate = classifierConv && model.layers[model.layers.indexOf(classifierConv) - 1];
  if (!penultimate) throw new Error(`The model in ${directory} has no convolution scoring its classes`);
  const withEmbedding = layers.model({ inputs: model.inputs, outputs: [model.outputs[0], penultimate.output as never] });
  const classCount = model.outputs[0].shape.at(-1);
  if (classCount !== labels.length) {
    throw new Error(`labels.json in ${directory} names ${labels.length} classes but the model scores ${classCount}`);
  }

  return {
    labels,
    async analyze(image) {
      const { pixels, count } = await modelInput(image);
      const [probabilities, embeddings] = tf.tidy(() => {
        const input = tf.tensor4d(pixels, [count, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3]);
        const [logits, features] = withEmbedding.predict(input) as [Tensor, Tensor];
        return [tf.softmax(logits).dataSync() as Float32Array, tf.mean(features, [1, 2]).dataSync() as Float32Array];
      });
      const rows = (values: Float32Array, width: number) =>
        Array.from({ length: count }, (_, index) => values.slice(index * width, (index + 1) * width));
      return {
        probabilities: rows(probabilities, labels.length),
        embeddings: rows(embeddings, embeddings.length / count).map(unitVector),
      };
    },
  };
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
