/**
 * Fits the classifier head (decision 090): multinomial logistic regression (a softmax layer) over standardised
 * features, trained by Adam in seeded mini-batches with an L2 penalty, on TensorFlow.js (WebAssembly backend,
 * one thread: the same weights on every run).
 */
import type { ClassifierHead } from "~/domain/vision-head";
import { roundedToFloat16, seededRandom, shuffled } from "~/domain/vision-head";
import { tensorflow } from "./model.server";

export interface HeadSettings {
  /** L2 penalty on the weights */
  l2: number;
  epochs: number;
  learningRate: number;
  /** the share of each target spread over all classes (0: none), so the head is less sure of what it saw */
  labelSmoothing?: number;
  /** which input figures the head reads (a subset of the features, e.g. one layer), or all */
  columns?: readonly number[];
}

export interface LabelledRows {
  rows: readonly Float32Array[];
  /** index of each row's class */
  labels: readonly number[];
}

/** The linear head's settings decision 129 chose (vision:train compares them again without --head-mix-only). */
export const LINEAR_HEAD: HeadSettings = { l2: 1e-4, epochs: 40, learningRate: 1e-3 };

const BATCH = 256;
const SEED = 2026;

/** Mean and 1 / standard deviation per column (1 where a column does not vary). */
export function standardisation(rows: readonly Float32Array[]): { mean: Float32Array; scale: Float32Array } {
  const width = rows[0].length;
  const mean = new Float32Array(width);
  const square = new Float32Array(width);
  for (const row of rows) {
    for (let i = 0; i < width; i++) {
      mean[i] += row[i];
      square[i] += row[i] * row[i];
    }
  }
  const scale = new Float32Array(width);
  for (let i = 0; i < width; i++) {
    mean[i] /= rows.length;
    const deviation = Math.sqrt(Math.max(0, square[i] / rows.length - mean[i] * mean[i]));
    scale[i] = deviation > 1e-6 ? 1 / deviation : 1;
  }
  return { mean, scale };
}

/** The rows' `columns` standardised, row by row, and the standardisation (of every column). */
function standardisedInputs(rows: readonly Float32Array[], columns: readonly number[]) {
  const { mean, scale } = standardisation(rows);
  const inputs = new Float32Array(rows.length * columns.length);
  rows.forEach((row, at) =>
    columns.forEach((column, index) => {
      inputs[at * columns.length + index] = (row[column] - mean[column]) * scale[column];
    })
  );
  return { mean, scale, inputs };
}

/** The head fitted to the rows: every column the settings do not read gets weight zero. */
export async function trainHead(
  training: LabelledRows,
  classes: readonly string[],
  settings: HeadSettings
): Promise<ClassifierHead> {
  const { tf } = await tensorflow();
  const width = training.rows[0].length;
  const columns = settings.columns ?? Array.from({ length: width }, (_, index) => index);
  const { mean, scale, inputs } = standardisedInputs(training.rows, columns);
  const random = seededRandom(SEED);
  const weights = tf.variable(tf.zeros([columns.length, classes.length]));
  const bias = tf.variable(tf.zeros([classes.length]));
  const optimizer = tf.train.adam(settings.learningRate);
  const all = tf.tensor2d(inputs, [training.rows.length, columns.length]);
  const targets = tf.cast(tf.oneHot(tf.tensor1d([...training.labels], "int32"), classes.length), "float32");
  const order = training.rows.map((_, index) => index);
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    const batches = shuffled(order, random);
    for (let start = 0; start < batches.length; start += BATCH) {
      const picked = tf.tensor1d(batches.slice(start, start + BATCH), "int32");
      optimizer.minimize(() => {
        const x = tf.gather(all, picked);
        const y = tf.gather(targets, picked);
        const logits = tf.add(tf.matMul(x, weights), bias);
        const loss = tf.losses.softmaxCrossEntropy(y, logits, undefined, settings.labelSmoothing ?? 0);
        return tf.add(loss, tf.mul(settings.l2, tf.sum(tf.square(weights)))) as never;
      });
      picked.dispose();
    }
  }
  const trained = weights.dataSync() as Float32Array;
  const fullWeights = new Float32Array(width * classes.length);
  columns.forEach((column, index) =>
    fullWeights.set(trained.subarray(index * classes.length, (index + 1) * classes.length), column * classes.length)
  );
  const head: ClassifierHead = {
    classes,
    mean,
    scale,
    weights: fullWeights,
    bias: Float32Array.from(bias.dataSync()),
  };
  for (const tensor of [weights, bias, all, targets]) tensor.dispose();
  optimizer.dispose();
  return head;
}

export interface HiddenLayerSettings {
  /** hidden units (ReLU) */
  units: number;
  /** the share of hidden units dropped in each training step */
  dropout: number;
  /** L2 penalty on both layers' weights */
  l2: number;
  epochs: number;
  learningRate: number;
  /** seeds the initial weights, the batches' order and the dropout: heads of other seeds are averaged (decision 157) */
  seed: number;
}

/**
 * A head with one hidden layer (decisions 156 and 157): standardised features, a ReLU layer with dropout while
 * training, then the softmax layer; Glorot-uniform initial weights from the seed. Its figures are rounded to
 * float16 (but the standardisation's), as the head file stores them, so what is measured is what ships.
 */
export async function trainHiddenLayerHead(
  training: LabelledRows,
  classes: readonly string[],
  settings: HiddenLayerSettings
): Promise<ClassifierHead> {
  const { tf } = await tensorflow();
  const width = training.rows[0].length;
  const { mean, scale, inputs } = standardisedInputs(
    training.rows,
    Array.from({ length: width }, (_, index) => index)
  );
  const all = tf.tensor2d(inputs, [training.rows.length, width]);
  const targets = tf.cast(tf.oneHot(tf.tensor1d([...training.labels], "int32"), classes.length), "float32");
  const random = seededRandom(settings.seed);
  const glorot = (rows: number, columns: number, fan: number) =>
    tf.variable(
      tf.tensor2d(
        Float32Array.from({ length: rows * columns }, () => (random() * 2 - 1) * Math.sqrt(6 / fan)),
        [rows, columns]
      )
    );
  const hiddenWeights = glorot(width, settings.units, width);
  const hiddenBias = tf.variable(tf.zeros([settings.units]));
  const weights = glorot(settings.units, classes.length, settings.units + classes.length);
  const bias = tf.variable(tf.zeros([classes.length]));
  const optimizer = tf.train.adam(settings.learningRate);
  const order = training.rows.map((_, index) => index);
  let step = 0;
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    const batches = shuffled(order, random);
    for (let start = 0; start < batches.length; start += BATCH) {
      const picked = tf.tensor1d(batches.slice(start, start + BATCH), "int32");
      step++;
      optimizer.minimize(() => {
        const x = tf.gather(all, picked);
        let hidden = tf.relu(tf.add(tf.matMul(x, hiddenWeights), hiddenBias));
        if (settings.dropout > 0) hidden = tf.dropout(hidden, settings.dropout, undefined, settings.seed + step);
        const logits = tf.add(tf.matMul(hidden, weights), bias);
        const loss = tf.losses.softmaxCrossEntropy(tf.gather(targets, picked), logits);
        const penalty = tf.add(tf.sum(tf.square(hiddenWeights)), tf.sum(tf.square(weights)));
        return tf.add(loss, tf.mul(settings.l2, penalty)) as never;
      });
      picked.dispose();
    }
  }
  const read = (tensor: { dataSync(): unknown }) =>
    roundedToFloat16(Float32Array.from(tensor.dataSync() as Float32Array));
  const head: ClassifierHead = {
    classes,
    mean,
    scale,
    hidden: { weights: read(hiddenWeights), bias: read(hiddenBias) },
    weights: read(weights),
    bias: read(bias),
  };
  for (const tensor of [hiddenWeights, hiddenBias, weights, bias, all, targets]) tensor.dispose();
  optimizer.dispose();
  return head;
}

/** The hidden-layer heads decision 157 compared: one per seed of HIDDEN_LAYER_SEEDS, otherwise alike (decision 156). */
export const HIDDEN_LAYER_HEAD: Omit<HiddenLayerSettings, "seed"> = {
  units: 256,
  dropout: 0.5,
  l2: 1e-4,
  epochs: 30,
  learningRate: 1e-3,
};
export const HIDDEN_LAYER_SEEDS = [2026, 7, 8, 9, 10] as const;
