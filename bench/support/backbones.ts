/**
 * nsfwjs's InceptionV3 (MIT; weights shipped inside the npm package, uint8-quantised) read as a second backbone
 * for the grocery head (decision 170): the layers model cut after its last mixed block read, its input of any
 * size, each mixed block named averaged over the picture. Measured beside darknet-tiny by the bench tools only;
 * the app does not run it (decision 170: it did not win).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Tensor4D } from "@tensorflow/tfjs-core";
import { cropBatches, tensorflow, type CropRequest, type DecodedPhoto } from "~/services/vision/model.server";

/** The mixed blocks pooled, in the order of the features (768 channels each). */
export const INCEPTION_BLOCKS = ["mixed4", "mixed5", "mixed6"] as const;
export const INCEPTION_CHANNELS = 768;

export interface InceptionReader {
  readonly fingerprint: string;
  /** per crop: each block of INCEPTION_BLOCKS averaged over the picture, joined */
  read(photo: DecodedPhoto, crops: readonly CropRequest[]): Promise<Float32Array[]>;
}

/** Where nsfwjs keeps InceptionV3: NSFWJS_DIR (a folder holding the package), else the project's node_modules. */
export function inceptionDirectory(): string {
  let packageFile = process.env.NSFWJS_DIR ? path.join(process.env.NSFWJS_DIR, "package.json") : null;
  try {
    packageFile ??= createRequire(import.meta.url).resolve("nsfwjs/package.json");
  } catch {
    throw new Error("nsfwjs is not installed: install nsfwjs@4.4.0 in a folder apart and set NSFWJS_DIR");
  }
  const directory = path.join(path.dirname(packageFile), "dist", "models", "inception_v3");
  if (!existsSync(path.join(directory, "model.min.js")))
    throw new Error(`No InceptionV3 model in ${directory}: install nsfwjs or set NSFWJS_DIR`);
  return directory;
}

type Topology = {
  model_config: { config: { layers: { name: string; config: Record<string, unknown> }[]; output_layers: unknown } };
};
type Manifest = { paths: string[]; weights: { name: string }[] }[];

/** A weight shard's bytes: nsfwjs wraps each shard in a UMD module around one base64 string, read here as text. */
async function shardBytes(file: string): Promise<Buffer> {
  const text = await readFile(file, "latin1");
  let longest = { from: 0, to: 0 };
  for (let at = text.indexOf('"'); at >= 0; ) {
    const end = text.indexOf('"', at + 1);
    if (end < 0) break;
    if (end - at > longest.to - longest.from) longest = { from: at + 1, to: end };
    at = text.indexOf('"', end + 1);
  }
  return Buffer.from(text.slice(longest.from, longest.to), "base64");
}

export async function loadInception(directory = inceptionDirectory()): Promise<InceptionReader> {
  const { tf, layers } = await tensorflow();
  // the topology is a UMD module returning an object literal (178 KB): required as the package ships it
  const model = createRequire(import.meta.url)(path.join(directory, "model.min.js")) as {
    modelTopology: Topology;
    weightsManifest: Manifest;
  };
  const shardNames = model.weightsManifest.flatMap((group) => group.paths);
  const shards = await Promise.all(
    shardNames.map((_, at) => shardBytes(path.join(directory, `group1-shard${at + 1}of${shardNames.length}.min.js`)))
  );
  const weights = Buffer.concat(shards);
  const topology = structuredClone(model.modelTopology);
  const config = topology.model_config.config;
  const last = INCEPTION_BLOCKS.at(-1)!;
  config.layers = config.layers.slice(0, config.layers.findIndex((layer) => layer.name === last) + 1);
  config.layers[0].config.batch_input_shape = [null, null, null, 3];
  config.output_layers = [[last, 0, 0]];
  const cut = await layers.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: topology,
      weightSpecs: model.weightsManifest.flatMap((group) => group.weights) as never,
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
    { strict: false }
  );
  const network = layers.model({
    inputs: cut.inputs,
    outputs: INCEPTION_BLOCKS.map((name) => cut.getLayer(name).output as never),
  });
  const fingerprint = createHash("sha256")
    .update(await readFile(path.join(directory, "model.min.js")))
    .update(weights)
    .update(INCEPTION_BLOCKS.join(","))
    .digest("hex")
    .slice(0, 16);

  return {
    fingerprint: `inception-${fingerprint}`,
    async read(photo, crops) {
      const out: Float32Array[] = new Array(crops.length);
      for (const { side, bytes, positions } of await cropBatches(photo, crops)) {
        const pixels = new Float32Array(bytes.length * side * side * 3);
        bytes.forEach((crop, index) => {
          const offset = index * crop.length;
          for (let i = 0; i < crop.length; i++) pixels[offset + i] = crop[i] / 255;
        });
        const pooled = tf.tidy(() => {
          const maps = [network.predict(tf.tensor4d(pixels, [bytes.length, side, side, 3]))].flat() as Tensor4D[];
          return maps.map((map) => tf.mean(map, [1, 2]).dataSync() as Float32Array);
        });
        positions.forEach((position, index) => {
          const row = new Float32Array(INCEPTION_BLOCKS.length * INCEPTION_CHANNELS);
          pooled.forEach((block, at) =>
            row.set(
              block.subarray(index * INCEPTION_CHANNELS, (index + 1) * INCEPTION_CHANNELS),
              at * INCEPTION_CHANNELS
            )
          );
          out[position] = row;
        });
      }
      return out;
    },
  };
}
