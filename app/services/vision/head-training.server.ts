/**
 * Fits the classifier head (decision 090): multinomial logistic regression (a softmax layer) over standardised
 * features, trained by Adam in seeded mini-batches with an L2 penalty, on TensorFlow.js (WebAssembly backend,
 * one thread: the same weights on every run).
 */
import type { ClassifierHead } from "~/domain/vision-head";
import { seededRandom, shuffled } from "~/domain/vision-head";
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

/** The head fitted to the rows: every column the settings do not read gets weight zero. */
export async function trainHead(
  training: LabelledRows,
  classes: readonly string[],
  settings: HeadSettings
): Promise<ClassifierHead> {
  const { tf } = await tensorflow();
  const width = training.rows[0].length;
  const columns = settings.columns ?? Array.from({ length: width }, (_, index) => index);
  const { mean, scale } = standardisation(training.rows);
  const inputs = new Float32Array(training.rows.length * columns.length);
  training.rows.forEach((row, at) =>
    columns.forEach((column, index) => {
      inputs[at * columns.length + index] = (row[column] - mean[column]) * scale[column];
    })
  );
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
