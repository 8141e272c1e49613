/**
 * The classifier head a fresh install recognises groceries with (decision 090), written by `npm run
 * vision:train` into models/grocery-head/head.json and read once per process. A head trained over another
 * backbone's features (its fingerprint differs) is ignored, said once in the log.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { HEAD_THRESHOLDS } from "~/domain/vision";
import { CENTRE_CROP, type ClassifierHead, type TestView } from "~/domain/vision-head";

export const HEAD_FILE = "models/grocery-head/head.json";

/** The head file: which model's features it reads, how it was made, and its figures as little-endian float32 in base64. */
export interface HeadFile {
  source: string;
  /** the fingerprint of the backbone whose features the head reads */
  model: string;
  /** how a photo is read at test time, the whole photo first (its answers averaged); older files say it with the two below */
  views?: TestView[];
  /** the bar a guess must reach to be chosen for the cook (HEAD_THRESHOLDS.whole, 0.45, before it was chosen with the head) */
  bar?: number;
  /** (before `views`) the photo is read as it is and mirrored */
  mirrored?: boolean;
  /** (before `views`) the photo's centre (CENTRE_CROP) is read too, and its mirror image when `mirrored` */
  centre?: boolean;
  settings: string;
  validation: string;
  classes: string[];
  mean: string;
  scale: string;
  weights: string;
  bias: string;
}

export interface LoadedHead extends ClassifierHead {
  /** how a photo is read at test time, the head's answers averaged over them: the whole photo as it is first */
  views: TestView[];
  /** the bar a guess must reach to be chosen for the cook: below it, the photo's guesses are offered, none chosen */
  bar: number;
}

const WHOLE: TestView = { size: 1, mirrored: false };

/** The views a head file names, or those its older fields say (the whole photo, its mirror, the centre). */
function viewsOf(file: HeadFile): TestView[] {
  if (file.views) return file.views;
  const flips = file.mirrored ? [false, true] : [false];
  return [1, ...(file.centre ? [CENTRE_CROP.size] : [])].flatMap((size) =>
    flips.map((mirrored) => ({ size, mirrored }))
  );
}

const toBase64 = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  const copy = new Uint8Array(bytes);
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

export function encodeHead(
  head: ClassifierHead,
  about: Pick<HeadFile, "source" | "model" | "settings" | "validation"> & { views: TestView[]; bar: number }
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
    views: viewsOf(file),
    bar: file.bar ?? HEAD_THRESHOLDS.whole,
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
  const [first] = head.views;
  if (!first || first.size !== WHOLE.size || first.mirrored || head.views.some(({ size }) => !(size > 0 && size <= 1)))
    throw new Error("its views do not start with the whole photo");
  if (!(head.bar > 0 && head.bar < 1)) throw new Error("its bar is not a share between 0 and 1");
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
