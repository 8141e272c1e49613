import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { alternativesOf, ExampleMemory, unsureChoices, UNSURE_FLOOR } from "~/domain/vision";
import {
  blockedFolds,
  blockFeatures,
  CENTRE_CROP,
  centredView,
  headFeatures,
  float16Bits,
  float16Value,
  float16Values,
  headScores,
  mixOf,
  mixOfOne,
  PLAIN_VIEW,
  randomView,
  seededRandom,
  softmax,
  valHalves,
  viewRegion,
  type ClassifierHead,
  type TestView,
} from "~/domain/vision-head";
import { HEAD_STEPS, recognisePhoto } from "~/services/vision/embedded.server";
import { decodeHead, encodeHead, encodeMixedHead } from "~/services/vision/head.server";
import type { Classifier, CropAnalysis } from "~/services/vision/model.server";

/** A head over two figures: the first says apple, the second lemon. */
const head: ClassifierHead = {
  classes: ["apple", "lemon"],
  mean: Float32Array.from([0, 0]),
  scale: Float32Array.from([1, 1]),
  weights: Float32Array.from([4, 0, 0, 4]),
  bias: Float32Array.from([0, 0]),
};

describe("the trained head", () => {
  it("scores each ingredient by the softmax of its figures, and averages a photo's views", () => {
    const apple = headScores(head, [Float32Array.from([1, 0])]);
    expect(apple.get("apple")).toBeCloseTo(Math.exp(4) / (Math.exp(4) + 1), 5);
    const both = headScores(head, [Float32Array.from([1, 0]), Float32Array.from([0, 1])]);
    expect(both.get("apple")).toBeCloseTo(0.5, 5);
    expect(both.get("lemon")).toBeCloseTo(0.5, 5);
  });

  it("refuses features of another length rather than reading them wrong", () => {
    expect(() => headScores(head, [Float32Array.from([1, 0, 0])])).toThrow(/reads 2 figures/);
  });

  it("keeps a softmax of large logits finite", () => {
    const probabilities = softmax([1000, 999]);
    expect(probabilities[0] + probabilities[1]).toBeCloseTo(1, 6);
    expect(Number.isFinite(probabilities[0])).toBe(true);
  });

  it("reads each pooled layer at length 1, so no layer outweighs the others by its size", () => {
    const features = headFeatures({
      penultimate: [3, 4],
      deepMean: [0, 2],
      deep: [5, 0],
      middle: [1, 1],
      colour: [0, 0],
    });
    expect(Array.from(features)).toEqual([0.6, 0.8, 0, 1, 1, 0, Math.SQRT1_2, Math.SQRT1_2, 0, 0].map(Math.fround));
  });

  it("draws the same augmented views from the same seed (training is reproducible)", () => {
    const first = [randomView(seededRandom(7)), randomView(seededRandom(7))];
    expect(first[0]).toEqual(first[1]);
    expect(randomView(seededRandom(8))).not.toEqual(first[0]);
    const view = first[0];
    expect(view.size).toBeGreaterThanOrEqual(0.55);
    expect(view.left + view.size).toBeLessThanOrEqual(1);
  });
});

describe("several heads mixed (decision 157)", () => {
  const never = -30;
  /** A linear head over one figure: at 1 it says apple 0.6, lime 0.4. */
  const linear: ClassifierHead = {
    classes: ["apple", "lemon", "lime"],
    mean: Float32Array.from([0]),
    scale: Float32Array.from([1]),
    weights: Float32Array.from([Math.log(0.6), never, Math.log(0.4)]),
    bias: new Float32Array(3),
  };
  /** A head with a hidden ReLU unit over the same figure: at 1 it says lemon 0.6, lime 0.4; at -1 nothing (even odds). */
  const hiddenLayer: ClassifierHead = {
    classes: ["apple", "lemon", "lime"],
    mean: Float32Array.from([0]),
    scale: Float32Array.from([1]),
    hidden: { weights: Float32Array.from([1]), bias: Float32Array.from([0]) },
    weights: Float32Array.from([never, Math.log(0.6), Math.log(0.4)]),
    bias: new Float32Array(3),
  };
  const about = {
    source: "",
    model: "m",
    settings: "",
    validation: "",
    views: [{ size: 1, mirrored: false }],
    bar: 0.45,
  };
  const best = (scores: Map<string, number>) => [...scores].sort((a, b) => b[1] - a[1])[0][0];
  const one = [Float32Array.from([1])];
  const mixedFile = (linearWeight: number, hiddenWeight: number) =>
    encodeMixedHead(
      mixOf([
        [linearWeight, linear],
        [hiddenWeight, hiddenLayer],
      ]),
      about
    );

  it("answers what the heads say together, which neither says alone: dropping either head changes the answer", () => {
    const file = mixedFile(1, 1);
    const both = headScores(decodeHead(file), one);
    expect(best(both)).toBe("lime");
    expect(both.get("lime")).toBeCloseTo(0.4, 3);
    expect(both.get("apple")).toBeCloseTo(0.3, 3);
    for (const kept of [0, 1]) {
      const alone = decodeHead({ ...file, heads: [file.heads![kept]] });
      expect(best(headScores(alone, one))).toBe(kept === 0 ? "apple" : "lemon");
    }
  });

  it("weighs each head by its weight in the file", () => {
    const file = mixedFile(0.7, 0.3);
    const scores = headScores(decodeHead(file), one);
    expect(scores.get("apple")).toBeCloseTo(0.42, 3);
    expect(scores.get("lemon")).toBeCloseTo(0.18, 3);
    expect(best(scores)).toBe("apple");
  });

  it("reads the hidden layer through its ReLU: a negative unit counts as none", () => {
    const scores = headScores(mixOfOne(hiddenLayer), [Float32Array.from([-1])]);
    for (const name of linear.classes) expect(scores.get(name), name).toBeCloseTo(1 / 3, 5);
  });

  it("stores a hidden-layer head in float16 and reads it back to float16's precision; a linear one bit for bit", () => {
    const file = mixedFile(1, 1);
    expect(file.heads!.map(({ encoding }) => encoding)).toEqual([undefined, "float16"]);
    const [first, second] = decodeHead(file).members.map(({ head }) => head);
    expect(first.weights).toEqual(linear.weights);
    Array.from(hiddenLayer.weights).forEach((value, index) =>
      expect(Math.abs(second.weights[index] - value)).toBeLessThanOrEqual(Math.abs(value) / 1024)
    );
  });

  it("rounds to the nearest float16, ties to even, through subnormals and overflow", () => {
    for (const value of [0, 1, -2, 0.5, 65504, 2 ** -24, 2 ** -14, 1 / 3, -0.1])
      expect(Math.abs(float16Value(float16Bits(value)) - value)).toBeLessThanOrEqual(Math.abs(value) / 2048 + 2 ** -25);
    expect(float16Bits(1 + 2 ** -11)).toBe(0x3c00); // a tie rounds to the even mantissa
    expect(float16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02);
    expect(float16Value(float16Bits(1e6))).toBe(Infinity);
    expect(float16Value(float16Bits(2 ** -26))).toBe(0);
    const bits = Uint16Array.from([0x3c00, 0xbc00, 0x0001, 0x7bff, 0x3555]);
    // 1, -1, the smallest subnormal, the largest finite value, and 1/3 as float16 keeps it
    expect(Array.from(float16Values(bits))).toEqual([1, -1, 2 ** -24, 65504, Math.fround(0.333251953125)]);
  });

  it("reads a head file from before decision 157 (one linear head, no `heads`) as it always did", () => {
    const file = encodeHead(linear, about);
    expect(file.heads).toBeUndefined();
    const loaded = decodeHead(file);
    expect(loaded.members).toHaveLength(1);
    expect(headScores(loaded, one).get("apple")).toBeCloseTo(0.6, 5);
  });

  it("refuses a file whose heads do not fit together or weigh nothing", () => {
    const file = mixedFile(1, 1);
    expect(() => decodeHead({ ...file, heads: [] })).toThrow(/no heads/);
    expect(() => decodeHead({ ...file, heads: [{ ...file.heads![1], hiddenBias: file.heads![0].bias }] })).toThrow(
      /do not fit/
    );
    expect(() => decodeHead({ ...file, heads: [{ ...file.heads![0], weight: 0 }] })).toThrow(/weight/);
  });
});

describe("the views a photo is read in", () => {
  it("reads the centre as a square of 80 % of the shorter side, in the middle, whatever the photo's shape", () => {
    expect(viewRegion(400, 300, CENTRE_CROP)).toEqual({ left: 80, top: 30, width: 240, height: 240 });
    expect(viewRegion(300, 400, CENTRE_CROP)).toEqual({ left: 30, top: 80, width: 240, height: 240 });
  });

  it("reads the whole photo for the plain view, and keeps a random crop inside the photo", () => {
    expect(viewRegion(640, 480, PLAIN_VIEW)).toEqual({ left: 0, top: 0, width: 640, height: 480 });
    for (let seed = 1; seed < 50; seed++) {
      const region = viewRegion(640, 480, randomView(seededRandom(seed)));
      expect(region.left + region.width).toBeLessThanOrEqual(640);
      expect(region.top + region.height).toBeLessThanOrEqual(480);
      expect(Math.min(region.left, region.top)).toBeGreaterThanOrEqual(0);
    }
  });

  it("reads every view the head names, each once, and averages the head's answers over all of them", async () => {
    // each view of the photo shows the head another ingredient clearly: only when all four are read and averaged
    // does each get a quarter; a view dropped leaves its ingredient at 0, a view read twice outweighs the others
    const views: TestView[] = [
      { size: 1, mirrored: false },
      { size: 1, mirrored: true },
      { size: 0.8, mirrored: false },
      { size: 0.8, mirrored: true },
    ];
    const names = ["apple", "lemon", "lime", "pear"];
    const reader = viewReader(views);
    const recognition = await recognisePhoto(reader.classifier, sharp(), familiarMemory, [], {
      ...HEAD_STEPS,
      head: { ...mixOfOne(oneIngredientPerFigure(names)), views, bar: 0.45 },
    });
    for (const name of names) expect(recognition.wholeScores.get(name), name).toBeCloseTo(0.25, 3);
    expect(reader.viewsRead.slice(0, views.length).sort()).toEqual([0, 1, 2, 3]);
  });

  it("reads the squares in the middle a head names at any size (the photo at 80 % and 60 %)", async () => {
    const views: TestView[] = [
      { size: 1, mirrored: false },
      { size: 0.8, mirrored: false },
      { size: 0.6, mirrored: false },
    ];
    const names = ["apple", "lemon", "lime"];
    const reader = viewReader(views);
    const recognition = await recognisePhoto(reader.classifier, sharp(), familiarMemory, [], {
      ...HEAD_STEPS,
      head: { ...mixOfOne(oneIngredientPerFigure(names)), views, bar: 0.45 },
    });
    for (const name of names) expect(recognition.wholeScores.get(name), name).toBeCloseTo(1 / 3, 3);
  });

  it("reads a head file of decision 104 (mirrored, centre) as the photo, its centre and their mirror images", () => {
    const file = encodeHead(head, { source: "", model: "m", settings: "", validation: "", views: [], bar: 0.45 });
    const { views: _views, ...older } = file;
    expect(decodeHead({ ...older, mirrored: true, centre: true }).views).toEqual([
      { size: 1, mirrored: false },
      { size: 1, mirrored: true },
      { size: 0.8, mirrored: false },
      { size: 0.8, mirrored: true },
    ]);
    expect(decodeHead({ ...older, mirrored: true }).views).toEqual([
      { size: 1, mirrored: false },
      { size: 1, mirrored: true },
    ]);
  });

  it("refuses a head file whose views do not start with the whole photo as it is, or whose bar is no share", () => {
    const file = encodeHead(head, { source: "", model: "m", settings: "", validation: "", views: [], bar: 0.45 });
    expect(() => decodeHead({ ...file, views: [{ size: 0.8, mirrored: false }] })).toThrow(/whole photo/);
    expect(() => decodeHead({ ...file, views: [] })).toThrow(/whole photo/);
    expect(() => decodeHead({ ...file, views: [{ size: 1, mirrored: false }], bar: 45 })).toThrow(/bar/);
  });
});

/** A memory of one example the fake reader's crops all look like: every crop is familiar (familiarity 1). */
const familiarMemory = new ExampleMemory([
  { ingredient: "apple", negative: false, embedding: Float32Array.from([1, 0]) },
]);

/** A head whose figure i says ingredient i, clearly. */
function oneIngredientPerFigure(names: string[]): ClassifierHead {
  const size = names.length;
  return {
    classes: names,
    mean: new Float32Array(size),
    scale: new Float32Array(size).fill(1),
    weights: Float32Array.from({ length: size * size }, (_, at) => (at % (size + 1) === 0 ? 30 : 0)),
    bias: new Float32Array(size),
  };
}

/**
 * A classifier over a 400 × 300 photo whose crop of view i (found by its region and mirroring) has figure i set;
 * any other crop (a quarter) has none. It records which views were read, in order.
 */
function viewReader(views: readonly TestView[]) {
  const photo = { width: 400, height: 300, data: Buffer.alloc(0) };
  const viewsRead: number[] = [];
  const crop = (features: Float32Array): CropAnalysis => ({
    probabilities: null,
    embedding: Float32Array.from([1, 0]),
    penultimate: Float32Array.from([1, 0]),
    features,
  });
  const classifier: Classifier = {
    labels: [],
    fingerprint: "fake",
    decode: async () => photo,
    analyze: async () => ({ crops: [] }),
    read: async (_photo, requests) =>
      requests.map(({ region, mirrored = false }) => {
        const index = views.findIndex(
          (view) =>
            view.mirrored === mirrored &&
            JSON.stringify(viewRegion(photo.width, photo.height, centredView(view))) === JSON.stringify(region)
        );
        const features = new Float32Array(views.length);
        if (index >= 0) {
          viewsRead.push(index);
          features[index] = 1;
        }
        return crop(features);
      }),
  };
  return { classifier, viewsRead };
}

describe("a photo nothing was said for", () => {
  const unsure = new Map([
    ["pear", 0.35],
    ["apple", 0.3],
    ["quince", 0.2],
    ["lemon", 0.1],
  ]);

  it("offers its three best guesses as choices when it looks like a grocery", () => {
    expect(unsureChoices([], unsure)).toEqual({ name: "pear", alternatives: ["apple", "quince"] });
  });

  it("offers nothing when something was said, or when even its best guess is under the floor", () => {
    expect(unsureChoices([{ name: "pear", score: 0.9 }], unsure)).toBeNull();
    // a grey card: the head's answers times a familiarity of 0
    expect(
      unsureChoices(
        [],
        new Map([
          ["orange", 0],
          ["lemon", 0],
        ])
      )
    ).toBeNull();
    expect(unsureChoices([], new Map([["orange", UNSURE_FLOOR / 2]]))).toBeNull();
  });
});

describe("the choices offered for each item", () => {
  it("are the next best guesses of the crop surest of the item, without the other items said", () => {
    const whole = new Map([
      ["apple", 0.7],
      ["pear", 0.15],
      ["banana", 0.1],
      ["lemon", 0.05],
    ]);
    const quarter = new Map([
      ["banana", 0.9],
      ["plantain", 0.05],
      ["apple", 0.03],
    ]);
    const items = [
      { name: "apple", score: 0.7 },
      { name: "banana", score: 0.9 },
    ];
    expect(alternativesOf(items, [whole, quarter])).toEqual([["pear", "lemon"], ["plantain"]]);
  });

  it("offers the next best however unlikely, but nothing no crop scored", () => {
    const scores = new Map([
      ["apple", 0.99],
      ["pear", 0.005],
      ["kiwi", 0],
    ]);
    expect(alternativesOf([{ name: "apple", score: 0.99 }], [scores])).toEqual([["pear"]]);
  });
});

describe("grocery-val split in a choose half and a report half", () => {
  const photos = ["Apple/Pink-Lady", "Apple/Royal-Gala", "Lemon/Lemon", "Oatghurt/Oatly"].flatMap((fineClass, at) =>
    Array.from({ length: 3 + at }, (_, index) => ({
      file: `${fineClass}/${fineClass.split("/")[1]}_${index}.jpg`,
      fineClass,
    }))
  );

  it("puts every photo in exactly one half, each class split between the two, the halves within one photo", () => {
    const { choose, report } = valHalves(photos);
    expect([...choose, ...report].map(({ file }) => file).sort()).toEqual(photos.map(({ file }) => file).sort());
    expect(Math.abs(choose.length - report.length)).toBeLessThanOrEqual(1);
    for (const fineClass of new Set(photos.map((photo) => photo.fineClass))) {
      const [inChoose, inReport] = [choose, report].map((half) => half.filter((p) => p.fineClass === fineClass).length);
      expect(Math.abs(inChoose - inReport), fineClass).toBeLessThanOrEqual(1);
    }
  });

  it("is the same split whatever order the photos come in", () => {
    const first = valHalves(photos);
    const again = valHalves([...photos].reverse());
    expect(again.choose.map(({ file }) => file).sort()).toEqual(first.choose.map(({ file }) => file).sort());
  });
});

describe("cross-validation folds of the training photos (decision 157)", () => {
  it("keeps each class's photos in consecutive name blocks, every class in every fold", () => {
    const photos = ["Lemon", "Kiwi"].flatMap((fineClass) =>
      [5, 3, 1, 4, 2, 0].map((index) => ({ file: `${fineClass}/${fineClass}_00${index}.jpg`, fineClass }))
    );
    const folds = blockedFolds(photos, 3);
    const foldOfFile = new Map(photos.map((photo, at) => [photo.file, folds[at]]));
    expect([0, 1, 2, 3, 4, 5].map((index) => foldOfFile.get(`Lemon/Lemon_00${index}.jpg`))).toEqual([0, 0, 1, 1, 2, 2]);
    expect([0, 1, 2, 3, 4, 5].map((index) => foldOfFile.get(`Kiwi/Kiwi_00${index}.jpg`))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("a second backbone's pooled blocks as the head reads them (decision 170)", () => {
  const pooled = Float32Array.from([3, 4, 0, 0, 2, 0]);

  it("scales each block picked to length 1, in the order asked", () => {
    expect([...blockFeatures(pooled, [2, 2, 2], [2, 0])]).toEqual([1, 0, Math.fround(0.6), Math.fround(0.8)]);
  });

  it("puts the other backbone's features first, as they are", () => {
    expect([...blockFeatures(pooled, [2, 2, 2], [0], [7, 9])]).toEqual([7, 9, Math.fround(0.6), Math.fround(0.8)]);
  });

  it("leaves a block of zeros at zero", () => {
    expect([...blockFeatures(pooled, [2, 2, 2], [1])]).toEqual([0, 0]);
  });

  it("reads blocks of different widths where each begins (decision 177)", () => {
    const uneven = Float32Array.from([2, 3, 4, 0, 0, 5]);
    expect([...blockFeatures(uneven, [1, 3, 2], [2, 0])]).toEqual([0, 1, 1]);
    expect([...blockFeatures(uneven, [1, 3, 2], [1], [7])]).toEqual([7, Math.fround(0.6), Math.fround(0.8), 0]);
  });
});
