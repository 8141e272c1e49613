/**
 * The classifier head a fresh install recognises groceries with (decision 090), written by `npm run
 * vision:train` into models/grocery-head/head.json and read once per process. A head trained over another
 * backbone's features (its fingerprint differs) is ignored, said once in the log.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { HEAD_THRESHOLDS } from "~/domain/vision";
import {
  CENTRE_CROP,
  float16Bits,
  float16Values,
  type ClassifierHead,
  type MixedHead,
  type TestView,
} from "~/domain/vision-head";

export const HEAD_FILE = "models/grocery-head/head.json";

/** One head of a file's `heads`: its weight in the mix and its figures in base64 (little-endian float32 or float16). */
export interface HeadFileMember {
  weight: number;
  /**
   * how the layers' figures are stored: "float16" halves the file (a hidden layer is 363,264 figures), float32
   * otherwise; the standardisation (`mean`, `scale`: 1 / deviation may pass float16's 65,504) is always float32
   */
  encoding?: "float16";
  mean: string;
  scale: string;
  /** the hidden layer (ReLU) before `weights`, when the head has one */
  hiddenWeights?: string;
  hiddenBias?: string;
  weights: string;
  bias: string;
}

/**
 * The head file: which model's features it reads, how it was made, and its figures in base64: one linear head's
 * (`mean` ... `bias`, float32, before decision 157) or several heads mixed (`heads`).
 */
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
  /** the heads mixed per view, each by its weight (decision 157); without it, the one head of the fields below */
  heads?: HeadFileMember[];
  mean?: string;
  scale?: string;
  weights?: string;
  bias?: string;
}

export interface LoadedHead extends MixedHead {
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

const toBase64 = (values: Float32Array, encoding?: "float16") => {
  if (encoding !== "float16")
    return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");
  const halves = Uint16Array.from(values, float16Bits);
  return Buffer.from(halves.buffer).toString("base64");
};

function fromBase64(text: string | undefined, encoding?: "float16"): Float32Array {
  if (text === undefined) throw new Error("a head's figures are missing");
  const copy = new Uint8Array(Buffer.from(text, "base64"));
  if (encoding === "float16") return float16Values(new Uint16Array(copy.buffer, 0, copy.byteLength >> 1));
  return new Float32Array(copy.buffer, 0, copy.byteLength >> 2);
}

type About = Pick<HeadFile, "source" | "model" | "settings" | "validation"> & { views: TestView[]; bar: number };

function encodeMember(head: ClassifierHead, weight: number, encoding?: "float16"): HeadFileMember {
  const hidden = head.hidden
    ? { hiddenWeights: toBase64(head.hidden.weights, encoding), hiddenBias: toBase64(head.hidden.bias, encoding) }
    : {};
  return {
    weight,
    ...(encoding ? { encoding } : {}),
    mean: toBase64(head.mean),
    scale: toBase64(head.scale),
    ...hidden,
    weights: toBase64(head.weights, encoding),
    bias: toBase64(head.bias, encoding),
  };
}

/** One linear head's file, as before decision 157. */
export function encodeHead(head: ClassifierHead, about: About): HeadFile {
  const { mean, scale, weights, bias } = encodeMember(head, 1);
  return { ...about, classes: [...head.classes], mean, scale, weights, bias };
}

/** Several heads mixed, each by its weight; a head with a hidden layer is stored in float16 (decision 157). */
export function encodeMixedHead(head: MixedHead, about: About): HeadFile {
  return {
    ...about,
    classes: [...head.classes],
    heads: head.members.map(({ weight, head: member }) =>
      encodeMember(member, weight, member.hidden ? "float16" : undefined)
    ),
  };
}

function decodeMember(member: HeadFileMember, classes: readonly string[]): { weight: number; head: ClassifierHead } {
  const read = (text: string | undefined) => fromBase64(text, member.encoding);
  const head: ClassifierHead = {
    classes,
    mean: fromBase64(member.mean),
    scale: fromBase64(member.scale),
    ...(member.hiddenWeights !== undefined || member.hiddenBias !== undefined
      ? { hidden: { weights: read(member.hiddenWeights), bias: read(member.hiddenBias) } }
      : {}),
    weights: read(member.weights),
    bias: read(member.bias),
  };
  const inputs = head.mean.length;
  const units = head.hidden ? head.hidden.bias.length : inputs;
  if (
    head.scale.length !== inputs ||
    (head.hidden && head.hidden.weights.length !== inputs * units) ||
    head.bias.length !== classes.length ||
    head.weights.length !== units * classes.length
  )
    throw new Error("its figures do not fit together");
  if (!(member.weight > 0) || !Number.isFinite(member.weight)) throw new Error("a head's weight is not above 0");
  return { weight: member.weight, head };
}

export function decodeHead(file: HeadFile): LoadedHead {
  const stored = file.heads ?? [
    { weight: 1, mean: file.mean!, scale: file.scale!, weights: file.weights!, bias: file.bias! },
  ];
  if (stored.length === 0) throw new Error("it has no heads");
  const members = stored.map((member) => decodeMember(member, file.classes));
  if (members.some(({ head }) => head.mean.length !== members[0].head.mean.length))
    throw new Error("its heads read different figures");
  const head: LoadedHead = {
    classes: file.classes,
    members,
    views: viewsOf(file),
    bar: file.bar ?? HEAD_THRESHOLDS.whole,
  };
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
