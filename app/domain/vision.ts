/**
 * How a photo becomes a list of ingredients, apart from running the model: which parts of the photo are
 * looked at, how the learned examples vote (nearest neighbours by cosine similarity), how their vote and the
 * classifier's are combined, and which answers are confident enough to show. Pure, so it is unit-tested and
 * shared by the service, the learning command and the benchmark. The figures were chosen on
 * ../shared/data/images/grocery-dev (docs/vision.md).
 */

/** The recognition model a fresh install runs: darknet-tiny fine-tuned on the grocery photos (decision 182). */
export const SHIPPED_MODEL_DIRECTORY = "models/grocery-backbone";

/** Side of the square the classifier looks at for the whole photo (its training size). */
export const MODEL_INPUT_SIZE = 224;

export interface CropRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Windows laid over a photo: `grid` × `grid` of them, each `share` of its width and height, read at `side` px. */
export interface WindowGrid {
  grid: number;
  share: number;
  side: number;
}

/**
 * The windows the recogniser reads when the whole photo is not sure and a glance at its quarters says they may
 * change the answer: the photo's four quarters, so that four items laid out in two rows are each seen alone.
 */
export const WINDOW_GRID: WindowGrid = { grid: 2, share: 0.5, side: 160 };

export function wholeRegion(width: number, height: number): CropRegion {
  return { left: 0, top: 0, width, height };
}

/**
 * The windows of a grid, row by row, spread evenly from edge to edge (overlapping when grid × share > 1); a grid of
 * one is the photo's centre.
 */
export function windowRegions(width: number, height: number, { grid, share }: Pick<WindowGrid, "grid" | "share">) {
  const along = (length: number) => {
    const size = Math.max(1, Math.round(length * share));
    const starts = Array.from({ length: grid }, (_, index) =>
      grid === 1 ? Math.round((length - size) / 2) : Math.round(((length - size) * index) / (grid - 1))
    );
    return { size, starts };
  };
  const across = along(width);
  const down = along(height);
  return down.starts.flatMap((top) =>
    across.starts.map((left): CropRegion => ({ left, top, width: across.size, height: down.size }))
  );
}

/** Hue bins of the colour statistics; with three more figures (white, dark, saturation) they describe a crop. */
const HUE_BINS = 8;
/** Every how many pixels along each side the colour statistics sample (a 224 px crop: 32 × 32 samples). */
const COLOUR_STEP = 7;

/**
 * A crop's colours, which the classifier's features (trained to ignore them) hardly keep: a hue histogram
 * weighted by how saturated and bright each pixel is, then the share of white, the share of dark and the mean
 * saturation. `pixels` is RGB, 0–255, `side` × `side`. What tells a lime from a lemon, an apple juice carton
 * from an orange juice one.
 */
export function colourStatistics(pixels: ArrayLike<number>, side: number): Float32Array {
  const figures = new Float32Array(HUE_BINS + 3);
  let samples = 0;
  for (let y = Math.floor(COLOUR_STEP / 2); y < side; y += COLOUR_STEP) {
    for (let x = Math.floor(COLOUR_STEP / 2); x < side; x += COLOUR_STEP) {
      const at = (y * side + x) * 3;
      const [r, g, b] = [pixels[at] / 255, pixels[at + 1] / 255, pixels[at + 2] / 255];
      const max = Math.max(r, g, b);
      const spread = max - Math.min(r, g, b);
      const saturation = max > 0 ? spread / max : 0;
      const sextant =
        spread === 0
          ? 0
          : max === r
          ? ((g - b) / spread + 6) % 6
          : max === g
          ? (b - r) / spread + 2
          : (r - g) / spread + 4;
      figures[Math.floor((sextant / 6) * HUE_BINS) % HUE_BINS] += saturation * max;
      figures[HUE_BINS] += (1 - saturation) * max;
      if (max < 0.25) figures[HUE_BINS + 1]++;
      figures[HUE_BINS + 2] += saturation;
      samples++;
    }
  }
  return figures.map((value) => value / Math.max(1, samples));
}

/** What the embedding is made of, each part scaled to length 1 and weighed before the whole is. */
export interface EmbeddingParts {
  /** the penultimate layer (the input of the convolution that scores the classes), averaged over the picture */
  penultimate: ArrayLike<number>;
  /** the layer before it (512 channels), its strongest response anywhere in the picture */
  deep: ArrayLike<number>;
  /** the last layer at 1/8 of the input's resolution (256 channels), averaged: shapes and textures */
  middle: ArrayLike<number>;
  colour: ArrayLike<number>;
}

/**
 * Weights of the parts, measured on grocery-dev with held-out photos (docs/vision.md): the penultimate layer
 * alone put the right item first for 71.9 % of the photos, with the deeper maximum 75.0 %, with the middle
 * layer and colours 76.5 %.
 */
const PART_WEIGHTS: Record<keyof EmbeddingParts, number> = { penultimate: 1, deep: 1, middle: 0.7, colour: 0.5 };

/** The photo's embedding the memory compares: its parts, each of length 1 times its weight, joined, length 1. */
export function composeEmbedding(parts: EmbeddingParts): Float32Array {
  const keys = Object.keys(PART_WEIGHTS) as (keyof EmbeddingParts)[];
  const joined = new Float32Array(keys.reduce((sum, key) => sum + parts[key].length, 0));
  let offset = 0;
  for (const key of keys) {
    const part = unitVector(parts[key]);
    joined.set(
      part.map((value) => value * PART_WEIGHTS[key]),
      offset
    );
    offset += part.length;
  }
  return unitVector(joined);
}

/** The vector scaled to length 1 (cosine similarity is then a dot product); a zero vector stays zero. */
export function unitVector(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * values[i];
  const length = Math.sqrt(sum);
  return Float32Array.from(values, (value) => (length > 0 ? value / length : 0));
}

/** A labelled embedding: this photo shows `ingredient`, or (negative) does not. */
export interface LabelledEmbedding {
  ingredient: string;
  embedding: Float32Array;
  negative: boolean;
  /** taught after install (a correction, vision:learn), not one of the starter photos */
  learned?: boolean;
}

export interface Neighbour {
  ingredient: string;
  negative: boolean;
  similarity: number;
  learned?: boolean;
}

/**
 * The learned examples, packed for nearest-neighbour search: one row of unit-length floats per example,
 * compared with a query by dot product (cosine similarity).
 */
export class ExampleMemory {
  readonly size: number;
  private readonly dimensions: number;
  private readonly matrix: Float32Array;
  private readonly labels: { ingredient: string; negative: boolean; learned?: boolean }[];

  constructor(examples: readonly LabelledEmbedding[]) {
    this.size = examples.length;
    this.dimensions = examples[0]?.embedding.length ?? 0;
    this.matrix = new Float32Array(this.size * this.dimensions);
    this.labels = examples.map(({ ingredient, negative, embedding, learned }, row) => {
      if (embedding.length !== this.dimensions) throw new Error("Every example must have the same embedding length");
      this.matrix.set(unitVector(embedding), row * this.dimensions);
      return learned ? { ingredient, negative, learned } : { ingredient, negative };
    });
  }

  /** The k examples most similar to the query, most similar first. */
  nearest(query: Float32Array, k: number): Neighbour[] {
    if (this.size === 0) return [];
    if (query.length !== this.dimensions) throw new Error("The query embedding has the wrong length");
    const unit = unitVector(query);
    const best: Neighbour[] = [];
    // the matrix and sizes read once, not as fields in the loop: 2.5 times faster (4.5 → 1.8 ms per crop, 484 examples)
    const { matrix, dimensions, size } = this;
    for (let row = 0; row < size; row++) {
      const similarity = dot(matrix, row * dimensions, unit);
      if (best.length === k && similarity <= best[k - 1].similarity) continue;
      const at = best.findIndex((neighbour) => neighbour.similarity < similarity);
      best.splice(at === -1 ? best.length : at, 0, { ...this.labels[row], similarity });
      if (best.length > k) best.pop();
    }
    return best;
  }
}

/** The dot product of `vector` with the row of `matrix` that starts at `offset`. */
function dot(matrix: Float32Array, offset: number, vector: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += matrix[offset + i] * vector[i];
  return sum;
}

export const NEIGHBOURS = 10;
/** How sharply closer neighbours outweigh further ones: weight = exp((similarity - 1) / temperature). */
const TEMPERATURE = 0.02;
/**
 * A pseudo-neighbour at this similarity that votes for nothing: a photo unlike every example gets low
 * scores instead of the vote of whatever happens to be least far away.
 */
const BACKGROUND_SIMILARITY = 0.7;

/**
 * A "not this" example speaks only for photos of the same scene (a retake), not for everything that looks a
 * little alike: one deleted banana must not hide bananas from every later photo.
 */
export const NEGATIVE_MIN_SIMILARITY = 0.9;

const weightOf = (similarity: number) => Math.exp((similarity - 1) / TEMPERATURE);

/**
 * Per ingredient, how strongly the neighbours say the photo shows it (`positive`: its share of all "yes"
 * weight) and that it does not (`negative`: the "not this" weight against the "yes" weight for that same
 * ingredient). A pseudo-neighbour at BACKGROUND_SIMILARITY weighs in on both, for nothing.
 */
export function neighbourVotes(neighbours: readonly Neighbour[]): {
  positive: Map<string, number>;
  negative: Map<string, number>;
} {
  const background = weightOf(BACKGROUND_SIMILARITY);
  const yes = new Map<string, number>();
  const no = new Map<string, number>();
  for (const { ingredient, negative, similarity } of neighbours) {
    if (negative && similarity < NEGATIVE_MIN_SIMILARITY) continue;
    const weights = negative ? no : yes;
    weights.set(ingredient, (weights.get(ingredient) ?? 0) + weightOf(similarity));
  }
  const allYes = [...yes.values()].reduce((sum, weight) => sum + weight, background);
  const positive = new Map([...yes].map(([ingredient, weight]) => [ingredient, weight / allYes]));
  const negative = new Map(
    [...no].map(([ingredient, weight]) => [ingredient, weight / (weight + (yes.get(ingredient) ?? 0) + background)])
  );
  return { positive, negative };
}

/**
 * How much a crop looks like any of the photos it is compared with (decision 090): the share of its nearest
 * neighbours' weight that is not the background pseudo-neighbour's, 0–1. A grocery photo is near 1 (99 % of
 * grocery-val's photos are above 0.79 against the 324 grocery-dev photos); a grey card is 0.
 */
export function familiarity(neighbours: readonly Neighbour[]): number {
  const { positive } = neighbourVotes(neighbours.filter(({ negative }) => !negative));
  return [...positive.values()].reduce((sum, share) => sum + share, 0);
}

/**
 * A crop's score per ingredient beside the trained head (decision 090): the head's probabilities times the
 * crop's familiarity, and what cooks taught. The neighbours are searched among the starter photos and the
 * learned examples together, but only learned ones vote: a retake of a corrected photo (its learned example
 * nearest by far) says what the cook said, while one correction does not outvote the starter photos of
 * everything else that merely looks like it (one banana called plantain does not make every banana one).
 */
export function headCropScores(
  head: ReadonlyMap<string, number>,
  neighbours: readonly Neighbour[]
): Map<string, number> {
  const familiar = familiarity(neighbours);
  const votes = neighbourVotes(neighbours);
  const taught = new Set(
    neighbours.filter(({ learned, negative }) => learned && !negative).map(({ ingredient }) => ingredient)
  );
  return cropScores(new Map([...head].map(([name, score]) => [name, score * familiar])), {
    positive: new Map([...votes.positive].filter(([name]) => taught.has(name))),
    negative: votes.negative,
  });
}

/**
 * The classifier's probability per ingredient: the sum over its classes that show one.
 * `classIngredients[i]` is the ingredient class i shows, or null.
 */
export function classifierVotes(
  probabilities: ArrayLike<number>,
  classIngredients: readonly (string | null)[]
): Map<string, number> {
  const votes = new Map<string, number>();
  for (let i = 0; i < classIngredients.length; i++) {
    const ingredient = classIngredients[i];
    if (ingredient && probabilities[i] > 0) votes.set(ingredient, (votes.get(ingredient) ?? 0) + probabilities[i]);
  }
  return votes;
}

/**
 * One crop's score per ingredient: the stronger of the classifier and the examples, lowered by the share of
 * near examples that say "not this" (corrections).
 */
export function cropScores(
  classifier: ReadonlyMap<string, number>,
  votes: { positive: ReadonlyMap<string, number>; negative: ReadonlyMap<string, number> }
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const ingredient of new Set([...classifier.keys(), ...votes.positive.keys()])) {
    const score = Math.max(classifier.get(ingredient) ?? 0, votes.positive.get(ingredient) ?? 0);
    const kept = score * (1 - Math.min(1, votes.negative.get(ingredient) ?? 0));
    if (kept > 0) scores.set(ingredient, kept);
  }
  return scores;
}

export interface ScoredIngredient {
  name: string;
  score: number;
}

/** Every ingredient any crop scored, by its best score, best first (ties by name). */
export function rankIngredients(crops: readonly ReadonlyMap<string, number>[]): ScoredIngredient[] {
  const best = new Map<string, number>();
  for (const scores of crops) {
    for (const [name, score] of scores) best.set(name, Math.max(best.get(name) ?? 0, score));
  }
  return [...best]
    .map(([name, score]) => ({ name, score }))
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/**
 * How sure each part of a photo must be, chosen on grocery-dev with held-out photos and 2 × 2 tilings of them
 * (docs/vision.md): the windows find two or more of four tiled items while adding few wrong items to photos of
 * one item.
 */
export interface DecisionThresholds {
  /** the whole photo names an ingredient from this score (0.4 keeps wrong items near 0.2 per single photo) */
  whole: number;
  /** the whole photo is one item when its best ingredient reaches this: the windows are not read */
  sure: number;
  /** ...or when at least this many windows name the whole photo's best ingredient as theirs */
  agreeing: number;
  /** ...or when the windows look alike (mean cosine similarity of their embeddings): one kind of thing fills it */
  alike: number;
  /** a window names its best ingredient from this score (it sees less and errs more) */
  window: number;
  /**
   * when the whole photo's best ingredient reaches this and comes first, the whole photo's runner-up is not
   * said, from the whole photo or a window: beside a clear best it is that same item half-recognised (an oat
   * milk carton and the same brand's oatghurt), far more often than a second item
   */
  runnerUp: number;
}

export const DECISION_THRESHOLDS: DecisionThresholds = {
  whole: 0.4,
  sure: 0.8,
  agreeing: 2,
  alike: 0.65,
  window: 0.55,
  runnerUp: 0.5,
};

/**
 * The same rules over the trained head's probabilities (decision 090), but the whole photo is one item only from
 * 0.9: a softmax gives a shelf's most striking item 0.85 (a banana beside carrots, orange juice and a lime),
 * which would leave the others unread. Lower thresholds for the rest (0.3 whole, 0.5 window, 0.75 alike) found
 * 1.88 of 4 items of grocery-val's 2 × 2 collages instead of 1.77, but 0.70 wrong items per collage, not 0.60.
 * The whole photo names an item from 0.45, not 0.4 (decision 104): under it the photo's best guesses are still
 * offered, none chosen (unsureChoices), so fewer wrong items are chosen for the cook at no loss of choices. A head
 * file names its own bar, chosen with it on grocery-val's choose half (decision 129: 0.45, as before); 0.45 is also
 * that of a file that does not.
 */
export const HEAD_THRESHOLDS: DecisionThresholds = { ...DECISION_THRESHOLDS, sure: 0.9, whole: 0.45 };

/** The whole photo is sure enough of its best ingredient to be answered alone (no windows read). */
export function wholePhotoIsSure(
  whole: ReadonlyMap<string, number>,
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): boolean {
  return (rankIngredients([whole])[0]?.score ?? 0) >= thresholds.sure;
}

/** The mean cosine similarity of every pair of (unit-length) embeddings; 1 for fewer than two. */
export function meanSimilarity(embeddings: readonly Float32Array[]): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < embeddings.length; i++) {
    for (let j = i + 1; j < embeddings.length; j++) {
      sum += dot(embeddings[i], 0, embeddings[j]);
      pairs++;
    }
  }
  return pairs === 0 ? 1 : sum / pairs;
}

/** One window of a photo: its score per ingredient and its embedding (unit length). */
export interface WindowReading {
  scores: ReadonlyMap<string, number>;
  embedding: Float32Array;
}

/** What photoIngredients says before the runner-up rule. */
function itemsOfPhoto(
  whole: ReadonlyMap<string, number>,
  windows: readonly WindowReading[] | null,
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): ScoredIngredient[] {
  const ranked = rankIngredients([whole]);
  const confident = ranked.filter(({ score }) => score >= thresholds.whole);
  const [best] = ranked;
  if (windows === null || windows.length === 0 || (best?.score ?? 0) >= thresholds.sure) return confident;
  if (meanSimilarity(windows.map(({ embedding }) => embedding)) >= thresholds.alike) return confident;
  const windowBest = windows.flatMap(({ scores }) => rankIngredients([scores]).slice(0, 1));
  if (best && windowBest.filter(({ name }) => name === best.name).length >= thresholds.agreeing) {
    return [best, ...confident.filter(({ name }) => name !== best.name)];
  }
  const kept = confident.filter(({ name }) => windowBest.some((choice) => choice.name === name));
  const said = new Set(kept.map(({ name }) => name));
  const sure = windowBest
    .filter(({ name, score }) => score >= thresholds.window && !said.has(name))
    .map(({ name, score }) => new Map([[name, score]]));
  return [...kept, ...rankIngredients(sure)];
}

/**
 * The ingredients a photo shows, each once, confident first. A photo of one item is answered by the whole
 * photo: when it is sure of its best ingredient (`windows` null: they were not read), when the windows look
 * alike, or when enough windows name that same ingredient. Otherwise it may hold several items: what the whole
 * photo names is kept when a window names it too (a shelf read whole mixes its items into something else),
 * then each window names its best ingredient when it is sure of it. The whole photo's runner-up is not said
 * beside a clear best (`runnerUp`).
 */
export function photoIngredients(
  whole: ReadonlyMap<string, number>,
  windows: readonly WindowReading[] | null,
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): ScoredIngredient[] {
  const said = itemsOfPhoto(whole, windows, thresholds);
  const [best, runnerUp] = rankIngredients([whole]);
  if (!best || !runnerUp || best.score < thresholds.runnerUp || said[0]?.name !== best.name) return said;
  return said.filter(({ name }) => name !== runnerUp.name);
}

/**
 * Whether reading the quarters could change what the photo is said to show: the whole photo is not sure, and
 * its quarters pooled from the whole photo's own pass (`glance`: free, but each sees its neighbours too) would
 * make photoIngredients say something else than the whole photo alone. Only then are the quarters read in
 * passes of their own (decision 068).
 */
export function quartersMayChangeAnswer(
  whole: ReadonlyMap<string, number>,
  glance: readonly WindowReading[],
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): boolean {
  if (wholePhotoIsSure(whole, thresholds)) return false;
  const names = (items: ScoredIngredient[]) => items.map(({ name }) => name).join("\n");
  return names(photoIngredients(whole, glance, thresholds)) !== names(photoIngredients(whole, null, thresholds));
}

/**
 * The order the quarters are read in when the glance says they may change the answer (decision 072): first those
 * whose glance names another item than the whole photo's best, then those naming the whole photo's best, each group
 * least sure first, and last those naming nothing. A quarter whose glance is unsure is the likeliest to name
 * something else when read alone; once it is read, the glance stands in for the others (quartersSettleAnswer), so
 * a photo of one item whose glance alone disagreed is settled by reading that quarter.
 */
export function quarterReadingOrder(whole: ReadonlyMap<string, number>, glance: readonly WindowReading[]): number[] {
  const best = rankIngredients([whole])[0]?.name;
  const priority = (reading: WindowReading) => {
    const [first] = rankIngredients([reading.scores]);
    if (!first) return -3;
    return first.name === best ? -1 - first.score : 1 - first.score;
  };
  return glance
    .map((reading, index) => ({ index, priority: priority(reading) }))
    .sort((a, b) => b.priority - a.priority || a.index - b.index)
    .map(({ index }) => index);
}

/**
 * Whether the quarters read so far (`windows`, by position; unread ones missing) settle what the photo is said to
 * show, so that the others are not read and the whole photo answers alone: when, with the glance standing in for
 * the unread ones, the quarters no longer change the answer. That covers `agreeing` read quarters naming the whole
 * photo's best ingredient when the whole photo names it (then photoIngredients says the same with all four, alike
 * or not); otherwise it is a rule measured, not exact (on grocery-dev's folds it changed no answer, decisions 068
 * and 072).
 */
export function quartersSettleAnswer(
  whole: ReadonlyMap<string, number>,
  windows: readonly (WindowReading | undefined)[],
  glance: readonly WindowReading[],
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): boolean {
  const read = windows.filter((window) => window !== undefined).length;
  if (read === 0 || read >= glance.length) return false;
  return !quartersMayChangeAnswer(
    whole,
    glance.map((glanced, index) => windows[index] ?? glanced),
    thresholds
  );
}

/** Plant milks whose brands sell a yogurt in a carton that looks like the milk's. */
const PLANT_MILKS: ReadonlySet<string> = new Set(["soy milk", "oat milk", "almond milk"]);

export const isYogurt = (name: string) => /\byogurt$/.test(name);

/**
 * The part of the photo a second look reads to confirm a yogurt: its centre, `share` of each side, at the quarters'
 * size. The whole photo compares a carton held in a shop with the shelves around it; the centre sees the carton
 * itself. Chosen on the training folds of bench:vision among centres of 0.6–0.9 read at 128–224 px (decision 071).
 */
export const CENTRE_LOOK: WindowGrid = { grid: 1, share: 0.7, side: WINDOW_GRID.side };

/**
 * A yogurt said after a plant milk is that milk's carton seen again (a quarter of a soy milk carton looks like
 * the same brand's soyghurt), so it is not said.
 */
export function withoutSiblingYogurt(items: readonly ScoredIngredient[]): ScoredIngredient[] {
  const milk = items.findIndex(({ name }) => PLANT_MILKS.has(name));
  if (milk === -1) return [...items];
  return items.filter(({ name }, index) => index < milk || !isYogurt(name));
}

/**
 * Whether a yogurt said of the photo must be confirmed by a second look at its centre: the whole photo names it
 * without being sure of it (a photo sure of one item is answered alone, decision 066; a yogurt only a quarter
 * names is one item of several, which the centre does not show alone).
 */
export function yogurtNeedsCentreLook(
  whole: ReadonlyMap<string, number>,
  items: readonly ScoredIngredient[],
  thresholds: DecisionThresholds = DECISION_THRESHOLDS
): boolean {
  return items.some(({ name }) => {
    const score = whole.get(name) ?? 0;
    return isYogurt(name) && score >= thresholds.whole && score < thresholds.sure;
  });
}

/**
 * What is said after the second look at the centre (`centre`: its score per ingredient): a yogurt stays only when
 * the centre's best ingredient is a yogurt too, else it is not said. Nothing is said in its place: the drink the
 * centre names instead was as often wrong as right, and a wrong item costs more than saying nothing.
 */
export function afterCentreLook(
  items: readonly ScoredIngredient[],
  centre: ReadonlyMap<string, number>
): ScoredIngredient[] {
  const [best] = rankIngredients([centre]);
  if (best && isYogurt(best.name)) return [...items];
  return items.filter(({ name }) => !isYogurt(name));
}

/** Why the camera screens show their error popup when a photo gave nothing. */
export const NOTHING_FOUND = "No ingredient we know was found in this photo.";

/** How many other guesses each item offers the cook beside its best (the top three in all). */
export const ALTERNATIVES_PER_ITEM = 2;

/**
 * The lowest score (the head's probability times familiarity) at which a photo nothing was said for still offers
 * its best guesses as choices, none chosen (issue 28): a grocery the recogniser is unsure of, not a photo of
 * something else (a grey card scores 0: it looks like no grocery photo).
 */
export const UNSURE_FLOOR = 0.1;

/**
 * When nothing was said for a photo: its best guess and the next best, to offer as choices the cook picks from
 * (none chosen to start with), or null when even the best is under `floor` or something was said.
 */
export function unsureChoices(
  said: readonly ScoredIngredient[],
  whole: ReadonlyMap<string, number>,
  floor = UNSURE_FLOOR
): { name: string; alternatives: string[] } | null {
  if (said.length > 0) return null;
  const [best, ...rest] = rankIngredients([whole]).filter((guess) => guess.score > 0);
  if (!best || best.score < floor) return null;
  return { name: best.name, alternatives: rest.slice(0, ALTERNATIVES_PER_ITEM).map((guess) => guess.name) };
}

/**
 * The next best guesses for each item said of a photo, for the cook to choose from: the ranking of the crop that
 * was surest of the item (the whole photo or one of the quarters read), less the item and every other item said.
 * Offered however unlikely: a tap on a second or third guess is cheap, and a sure head is sometimes wrong.
 */
export function alternativesOf(
  items: readonly ScoredIngredient[],
  crops: readonly ReadonlyMap<string, number>[]
): string[][] {
  const said = new Set(items.map(({ name }) => name));
  return items.map(({ name }) => {
    const surest = crops.reduce<ReadonlyMap<string, number> | undefined>(
      (best, scores) => ((scores.get(name) ?? 0) > (best?.get(name) ?? 0) ? scores : best),
      undefined
    );
    if (!surest) return [];
    return rankIngredients([surest])
      .filter((guess) => !said.has(guess.name) && guess.score > 0)
      .slice(0, ALTERNATIVES_PER_ITEM)
      .map((guess) => guess.name);
  });
}
