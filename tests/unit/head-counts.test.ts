import { describe, expect, it } from "vitest";
import { aheadOf, countRanked, orderedByCounts, sumCounts, type Counts } from "../../bench/support/head-counts";
import { signedRoots } from "../../bench/support/signed-roots";
import type { TrainingPhoto } from "~/services/vision/training-features.server";

const counts = (produceTop1: number, produceTop3: number, top1: number, top3: number): Counts => ({
  photos: 10,
  top1,
  top3,
  produce: 6,
  produceTop1,
  produceTop3,
});

const photo = (ingredient: string, coarseClass: string): TrainingPhoto => ({
  file: `${coarseClass}/${coarseClass}_001.jpg`,
  fineClass: coarseClass,
  coarseClass,
  ingredient,
  type: "Fruit",
});

describe("the order of the grocery-head comparisons (decision 157)", () => {
  it("puts produce top-1 before everything else", () => {
    expect(aheadOf(counts(5, 5, 6, 8), counts(4, 6, 9, 10))).toBe(true);
    expect(aheadOf(counts(4, 6, 9, 10), counts(5, 5, 6, 8))).toBe(false);
  });

  it("breaks a tie by produce top-3, then top-1 and top-3 of all photos", () => {
    expect(aheadOf(counts(4, 6, 6, 8), counts(4, 5, 9, 10))).toBe(true);
    expect(aheadOf(counts(4, 5, 7, 8), counts(4, 5, 6, 10))).toBe(true);
    expect(aheadOf(counts(4, 5, 6, 9), counts(4, 5, 6, 8))).toBe(true);
  });

  it("puts neither ahead on a full tie", () => {
    expect(aheadOf(counts(4, 5, 6, 8), counts(4, 5, 6, 8))).toBe(false);
  });

  it("orders candidates best first, a full tie kept in the order given unless a tie-break says", () => {
    const table = { shipped: counts(4, 5, 6, 8), tied: counts(4, 5, 6, 8), better: counts(5, 5, 6, 8) };
    expect(orderedByCounts(table)).toEqual(["better", "shipped", "tied"]);
    expect(orderedByCounts(table, ["tied", "shipped"])).toEqual(["tied", "shipped"]);
    const cost = { shipped: 120, tied: 60, better: 200 };
    expect(
      orderedByCounts(table, undefined, (a, b) => cost[a as keyof typeof cost] - cost[b as keyof typeof cost])
    ).toEqual(["better", "tied", "shipped"]);
  });
});

describe("counting a photo's ranked guesses", () => {
  it("counts right first and right among three, over all photos and over produce", () => {
    const total: Counts = { photos: 0, top1: 0, top3: 0, produce: 0, produceTop1: 0, produceTop3: 0 };
    countRanked(total, photo("apple", "Apple"), ["apple", "pear", "kiwi"]);
    countRanked(total, photo("pear", "Pear"), ["apple", "kiwi", "pear", "lemon"]);
    countRanked(total, photo("lemon", "Lemon"), ["apple", "kiwi", "pear", "lemon"]);
    countRanked(total, photo("milk", "Milk"), ["milk", "yoghurt"]);
    expect(total).toEqual({ photos: 4, top1: 2, top3: 3, produce: 3, produceTop1: 1, produceTop3: 2 });
  });

  it("sums each candidate's counts over parts run apart", () => {
    const a = { E: counts(1, 2, 3, 4) };
    const b = { E: counts(2, 3, 4, 5), F: counts(1, 1, 1, 1) };
    expect(sumCounts([a, b])).toEqual({
      E: { photos: 20, top1: 7, top3: 9, produce: 12, produceTop1: 3, produceTop3: 5 },
      F: counts(1, 1, 1, 1),
    });
  });
});

describe("decision 179's signed square roots of the head features", () => {
  it("takes each part's signed square roots and scales the part to length 1", () => {
    const widths = [128, 512, 512, 256, 24];
    const features = Float32Array.from({ length: 1432 }, (_, i) => ((i * 37) % 23) - 11 + (i % 5) / 7);
    // the tool's computation before it was written over blockFeatures (decision 179's run)
    const expected = new Float32Array(features.length);
    let start = 0;
    for (const width of widths) {
      let sum = 0;
      for (let i = start; i < start + width; i++) {
        expected[i] = Math.sign(features[i]) * Math.sqrt(Math.abs(features[i]));
        sum += expected[i] * expected[i];
      }
      const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
      for (let i = start; i < start + width; i++) expected[i] *= scale;
      start += width;
    }
    expect([...signedRoots(features)]).toEqual([...expected]);
  });

  it("keeps a part of zeros at zero", () => {
    const features = new Float32Array(1408 + 3);
    features[0] = -4;
    const rooted = signedRoots(features);
    expect(rooted[0]).toBe(-1);
    expect([...rooted.subarray(1)].every((value) => value === 0)).toBe(true);
  });
});
