/**
 * The darknet classifier run as a plain chain of TensorFlow.js operations instead of through tfjs-layers:
 * each convolution with its batch normalisation folded into its weights and bias, so that a picture costs one
 * fused convolution, one leaky ReLU and the pooling per block (a third less CPU than the layers model, which
 * runs the normalisation as a step of its own). Checked against the layers model when it is built.
 */
import type * as TensorFlow from "@tensorflow/tfjs-core";
import type { Tensor, Tensor1D, Tensor4D } from "@tensorflow/tfjs-core";
import type { LayersModel } from "@tensorflow/tfjs-layers";

type Tf = typeof TensorFlow;
type Layer = LayersModel["layers"][number];
type Padding = "same" | "valid";

interface ConvolutionStep {
  kind: "convolution";
  filter: Tensor4D;
  bias: Tensor1D;
  strides: [number, number];
  padding: Padding;
  /** the leaky ReLU's slope below zero, or null for none */
  alpha: number | null;
}

interface PoolStep {
  kind: "pool";
  size: [number, number];
  strides: [number, number];
  padding: Padding;
  /** the leaky ReLU of the convolution before it, run after the pool instead (null for none) */
  alpha: number | null;
}

type Step = (ConvolutionStep | PoolStep) & { layers: Layer[] };

const pair = (value: unknown): [number, number] =>
  Array.isArray(value) ? [value[0], value[1]] : [Number(value), Number(value)];

function convolutionStep(tf: Tf, layers: readonly Layer[], at: number): Step {
  const convolution = layers[at];
  const config = convolution.getConfig() as {
    strides: number[];
    padding: Padding;
    activation: string;
    useBias: boolean;
    dilationRate: number[];
  };
  if (config.activation !== "linear" || pair(config.dilationRate).some((rate) => rate !== 1)) {
    throw new Error(`${convolution.name} is not a plain convolution`);
  }
  const [kernel, givenBias] = convolution.getWeights();
  const taken = [convolution];
  const normalisation = layers[at + 1];
  const folds = normalisation?.getClassName() === "BatchNormalization";
  if (folds) taken.push(normalisation);
  const [filter, bias] = tf.tidy(() => {
    const plainBias = config.useBias ? givenBias : tf.zeros([kernel.shape[3]!]);
    if (!folds) return [tf.clone(kernel), tf.clone(plainBias)];
    const { epsilon, scale, center, axis } = normalisation.getConfig() as {
      epsilon: number;
      scale: boolean;
      center: boolean;
      axis: number;
    };
    if (axis !== -1 && axis !== 3) throw new Error(`${normalisation.name} does not normalise the channels`);
    const weights = [...normalisation.getWeights()];
    const gamma = scale ? weights.shift()! : tf.onesLike(plainBias);
    const beta = center ? weights.shift()! : tf.zerosLike(plainBias);
    const [mean, variance] = weights;
    const factor = tf.div(gamma, tf.sqrt(tf.add(variance, epsilon)));
    return [tf.mul(kernel, factor), tf.add(tf.mul(tf.sub(plainBias, mean), factor), beta)];
  }) as [Tensor4D, Tensor1D];
  const activation = layers[at + taken.length];
  const alpha = activation?.getClassName() === "LeakyReLU" ? (activation.getConfig() as { alpha: number }).alpha : null;
  if (activation && alpha !== null) taken.push(activation);
  return {
    kind: "convolution",
    filter,
    bias,
    strides: pair(config.strides),
    padding: config.padding,
    alpha,
    layers: taken,
  };
}

/**
 * The model's chain of blocks folded; `run` returns the outputs of the `taps` layers for a batch of pictures
 * (any size, channels last, values 0–1). Throws when the model is not such a chain (or the folded chain does
 * not give what the model gives).
 */
export function foldedNetwork(
  tf: Tf,
  model: LayersModel,
  taps: readonly Layer[]
): { run(input: Tensor4D, wanted?: readonly number[]): Tensor[] } {
  const steps: Step[] = [];
  const layers = model.layers;
  for (let at = 0; at < layers.length; ) {
    const layer = layers[at];
    const kind = layer.getClassName();
    if (kind === "Conv2D") {
      steps.push(convolutionStep(tf, layers, at));
    } else if (kind === "MaxPooling2D") {
      const config = layer.getConfig() as { poolSize: number[]; strides: number[] | null; padding: Padding };
      const size = pair(config.poolSize);
      steps.push({
        kind: "pool",
        size,
        strides: config.strides ? pair(config.strides) : size,
        padding: config.padding,
        alpha: null,
        layers: [layer],
      });
    } else if (!(kind === "InputLayer" || (kind === "GlobalAveragePooling2D" && at === layers.length - 1))) {
      throw new Error(`The model has a ${kind} layer, which the folded network does not run`);
    }
    at += steps.at(-1)?.layers.includes(layer) ? steps.at(-1)!.layers.length : 1;
  }
  const tapSteps = taps.map((tap) => steps.findIndex((step) => step.layers.at(-1) === tap));
  if (tapSteps.includes(-1)) throw new Error("A layer the recogniser reads is inside a folded block");
  // A max pool commutes with a rising function, so the leaky ReLU of a convolution just before a pool runs after
  // it, on a quarter of the values: the same figures, and the WebAssembly backend's leaky ReLU costs more than
  // the convolution it follows at the first layers' sizes. Not for a convolution the recogniser reads.
  steps.forEach((step, at) => {
    const next = steps[at + 1];
    if (step.kind === "convolution" && step.alpha !== null && next?.kind === "pool" && !tapSteps.includes(at)) {
      next.alpha = step.alpha;
      step.alpha = null;
    }
  });

  /** Every step's output, in order, up to the step at `last`. */
  function forward(input: Tensor4D, last = steps.length - 1): Tensor4D[] {
    const outputs: Tensor4D[] = [];
    let current = input;
    for (const step of steps.slice(0, last + 1)) {
      if (step.kind === "pool") {
        current = tf.maxPool(current, step.size, step.strides, step.padding);
        if (step.alpha !== null) current = tf.leakyRelu(current, step.alpha);
      } else {
        current = tf.fused.conv2d({
          x: current,
          filter: step.filter,
          bias: step.bias,
          strides: step.strides,
          pad: step.padding,
          ...(step.alpha === null ? {} : { activation: "leakyrelu", leakyreluAlpha: step.alpha }),
        });
      }
      outputs.push(current);
    }
    return outputs;
  }

  /** The outputs of the taps at `wanted` (positions in `taps`, all by default); the steps after them are not run. */
  const run = (input: Tensor4D, wanted: readonly number[] = taps.map((_, at) => at)) => {
    const needed = wanted.map((at) => tapSteps[at]);
    const outputs = forward(input, Math.max(...needed));
    return needed.map((index) => outputs[index]);
  };

  // the folded chain must score a picture as the model does
  const difference = tf.tidy(() => {
    const picture = tf.randomUniform([1, 64, 64, 3], 0, 1, "float32", 17) as Tensor4D;
    const expected = model.predict(picture) as Tensor;
    const actual = tf.mean(forward(picture).at(-1)!, [1, 2]);
    return (
      tf.max(tf.abs(tf.sub(expected, actual))).dataSync()[0] / Math.max(1e-6, tf.max(tf.abs(expected)).dataSync()[0])
    );
  });
  if (!(difference < 1e-3)) throw new Error("The folded network does not give what the model gives");
  return { run };
}
