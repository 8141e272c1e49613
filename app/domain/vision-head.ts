/**
 * The trained classifier head (decision 090): a softmax layer over features the backbone already computes for
 * every crop (several layers pooled, and the colours), trained by `npm run vision:train` on the
 * GroceryStoreDataset dev and training photos, its settings chosen on the validation photos only. Pure: the
 * service loads the weights, the training command fits them, the benchmark measures them.
 */
import { composeEmbedding, unitVector, type EmbeddingParts } from "~/domain/vision";

/** The pooled layers the head reads, beside the ones the memory's embedding is made of. */
export interface HeadFeatureParts extends EmbeddingParts {
  /** the 512-channel layer averaged over the picture (the embedding keeps its maximum) */
  deepMean: ArrayLike<number>;
}

/** The order of the parts in the head's input; each part is scaled to length 1. */
const HEAD_PARTS = ["penultimate", "deepMean", "deep", "middle", "colour"] as const;

/** The head's input for a crop: each pooled layer and the colours, each of length 1, joined. */
export function headFeatures(parts: HeadFeatureParts): Float32Array {
  const units = HEAD_PARTS.map((key) => unitVector(parts[key]));
  const joined = new Float32Array(units.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of units) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** The widths of the head features' parts in HEAD_PARTS' order but the last (the colours: the rest). */
export const HEAD_PART_WIDTHS = [128, 512, 512, 256] as const;

/** The memory's embedding (composeEmbedding) of a crop, from its head features: the same parts, weighed. */
export function embeddingOfFeatures(features: Float32Array): Float32Array {
  const [penultimate, deepMean, deep, middle] = HEAD_PART_WIDTHS;
  const deepStart = penultimate + deepMean;
  const coloursStart = deepStart + deep + middle;
  return composeEmbedding({
    penultimate: features.subarray(0, penultimate),
    deep: features.subarray(deepStart, deepStart + deep),
    middle: features.subarray(deepStart + deep, coloursStart),
    colour: features.subarray(coloursStart),
  });
}

/**
 * A trained head: the input standardised (mean, scale), then, when it has a `hidden` layer, that layer and a ReLU,
 * then one linear layer (`weights`, `bias`) and a softmax over `classes`.
 */
export interface ClassifierHead {
  classes: readonly string[];
  mean: Float32Array;
  /** 1 / standard deviation per input figure */
  scale: Float32Array;
  /** the hidden layer (decision 157): [inputs × units] row by row, and its bias; `weights` then read its units */
  hidden?: { weights: Float32Array; bias: Float32Array };
  /** [inputs (or hidden units) × classes], row by row */
  weights: Float32Array;
  bias: Float32Array;
}

/** Heads over the same classes whose probabilities are mixed per view, each by its weight (decision 157). */
export interface MixedHead {
  classes: readonly string[];
  members: readonly { weight: number; head: ClassifierHead }[];
}

/** Heads over the same classes mixed by their weights ([weight, head] pairs). */
export function mixOf(members: readonly (readonly [number, ClassifierHead])[]): MixedHead {
  const classes = members[0][1].classes;
  if (members.some(([, head]) => head.classes.join("\n") !== classes.join("\n")))
    throw new Error("Heads mixed must name the same classes");
  return { classes, members: members.map(([weight, head]) => ({ weight, head })) };
}

/** One head as a mix of one (what a head file before decision 157 holds). */
export const mixOfOne = (head: ClassifierHead): MixedHead => mixOf([[1, head]]);

/** The softmax of a list of logits (stable: the largest is subtracted first). */
export function softmax(logits: ArrayLike<number>): Float32Array {
  let max = -Infinity;
  for (let i = 0; i < logits.length; i++) max = Math.max(max, logits[i]);
  const out = Float32Array.from(logits, (value) => Math.exp(value - max));
  const sum = out.reduce((total, value) => total + value, 0);
  return out.map((value) => value / sum);
}

/** inputs × rows[i] summed into `out` (out += inputs · rows), skipping zero inputs. */
function addProduct(out: Float32Array, inputs: ArrayLike<number>, rows: Float32Array): Float32Array {
  const width = out.length;
  for (let i = 0; i < inputs.length; i++) {
    const value = inputs[i];
    if (value === 0) continue;
    const row = i * width;
    for (let c = 0; c < width; c++) out[c] += value * rows[row + c];
  }
  return out;
}

/** One head's probability per class for one crop's features. */
function singleHeadProbabilities(head: ClassifierHead, features: ArrayLike<number>): Float32Array {
  const inputs = head.mean.length;
  if (features.length !== inputs) throw new Error(`The head reads ${inputs} figures, the crop has ${features.length}`);
  // in double precision, as the logits always summed them
  const standardised = Float64Array.from(features, (value, i) => (value - head.mean[i]) * head.scale[i]);
  const last = head.hidden
    ? addProduct(Float32Array.from(head.hidden.bias), standardised, head.hidden.weights).map((value) =>
        Math.max(0, value)
      )
    : standardised;
  return softmax(addProduct(Float32Array.from(head.bias), last, head.weights));
}

/** The head's probability per class for one crop's features: a mixed head's members weighed and summed. */
export function headProbabilities(head: ClassifierHead | MixedHead, features: ArrayLike<number>): Float32Array {
  if (!("members" in head)) return singleHeadProbabilities(head, features);
  const total = head.members.reduce((sum, { weight }) => sum + weight, 0);
  const mixed = new Float32Array(head.classes.length);
  for (const { weight, head: member } of head.members)
    singleHeadProbabilities(member, features).forEach((value, index) => (mixed[index] += (value * weight) / total));
  return mixed;
}

/** The head's probability per ingredient for a crop, averaged over its views (the crop and its mirror image). */
export function headScores(head: ClassifierHead | MixedHead, views: readonly ArrayLike<number>[]): Map<string, number> {
  const sum = new Float32Array(head.classes.length);
  for (const view of views) headProbabilities(head, view).forEach((value, index) => (sum[index] += value));
  return new Map(head.classes.map((name, index) => [name, sum[index] / views.length]));
}

/** A float32 as the bits of the nearest float16 (IEEE 754 half, ties to even; overflow to infinity). */
export function float16Bits(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  const bits = view.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  let mantissa = bits & 0x7fffff;
  if (((bits >>> 23) & 0xff) === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  if (exponent >= 0x1f) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - exponent;
    const half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const midway = 1 << (shift - 1);
    return sign | (half + (rest > midway || (rest === midway && half & 1) ? 1 : 0));
  }
  const half = (exponent << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  return sign | (half + (rest > 0x1000 || (rest === 0x1000 && half & 1) ? 1 : 0));
}

/** The value of a float16's bits. */
export function float16Value(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

let float16Table: Float32Array | null = null;

/** The values of float16 bits, many at once (a table of all 65,536: a head's 363,264 figures in a few ms). */
export function float16Values(bits: Uint16Array): Float32Array {
  float16Table ??= Float32Array.from({ length: 0x10000 }, (_, value) => float16Value(value));
  const table = float16Table;
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = table[bits[i]];
  return out;
}

/** The figures rounded to float16 (what a head file stored in float16 reads back). */
export const roundedToFloat16 = (values: Float32Array): Float32Array =>
  values.map((value) => float16Value(float16Bits(value)));

/** A small seeded random number generator (mulberry32), so that training runs give the same weights. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The list shuffled by a seeded random source (Fisher–Yates), a new list. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** One augmented view of a training photo: a crop of it (shares of its sides), maybe mirrored, its colours moved. */
export interface AugmentedView {
  left: number;
  top: number;
  size: number;
  mirrored: boolean;
  brightness: number;
  saturation: number;
  hue: number;
}

/** The photo as it is. */
export const PLAIN_VIEW: AugmentedView = {
  left: 0,
  top: 0,
  size: 1,
  mirrored: false,
  brightness: 1,
  saturation: 1,
  hue: 0,
};

/**
 * A view of the photo the head reads at test time (its answers averaged over them): a square in the middle of the
 * photo of `size` of its shorter side, or the whole photo (size 1), maybe mirrored left to right.
 */
export interface TestView {
  size: number;
  mirrored: boolean;
}

/** The crop a test view reads. */
export function centredView({ size, mirrored }: TestView): AugmentedView {
  const margin = (1 - size) / 2;
  return { ...PLAIN_VIEW, left: size === 1 ? 0 : margin, top: size === 1 ? 0 : margin, size, mirrored };
}

/** The centre of the photo: a square of 80 % of its shorter side, read beside the whole photo at test time. */
export const CENTRE_CROP: AugmentedView = centredView({ size: 0.8, mirrored: false });

/** The region of a photo of `width` × `height` pixels a view reads, in whole pixels. */
export function viewRegion(
  width: number,
  height: number,
  view: Pick<AugmentedView, "left" | "top" | "size">
): { left: number; top: number; width: number; height: number } {
  if (view.size === 1) return { left: 0, top: 0, width, height };
  const side = Math.round(Math.min(width, height) * view.size);
  // left and top are shares of the photo's sides, at most 1 - size: the crop's place along the room it has
  const along = (room: number, share: number) => Math.round(room * Math.min(1, share / (1 - view.size)));
  return { left: along(width - side, view.left), top: along(height - side, view.top), width: side, height: side };
}

/** A random view: a square-ish crop of 55–95 % of each side, mirrored half the time, brightness ±20 %, saturation ±30 %, hue ±8°. */
export function randomView(random: () => number): AugmentedView {
  const size = 0.55 + 0.4 * random();
  return {
    left: (1 - size) * random(),
    top: (1 - size) * random(),
    size,
    mirrored: random() < 0.5,
    brightness: 0.8 + 0.4 * random(),
    saturation: 0.7 + 0.6 * random(),
    hue: Math.round(-8 + 16 * random()),
  };
}

/** The halves of a validation set: settings are chosen on one and reported on the other (decision 129). */
export interface ValHalves<T> {
  choose: T[];
  report: T[];
}

/** FNV-1a of a text: an order that does not follow the file names' own (photos of one shelf side by side). */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A validation set split in two, stratified by class and the same whatever order the photos come in: each
 * class's photos in the order of their names' hash go to the choose half and the report half in turn, a class of
 * an odd count giving its extra photo to the half that has fewer so far.
 */
export function valHalves<T extends { file: string; fineClass: string }>(photos: readonly T[]): ValHalves<T> {
  const byClass = new Map<string, T[]>();
  for (const photo of photos) byClass.set(photo.fineClass, [...(byClass.get(photo.fineClass) ?? []), photo]);
  const halves: ValHalves<T> = { choose: [], report: [] };
  for (const className of [...byClass.keys()].sort()) {
    const ordered = byClass
      .get(className)!
      .sort((a, b) => textHash(a.file) - textHash(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const first = halves.choose.length <= halves.report.length ? halves.choose : halves.report;
    const second = first === halves.choose ? halves.report : halves.choose;
    ordered.forEach((photo, index) => (index % 2 === 0 ? first : second).push(photo));
  }
  const inputOrder = new Map(photos.map((photo, index) => [photo, index]));
  const byInput = (a: T, b: T) => inputOrder.get(a)! - inputOrder.get(b)!;
  return { choose: halves.choose.sort(byInput), report: halves.report.sort(byInput) };
}

/**
 * Folds for cross-validation on the training photos (decision 157): each fine class's photos in file-name order,
 * cut in `folds` consecutive blocks (photos taken one after another stay in one fold). The fold of each photo.
 */
export function blockedFolds(photos: readonly { file: string; fineClass: string }[], folds: number): number[] {
  const byClass = new Map<string, number[]>();
  photos.forEach((photo, index) => byClass.set(photo.fineClass, [...(byClass.get(photo.fineClass) ?? []), index]));
  const fold = new Array<number>(photos.length);
  for (const indices of byClass.values()) {
    indices.sort((a, b) => (photos[a].file < photos[b].file ? -1 : 1));
    indices.forEach((index, at) => (fold[index] = Math.floor((at * folds) / indices.length)));
  }
  return fold;
}

/**
 * A second backbone's pooled blocks as a head reads them (decisions 170 and 177): the blocks picked (`blocks`, by
 * index; block b is `widths[b]` figures), each scaled to length 1, joined; `before` (another backbone's head
 * features) first.
 */
export function blockFeatures(
  pooled: ArrayLike<number>,
  widths: readonly number[],
  blocks: readonly number[],
  before?: ArrayLike<number>
): Float32Array {
  const widthOf = (block: number) => widths[block];
  const startOf = (block: number) => widths.slice(0, block).reduce((sum, width) => sum + width, 0);
  const offset = before?.length ?? 0;
  const out = new Float32Array(offset + blocks.reduce((sum, block) => sum + widthOf(block), 0));
  if (before) out.set(Float32Array.from(before));
  const figures = Float32Array.from(pooled);
  let at = offset;
  for (const block of blocks) {
    out.set(unitVector(figures.subarray(startOf(block), startOf(block) + widthOf(block))), at);
    at += widthOf(block);
  }
  return out;
}
