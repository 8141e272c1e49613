import { describe, expect, it } from "vitest";
import { alternativesOf, unsureChoices, UNSURE_FLOOR } from "~/domain/vision";
import {
  CENTRE_CROP,
  headFeatures,
  headScores,
  PLAIN_VIEW,
  randomView,
  seededRandom,
  softmax,
  viewRegion,
  type ClassifierHead,
} from "~/domain/vision-head";

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

  it("averages the head's answers over the photo, its centre and their mirror images", () => {
    // the whole photo is unsure (apple 0.5), its centre shows lemon clearly: the average leans to lemon
    const views = [
      Float32Array.from([0, 0]),
      Float32Array.from([0, 0]),
      Float32Array.from([0, 1]),
      Float32Array.from([0, 1]),
    ];
    const scores = headScores(head, views);
    expect(scores.get("lemon")).toBeGreaterThan(scores.get("apple")!);
    expect(scores.get("lemon")! + scores.get("apple")!).toBeCloseTo(1, 5);
  });
});

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
