/**
 * Candidates of decision 156 (issue 28), measured on the cached features only (no model pass): the shipped linear
 * head beside a one-hidden-layer head (ReLU, dropout; CONFIGS="hidden,dropout,l2,epochs;..."), seeds averaged
 * (SEEDS), the starter memory's nearest neighbours mixed in, per-view weights and a temperature. Head-only top-1 /
 * top-3 on both halves of grocery-val (valHalves); nothing here is chosen or written.
 * VISION_FEATURE_CACHE=... npx tsx bench/vision-head-candidates.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { getCatalogue } from "~/domain/catalogue-data";
import {
  embeddingOfFeatures,
  headScores,
  seededRandom,
  shuffled,
  softmax,
  valHalves,
  type TestView,
} from "~/domain/vision-head";
import { decodeHead, HEAD_FILE } from "~/services/vision/head.server";
import { standardisation } from "~/services/vision/head-training.server";
import { tensorflow } from "~/services/vision/model.server";
import { FEATURE_CACHE, isProduce, labelledFolder, viewNumber } from "~/services/vision/training-features.server";

const dir = path.join(FEATURE_CACHE, (JSON.parse(readFileSync(HEAD_FILE, "utf8")) as { model: string }).model);
const images = "../shared/data/images";
function rows(folder: string, view: number): Float32Array[] {
  const idx = JSON.parse(readFileSync(path.join(dir, `${folder}-view${view}.bin.json`), "utf8"));
  const b = readFileSync(path.join(dir, `${folder}-view${view}.bin`));
  const all = new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  return idx.files.map((_: string, r: number) => all.slice(r * idx.length, (r + 1) * idx.length));
}
const catalogue = getCatalogue();
const dev = await labelledFolder(path.join(images, "grocery-dev"), catalogue);
const train = await labelledFolder(path.join(images, "grocery-train"), catalogue);
const val = await labelledFolder(path.join(images, "grocery-val"), catalogue);
const classes = [...new Set([...dev, ...train].map((p) => p.ingredient))].sort();
const X: Float32Array[] = [];
const Y: number[] = [];
for (const [name, photos] of [
  ["grocery-dev", dev],
  ["grocery-train", train],
] as const)
  for (const v of [0, 1, 2]) {
    X.push(...rows(name, v));
    Y.push(...photos.map((p) => classes.indexOf(p.ingredient)));
  }
const measured = val.flatMap((p, row) => (classes.includes(p.ingredient) ? [{ ...p, row }] : []));
const halves = valHalves(measured);
const views: TestView[] = [
  { size: 1, mirrored: false },
  { size: 1, mirrored: true },
  { size: 0.8, mirrored: false },
  { size: 0.6, mirrored: false },
];
const valViews = views.map((v) => rows("grocery-val", viewNumber(v)));
const baseHead = decodeHead(JSON.parse(readFileSync(HEAD_FILE, "utf8")));
// memory
const memRows = [...rows("grocery-dev", 0), ...rows("grocery-dev", 1)].map(embeddingOfFeatures);
const memLabels = [...dev, ...dev].map((p) => p.ingredient);
function knn(e: Float32Array): Float32Array {
  const sims = memRows
    .map((m, i) => {
      let s = 0;
      for (let k = 0; k < m.length; k++) s += m[k] * e[k];
      return [s, i];
    })
    .sort((a, b) => b[0] - a[0])
    .slice(0, 10);
  const out = new Float32Array(classes.length);
  let total = Math.exp((0.7 - 1) / 0.02);
  for (const [s, i] of sims) {
    const w = Math.exp((s - 1) / 0.02);
    out[classes.indexOf(memLabels[i])] += w;
    total += w;
  }
  return out.map((v) => v / total);
}
const knnVal = measured.map((p) => knn(embeddingOfFeatures(valViews[0][p.row])));

type Probs = (features: Float32Array) => Float32Array;
function linearProbs(f: Float32Array): Float32Array {
  const m = headScores(baseHead, [f]);
  return Float32Array.from(classes.map((c) => m.get(c) ?? 0));
}

const { tf } = await tensorflow();
const width = X[0].length;
const { mean, scale } = standardisation(X);
const inputs = new Float32Array(X.length * width);
X.forEach((r, a) => {
  for (let i = 0; i < width; i++) inputs[a * width + i] = (r[i] - mean[i]) * scale[i];
});
const all = tf.tensor2d(inputs, [X.length, width]);
const targets = tf.cast(tf.oneHot(tf.tensor1d(Y, "int32"), classes.length), "float32");

function trainMlp(hidden: number, dropout: number, l2: number, epochs: number, seed: number) {
  const random = seededRandom(seed);
  const init = (r: number, c: number, fan: number) =>
    tf.variable(
      tf.tensor2d(
        Float32Array.from({ length: r * c }, () => (random() * 2 - 1) * Math.sqrt(6 / fan)),
        [r, c]
      )
    );
  const W1 = init(width, hidden, width),
    b1 = tf.variable(tf.zeros([hidden]));
  const W2 = init(hidden, classes.length, hidden + classes.length),
    b2 = tf.variable(tf.zeros([classes.length]));
  const opt = tf.train.adam(1e-3);
  const order = X.map((_, i) => i);
  let step = 0;
  for (let e = 0; e < epochs; e++) {
    const b = shuffled(order, random);
    for (let s = 0; s < b.length; s += 256) {
      const picked = tf.tensor1d(b.slice(s, s + 256), "int32");
      step++;
      opt.minimize(() => {
        const x = tf.gather(all, picked);
        let h = tf.relu(tf.add(tf.matMul(x, W1), b1));
        if (dropout > 0) h = tf.dropout(h, dropout, undefined, seed + step);
        const logits = tf.add(tf.matMul(h, W2), b2);
        const loss = tf.losses.softmaxCrossEntropy(tf.gather(targets, picked), logits);
        return tf.add(loss, tf.mul(l2, tf.add(tf.sum(tf.square(W1)), tf.sum(tf.square(W2))))) as never;
      });
      picked.dispose();
    }
  }
  const w1 = W1.dataSync() as Float32Array,
    bb1 = b1.dataSync() as Float32Array,
    w2 = W2.dataSync() as Float32Array,
    bb2 = b2.dataSync() as Float32Array;
  return (f: Float32Array) => {
    const h = Float32Array.from(bb1);
    for (let i = 0; i < width; i++) {
      const v = (f[i] - mean[i]) * scale[i];
      if (v === 0) continue;
      const r = i * hidden;
      for (let j = 0; j < hidden; j++) h[j] += v * w1[r + j];
    }
    const lo = Float32Array.from(bb2);
    for (let j = 0; j < hidden; j++) {
      const v = Math.max(0, h[j]);
      if (v === 0) continue;
      const r = j * classes.length;
      for (let c = 0; c < classes.length; c++) lo[c] += v * w2[r + c];
    }
    return softmax(lo);
  };
}

function evalProbs(
  name: string,
  probs: Probs,
  knnWeights = [0],
  viewWeights = [1, 1, 1, 1],
  temperature = 1,
  givenPer?: Float32Array[][]
) {
  const sharpen = (q: Float32Array) => {
    if (temperature === 1) return q;
    const r = q.map((x) => Math.pow(x, 1 / temperature));
    const s = r.reduce((a, b) => a + b, 0);
    return r.map((x) => x / s);
  };
  const per = givenPer ?? measured.map((p) => valViews.map((vv) => sharpen(probs(vv[p.row]))));
  lastPer = per;
  const vwSum = viewWeights.reduce((a, b) => a + b, 0);
  const ids = new Map(measured.map((p, i) => [p, i]));
  for (const w of knnWeights)
    for (const viewSet of [[0, 1, 2, 3]]) {
      const fig = (photos: typeof measured) => {
        let t1 = 0,
          t3 = 0,
          pt1 = 0,
          pt3 = 0,
          pn = 0,
          wrong = 0;
        for (const p of photos) {
          const i = ids.get(p)!;
          const avg = new Float32Array(classes.length);
          for (const v of viewSet) per[i][v].forEach((x, c) => (avg[c] += (x * viewWeights[v]) / vwSum));
          const comb = avg.map((x, c) => (1 - w) * x + w * knnVal[i][c]);
          const order = [...comb.keys()].sort((a, b) => comb[b] - comb[a]);
          const truth = classes.indexOf(p.ingredient);
          const r1 = order[0] === truth,
            r3 = order.slice(0, 3).includes(truth);
          t1 += +r1;
          t3 += +r3;
          if (isProduce(p)) {
            pn++;
            pt1 += +r1;
            pt3 += +r3;
            if (!r1 && comb[order[0]] >= 0.45) wrong++;
          }
        }
        const n = photos.length;
        return `${((100 * t1) / n).toFixed(1)}/${((100 * t3) / n).toFixed(1)} prod ${((100 * pt1) / pn).toFixed(1)}/${(
          (100 * pt3) /
          pn
        ).toFixed(1)} wr@.45 ${(wrong / pn).toFixed(2)}`;
      };
      console.log(
        `${name} knn=${w} vw=${viewWeights} T=${temperature} | choose ${fig(halves.choose)} | report ${fig(
          halves.report
        )}`
      );
    }
}
let lastPer: Float32Array[][] = [];
const KW = [0, 0.2];
evalProbs("linear(shipped)", linearProbs, KW);
const linPer = lastPer;
for (const vw of [
  [1, 1, 0.5, 0.5],
  [1, 1, 1.5, 1.5],
  [1, 0.5, 1, 1],
  [1, 1, 1, 0.5],
  [1, 1, 0.5, 1],
])
  evalProbs("linear", linearProbs, [0], vw);
for (const T of [0.7, 1.5, 2]) evalProbs("linear", linearProbs, [0], [1, 1, 1, 1], T);

const configs = (process.env.CONFIGS ?? "256,0.5,0.0001,30").split(";");
for (const c of configs) {
  const [h, d, l2, ep] = c.split(",").map(Number);
  const t = Date.now();
  const seeds = (process.env.SEEDS ?? "2026").split(",").map(Number);
  const mlps = seeds.map((seed) => trainMlp(h, d, l2, ep, seed));
  const mlp = (f: Float32Array) => {
    const out = new Float32Array(classes.length);
    for (const m of mlps) m(f).forEach((x, k) => (out[k] += x / mlps.length));
    return out;
  };
  console.error(`trained ${c} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  evalProbs(`mlp ${c}`, mlp, KW);
  const mlpPer = lastPer;
  for (const a of [0.3, 0.5, 0.7])
    evalProbs(
      `ensemble lin ${a} + mlp ${c}`,
      mlp,
      KW,
      [1, 1, 1, 1],
      1,
      linPer.map((views, i) => views.map((q, v) => q.map((x, k) => a * x + (1 - a) * mlpPer[i][v][k])))
    );
}
