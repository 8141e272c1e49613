/**
 * The classifier head a fresh install recognises groceries with (decision 090), written by `npm run
 * vision:train` into models/grocery-head/head.json and read once per process. A head trained over another
 * backbone's features (its fingerprint differs) is ignored, said once in the log.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ClassifierHead } from "~/domain/vision-head";

export const HEAD_FILE = "models/grocery-head/head.json";

/** The head file: which model's features it reads, how it was made, and its figures as little-endian float32 in base64. */
export interface HeadFile {
  source: string;
  /** the fingerprint of the backbone whose features the head reads */
  model: string;
  /** the photo is read as it is and mirrored, and the head's answers averaged */
  mirrored: boolean;
  /** the photo's centre (CENTRE_CROP) is read too, and its mirror image when `mirrored` */
  centre?: boolean;
  settings: string;
  validation: string;
  classes: string[];
  mean: string;
  scale: string;
  weights: string;
  bias: string;
}

/** How a photo is read at test time, the head's answers averaged over the views. */
export interface HeadTta {
  mirrored: boolean;
  centre: boolean;
}

export interface LoadedHead extends ClassifierHead, HeadTta {}

const toBase64 = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

export function encodeHead(
  head: ClassifierHead,
  about: Pick<HeadFile, "source" | "model" | "mirrored" | "centre" | "settings" | "validation">
): HeadFile {
  return {
    ...about,
    classes: [...head.classes],
    mean: toBase64(head.mean),
    scale: toBase64(head.scale),
    weights: toBase64(head.weights),
    bias: toBase64(head.bias),
  };
}

export function decodeHead(file: HeadFile): LoadedHead {
  const head = {
    classes: file.classes,
    mirrored: file.mirrored,
    centre: file.centre === true,
    mean: fromBase64(file.mean),
    scale: fromBase64(file.scale),
    weights: fromBase64(file.weights),
    bias: fromBase64(file.bias),
  };
  const inputs = head.mean.length;
  if (
    head.scale.length !== inputs ||
    head.bias.length !== head.classes.length ||
    head.weights.length !== inputs * head.classes.length
  )
    throw new Error("its figures do not fit together");
  return head;
}

const heads = new Map<string, LoadedHead | null>();

/**
 * The head for the backbone with this fingerprint, read once per process; null (logged once) when the file is
 * missing, unreadable or made over another backbone, so recognition still runs on the examples.
 */
export function groceryHead(model: string, file = HEAD_FILE): LoadedHead | null {
  const key = `${model}:${path.resolve(file)}`;
  if (heads.has(key)) return heads.get(key)!;
  let head: LoadedHead | null = null;
  try {
    if (!existsSync(file)) throw new Error("the file is missing");
    const stored = JSON.parse(readFileSync(file, "utf8")) as HeadFile;
    if (stored.model !== model) throw new Error("it was trained over another recognition model (VISION_MODEL_DIR)");
    head = decodeHead(stored);
  } catch (error) {
    console.warn(`Photo recognition starts without its trained head ${file}: ${(error as Error).message}`);
  }
  heads.set(key, head);
  return head;
}
