import { describe, expect, it } from "vitest";
import {
  afterCentreLook,
  CENTRE_LOOK,
  classifierVotes,
  colourStatistics,
  composeEmbedding,
  cropScores,
  DECISION_THRESHOLDS,
  ExampleMemory,
  meanSimilarity,
  photoIngredients,
  quartersMayChangeAnswer,
  quarterReadingOrder,
  quartersSettleAnswer,
  wholePhotoIsSure,
  NEGATIVE_MIN_SIMILARITY,
  neighbourVotes,
  rankIngredients,
  unitVector,
  wholeRegion,
  windowRegions,
  withoutSiblingYogurt,
  yogurtNeedsCentreLook,
  type Neighbour,
  type WindowReading,
} from "~/domain/vision";

/** A unit vector at `degrees` from the x axis in the plane: cosine similarities are easy to reason about. */
const at = (degrees: number) =>
  Float32Array.of(Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180));

describe("crops", () => {
  it("reads the four quarters of a photo as its windows, row by row", () => {
    expect(wholeRegion(600, 300)).toEqual({ left: 0, top: 0, width: 600, height: 300 });
    expect(windowRegions(600, 300, { grid: 2, share: 0.5 })).toEqual([
      { left: 0, top: 0, width: 300, height: 150 },
      { left: 300, top: 0, width: 300, height: 150 },
      { left: 0, top: 150, width: 300, height: 150 },
      { left: 300, top: 150, width: 300, height: 150 },
    ]);
  });

  it("spreads a larger grid of overlapping windows from edge to edge, covering every point", () => {
    const windows = windowRegions(349, 211, { grid: 3, share: 0.4 });
    expect(windows).toHaveLength(9);
    const inside = (x: number, y: number) =>
      windows.filter((w) => x >= w.left && x < w.left + w.width && y >= w.top && y < w.top + w.height).length;
    for (const [x, y] of [
      [0, 0],
      [348, 0],
      [0, 210],
      [348, 210],
      [174, 105],
    ])
      expect(inside(x, y)).toBeGreaterThan(0);
    for (const w of windows) {
      expect(w.left + w.width).toBeLessThanOrEqual(349);
      expect(w.top + w.height).toBeLessThanOrEqual(211);
    }
  });

  it("never makes an empty window of a tiny photo", () => {
    for (const region of windowRegions(1, 1, { grid: 2, share: 0.5 }))
      expect(region).toMatchObject({ width: 1, height: 1 });
  });
});

describe("what the memory compares", () => {
  const square = (rgb: [number, number, number], side = 14) =>
    Uint8Array.from({ length: side * side * 3 }, (_, i) => rgb[i % 3]);

  it("tells colours apart that the classifier's features hardly keep: a lime from a lemon, white from dark", () => {
    const lime = colourStatistics(square([90, 160, 40]), 14);
    const lemon = colourStatistics(square([230, 210, 40]), 14);
    const cosine = (a: Float32Array, b: Float32Array) => {
      const [ua, ub] = [unitVector(a), unitVector(b)];
      return ua.reduce((sum, value, i) => sum + value * ub[i], 0);
    };
    expect(cosine(lime, lemon)).toBeLessThan(0.7);
    expect(cosine(lime, colourStatistics(square([80, 150, 35]), 14))).toBeGreaterThan(0.99);
    const white = colourStatistics(square([255, 255, 255]), 14);
    const dark = colourStatistics(square([10, 10, 10]), 14);
    expect(white[8]).toBeCloseTo(1);
    expect(dark[9]).toBe(1);
  });

  it("joins the parts by weight into one vector of length 1", () => {
    const parts = { penultimate: [3, 4], deep: [0, 0, 2], middle: [1], colour: [0, 5] };
    const joined = composeEmbedding(parts);
    expect(joined).toHaveLength(8);
    expect(joined.reduce((sum, value) => sum + value * value, 0)).toBeCloseTo(1, 5);
    // the penultimate layer weighs as much as the deep one, the colours half as much
    expect(joined[0] / 0.6).toBeCloseTo(joined[4], 5);
    expect(joined[7]).toBeCloseTo(joined[4] / 2, 5);
  });
});

describe("nearest neighbours", () => {
  const memory = new ExampleMemory([
    { ingredient: "pear", embedding: at(0), negative: false },
    { ingredient: "apple", embedding: at(40), negative: false },
    { ingredient: "pear", embedding: Float32Array.of(10, 1), negative: false },
    { ingredient: "leek", embedding: at(170), negative: false },
  ]);

  it("finds the most similar examples by cosine, whatever their length", () => {
    const nearest = memory.nearest(Float32Array.of(3, 0.1), 2);
    expect(nearest.map((n) => n.ingredient)).toEqual(["pear", "pear"]);
    expect(nearest[0].similarity).toBeCloseTo(Math.cos(Math.atan2(0.1, 3)), 5);
    expect(nearest[1].similarity).toBeCloseTo(Math.cos(Math.atan2(1, 10) - Math.atan2(0.1, 3)), 5);
  });

  it("returns at most k, most similar first, and nothing from an empty memory", () => {
    expect(memory.nearest(at(30), 3).map((n) => n.ingredient)).toEqual(["apple", "pear", "pear"]);
    expect(memory.nearest(at(30), 10)).toHaveLength(4);
    expect(new ExampleMemory([]).nearest(at(0), 5)).toEqual([]);
  });

  it("refuses embeddings of another length", () => {
    expect(() => memory.nearest(Float32Array.of(1, 0, 0), 1)).toThrow(/wrong length/);
    expect(
      () =>
        new ExampleMemory([
          { ingredient: "a", embedding: at(0), negative: false },
          { ingredient: "b", embedding: Float32Array.of(1, 0, 0), negative: false },
        ])
    ).toThrow(/same embedding length/);
  });

  it("keeps a zero vector at zero instead of dividing by zero", () => {
    expect([...unitVector([0, 0])]).toEqual([0, 0]);
    expect([...unitVector([3, 4])]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
  });
});

const neighbour = (ingredient: string, similarity: number, negative = false): Neighbour => ({
  ingredient,
  similarity,
  negative,
});

describe("neighbour votes", () => {
  it("lets a close example speak with confidence and a far one hardly at all", () => {
    expect(neighbourVotes([neighbour("mango", 0.95)]).positive.get("mango")).toBeGreaterThan(0.99);
    expect(neighbourVotes([neighbour("mango", 0.6)]).positive.get("mango")).toBeLessThan(0.01);
  });

  it("shares the vote between ingredients by closeness", () => {
    const { positive } = neighbourVotes([neighbour("mango", 0.93), neighbour("papaya", 0.9), neighbour("mango", 0.89)]);
    expect(positive.get("mango")! + positive.get("papaya")!).toBeCloseTo(1, 3);
    expect(positive.get("mango")).toBeGreaterThan(positive.get("papaya")!);
  });

  it("weighs 'not this' against 'yes' for the same ingredient only", () => {
    const renamed = neighbourVotes([neighbour("banana", 1, true), neighbour("plantain", 1)]);
    expect(renamed.positive.get("plantain")).toBeGreaterThan(0.99);
    expect(renamed.negative.get("banana")).toBeGreaterThan(0.99);
    const outvoted = neighbourVotes([
      neighbour("banana", 0.95, true),
      ...[0.95, 0.95, 0.95].map((s) => neighbour("banana", s)),
    ]);
    expect(outvoted.negative.get("banana")).toBeCloseTo(0.25, 3);
    expect(outvoted.positive.get("banana")).toBeGreaterThan(0.99);
  });

  it("hears 'not this' only from a retake of the same scene", () => {
    const retake = neighbourVotes([neighbour("banana", NEGATIVE_MIN_SIMILARITY + 0.05, true)]);
    expect(retake.negative.get("banana")).toBeGreaterThan(0.99);
    const lookalike = neighbourVotes([
      neighbour("banana", NEGATIVE_MIN_SIMILARITY - 0.05, true),
      neighbour("banana", 0.8),
    ]);
    expect(lookalike.negative.has("banana")).toBe(false);
    expect(lookalike.positive.get("banana")).toBeGreaterThan(0.9);
  });
});

describe("combining the classifier and the examples", () => {
  const classes = ["banana", null, "apple", "apple"];

  it("adds the probabilities of the classes that show one ingredient and ignores the rest", () => {
    expect(classifierVotes([0.1, 0.5, 0.2, 0.15], classes)).toEqual(
      new Map([
        ["banana", 0.1],
        ["apple", 0.35],
      ])
    );
  });

  it("takes the stronger of the two sources, lowered by 'not this' votes", () => {
    const scores = cropScores(
      new Map([
        ["apple", 0.6],
        ["banana", 0.2],
      ]),
      {
        positive: new Map([
          ["banana", 0.7],
          ["mango", 0.3],
        ]),
        negative: new Map([["apple", 0.5]]),
      }
    );
    expect(scores.get("apple")).toBeCloseTo(0.3);
    expect(scores.get("banana")).toBeCloseTo(0.7);
    expect(scores.get("mango")).toBeCloseTo(0.3);
  });

  it("drops an ingredient a retake was corrected to be without", () => {
    const scores = cropScores(new Map([["banana", 0.99]]), { positive: new Map(), negative: new Map([["banana", 1]]) });
    expect(scores.has("banana")).toBe(false);
  });
});

describe("which ingredients a photo shows", () => {
  const t = DECISION_THRESHOLDS;
  /** a window's reading: its scores, and an embedding at `degrees` (windows at close angles look alike) */
  const window = (scores: [string, number][], degrees: number): WindowReading => ({
    scores: new Map(scores),
    embedding: at(degrees),
  });
  /** four windows that look nothing alike (embeddings 90° apart pairwise on average) */
  const unlike = (scores: [string, number][][]) => scores.map((s, i) => window(s, [0, 90, 180, 270][i]));

  it("answers a photo the whole of which is sure of one item by the whole photo alone, without windows", () => {
    const whole = new Map([
      ["banana", t.sure + 0.05],
      ["lemon", t.whole - 0.01],
    ]);
    expect(wholePhotoIsSure(whole)).toBe(true);
    expect(photoIngredients(whole, null).map((f) => f.name)).toEqual(["banana"]);
    expect(wholePhotoIsSure(new Map([["banana", t.sure - 0.05]]))).toBe(false);
  });

  it("finds each item of a shelf its windows are sure of, once, the surest first", () => {
    const whole = new Map([["melon", 0.5]]);
    const found = photoIngredients(
      whole,
      unlike([
        [["carrot", t.window + 0.1]],
        [["pineapple", t.window + 0.3]],
        [
          ["lemon", t.window - 0.05],
          ["lime", 0.01],
        ],
        [["carrot", t.window + 0.2]],
      ])
    );
    expect(found.map((f) => f.name)).toEqual(["pineapple", "carrot"]);
    expect(found[1].score).toBeCloseTo(t.window + 0.2);
  });

  it("keeps what the whole photo names first when a window names it too", () => {
    const whole = new Map([["milk", 0.6]]);
    const found = photoIngredients(
      whole,
      unlike([[["milk", 0.3]], [["kiwi", t.window + 0.3]], [["leek", 0.2]], [["onion", 0.1]]])
    );
    expect(found.map((f) => f.name)).toEqual(["milk", "kiwi"]);
  });

  it("treats a photo whose windows look alike as one item: the windows' look-alikes are not said", () => {
    const whole = new Map([["apple", 0.5]]);
    const alike = [0, 5, 10, 15].map((degrees, i) =>
      window([[["pear", "peach", "nectarine", "plum"][i], t.window + 0.2]], degrees)
    );
    expect(photoIngredients(whole, alike).map((f) => f.name)).toEqual(["apple"]);
    expect(meanSimilarity(alike.map((w) => w.embedding))).toBeGreaterThanOrEqual(t.alike);
  });

  it("treats a photo as one item when two windows name the whole photo's best ingredient", () => {
    const whole = new Map([["apple", 0.3]]);
    const found = photoIngredients(
      whole,
      unlike([[["apple", 0.5]], [["apple", 0.4]], [["pear", t.window + 0.2]], [["peach", t.window + 0.2]]])
    );
    expect(found.map((f) => f.name)).toEqual(["apple"]);
  });

  it("does not name the whole photo's runner-up beside a clear best, even where a window is sure of it", () => {
    const oatMilkCarton = new Map([
      ["oat milk", t.runnerUp + 0.1],
      ["yogurt", 0.25],
      ["milk", 0.05],
    ]);
    const windows = unlike([
      [["oat milk", 0.9]],
      [["yogurt", t.window + 0.3]],
      [["milk", 0.3]],
      [["kiwi", t.window + 0.2]],
    ]);
    expect(photoIngredients(oatMilkCarton, windows).map((f) => f.name)).toEqual(["oat milk", "kiwi"]);
    const twoConfident = new Map([
      ["oat milk", t.runnerUp + 0.05],
      ["yogurt", t.whole + 0.01],
    ]);
    expect(photoIngredients(twoConfident, null).map((f) => f.name)).toEqual(["oat milk"]);
  });

  it("names the runner-up a window is sure of when the whole photo's best is not clear (a shelf)", () => {
    const shelf = new Map([
      ["oat milk", t.runnerUp - 0.05],
      ["yogurt", 0.25],
    ]);
    const windows = unlike([[["oat milk", 0.9]], [["yogurt", t.window + 0.3]], [["milk", 0.3]], [["leek", 0.2]]]);
    expect(photoIngredients(shelf, windows).map((f) => f.name)).toEqual(["oat milk", "yogurt"]);
  });

  it("reads the quarters only when a glance at them could change the answer", () => {
    const sure = new Map([["banana", t.sure + 0.05]]);
    const shelfGlance = unlike([[["carrot", t.window + 0.2]], [["pineapple", t.window + 0.3]], [], []]);
    expect(quartersMayChangeAnswer(sure, shelfGlance)).toBe(false);
    const unsure = new Map([["melon", 0.5]]);
    expect(quartersMayChangeAnswer(unsure, shelfGlance)).toBe(true);
    const oneItemGlance = [0, 5, 10, 15].map((degrees) => window([["melon", 0.6]], degrees));
    expect(quartersMayChangeAnswer(unsure, oneItemGlance)).toBe(false);
    const agreeing = unlike([[["melon", 0.5]], [["melon", 0.4]], [["kiwi", 0.2]], []]);
    expect(quartersMayChangeAnswer(unsure, agreeing)).toBe(false);
    const unnamedByAny = unlike([[["kiwi", 0.3]], [["leek", 0.3]], [], []]);
    expect(quartersMayChangeAnswer(unsure, unnamedByAny)).toBe(true);
  });

  it("reads first the quarters whose glance names another item, least sure first, and last those naming nothing", () => {
    const unsure = new Map([["melon", 0.5]]);
    const glance = unlike([[["kiwi", 0.9]], [["melon", 0.4]], [], [["melon", 0.7]]]);
    expect(quarterReadingOrder(unsure, glance)).toEqual([0, 1, 3, 2]);
    const shelf = unlike([[["kiwi", 0.9]], [["leek", 0.6]], [["melon", 0.4]], []]);
    expect(quarterReadingOrder(unsure, shelf)).toEqual([1, 0, 2, 3]);
  });

  it("stops reading quarters once those read settle the answer, from the first one read", () => {
    const unsure = new Map([["melon", 0.5]]);
    // the glance sees a kiwi beside the melon: the quarters may change the answer
    const glance = unlike([[["melon", 0.6]], [["kiwi", t.window + 0.2]], [["leek", 0.3]], []]);
    expect(quartersMayChangeAnswer(unsure, glance)).toBe(true);
    const read = (scores: ([string, number][] | undefined)[]) =>
      unlike(scores.map((quarter) => quarter ?? [])).map((reading, i) => (scores[i] ? reading : undefined));
    expect(quartersSettleAnswer(unsure, read([]), glance)).toBe(false);
    // read alone, the kiwi's quarter is not sure of anything: nothing else can change the answer
    expect(quartersSettleAnswer(unsure, read([undefined, [["leek", t.window - 0.1]]]), glance)).toBe(true);
    // it is a kiwi: the other quarters must be read to say what the photo shows
    expect(quartersSettleAnswer(unsure, read([undefined, [["kiwi", t.window + 0.3]]]), glance)).toBe(false);
    // two quarters naming the whole photo's best settle it whatever the others show
    const twoNamingMelon = read([[["melon", 0.6]], undefined, [["melon", 0.5]]]);
    expect(quartersSettleAnswer(unsure, twoNamingMelon, glance)).toBe(true);
    const allFour = unlike([[["melon", 0.6]], [["pineapple", 0.9]], [["melon", 0.5]], [["kiwi", 0.9]]]);
    expect(photoIngredients(unsure, allFour)).toEqual(photoIngredients(unsure, null));
    expect(quartersSettleAnswer(unsure, allFour, glance)).toBe(false);
    const shelf = read([[["carrot", t.window + 0.2]], [["pineapple", t.window + 0.3]]]);
    expect(quartersSettleAnswer(unsure, shelf, glance)).toBe(false);
  });

  it("finds nothing in a photo nobody is sure about", () => {
    expect(
      photoIngredients(
        new Map([["fig", 0.3]]),
        unlike([[["lemon", 0.5]], [["lime", 0.2]], [], [["kiwi", t.window - 0.01]]])
      )
    ).toEqual([]);
  });

  it("ranks every ingredient seen by its best score, for top-k figures", () => {
    const ranked = rankIngredients([
      new Map([
        ["a", 0.2],
        ["b", 0.4],
      ]),
      new Map([["a", 0.6]]),
    ]);
    expect(ranked).toEqual([
      { name: "a", score: 0.6 },
      { name: "b", score: 0.4 },
    ]);
  });
});

describe("a yogurt and the drink cartons that look like it", () => {
  const t = DECISION_THRESHOLDS;
  const items = (...named: [string, number][]) => named.map(([name, score]) => ({ name, score }));
  const names = (list: { name: string }[]) => list.map(({ name }) => name);

  it("does not say a yogurt after a plant milk (a quarter of a soy milk carton seen as the brand's soyghurt)", () => {
    expect(names(withoutSiblingYogurt(items(["soy milk", 0.66], ["yogurt", 0.65])))).toEqual(["soy milk"]);
    expect(names(withoutSiblingYogurt(items(["oat milk", 0.6], ["kiwi", 0.7], ["greek yogurt", 0.6])))).toEqual([
      "oat milk",
      "kiwi",
    ]);
  });

  it("keeps a yogurt said before a plant milk, and beside a juice (a shelf holds both)", () => {
    expect(names(withoutSiblingYogurt(items(["yogurt", 0.8], ["soy milk", 0.6])))).toEqual(["yogurt", "soy milk"]);
    expect(names(withoutSiblingYogurt(items(["orange juice", 0.7], ["yogurt", 0.6])))).toEqual([
      "orange juice",
      "yogurt",
    ]);
  });

  it("looks again at the centre only when the whole photo names the yogurt said without being sure of it", () => {
    const carton = new Map([
      ["yogurt", t.whole + 0.06],
      ["soy milk", 0.24],
    ]);
    expect(yogurtNeedsCentreLook(carton, items(["yogurt", t.whole + 0.06]))).toBe(true);
    const shelf = new Map([
      ["apple juice", 0.33],
      ["yogurt", 0.1],
    ]);
    expect(yogurtNeedsCentreLook(shelf, items(["apple juice", 0.6], ["yogurt", 0.65]))).toBe(false);
    expect(yogurtNeedsCentreLook(new Map([["banana", 0.9]]), items(["banana", 0.9]))).toBe(false);
    expect(yogurtNeedsCentreLook(carton, [])).toBe(false);
    const sure = new Map([["yogurt", t.sure]]);
    expect(yogurtNeedsCentreLook(sure, items(["yogurt", t.sure]))).toBe(false);
  });

  it("says the yogurt when the centre names a yogurt too", () => {
    const said = items(["yogurt", 0.74], ["kiwi", 0.6]);
    const centre = new Map([
      ["yogurt", 0.5],
      ["soy milk", 0.3],
    ]);
    expect(afterCentreLook(said, centre)).toEqual(said);
  });

  it("says nothing in the yogurt's place when the centre's best is something else, even a drink it is sure of", () => {
    const soyMilk = new Map([
      ["soy milk", t.whole + 0.2],
      ["yogurt", 0.3],
    ]);
    expect(afterCentreLook(items(["yogurt", 0.46]), soyMilk)).toEqual([]);
    expect(names(afterCentreLook(items(["yogurt", 0.7], ["kiwi", 0.5]), soyMilk))).toEqual(["kiwi"]);
    expect(afterCentreLook(items(["yogurt", 0.6]), new Map())).toEqual([]);
  });

  it("reads the middle of the photo, 0.7 of each side", () => {
    expect(windowRegions(400, 300, CENTRE_LOOK)).toEqual([{ left: 60, top: 45, width: 280, height: 210 }]);
    expect(windowRegions(348, 348, { grid: 1, share: 0.5 })).toEqual([{ left: 87, top: 87, width: 174, height: 174 }]);
  });
});
