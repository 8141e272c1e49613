/**
 * The default recogniser: the embedded ImageNet classifier (its food classes mapped to catalogue
 * ingredients) together with the learned examples (nearest neighbours of the photo's embedding), over the
 * whole photo and, when it is not sure of one item, its four quarters. Each recognised photo is kept for a while so that corrections teach.
 */
import type { Sharp } from "sharp";
import type { Catalogue } from "~/domain/catalogue";
import {
  afterCentreLook,
  alternativesOf,
  CENTRE_LOOK,
  classifierVotes,
  cropScores,
  neighbourVotes,
  NEIGHBOURS,
  photoIngredients,
  quartersMayChangeAnswer,
  quarterReadingOrder,
  quartersSettleAnswer,
  wholePhotoIsSure,
  WINDOW_GRID,
  withoutSiblingYogurt,
  yogurtNeedsCentreLook,
  DECISION_THRESHOLDS,
  headCropScores,
  HEAD_THRESHOLDS,
  type DecisionThresholds,
  type ExampleMemory,
  type ScoredIngredient,
  type WindowReading,
  MODEL_INPUT_SIZE,
  unsureChoices,
} from "~/domain/vision";
import { centredView, headScores, viewRegion, type TestView } from "~/domain/vision-head";
import { IMAGENET_INGREDIENTS } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
import { groceryHead, type LoadedHead } from "./head.server";
import { loadExampleMemory, saveCapture, starterExamples } from "./memory.server";
import {
  loadClassifier,
  planCrops,
  RECOGNITION_PLAN,
  windowCrops,
  type Classifier,
  type CropAnalysis,
  type CropRequest,
  type DecodedPhoto,
} from "./model.server";
import type { RecognisedItem, VisionProvider } from "./provider.server";

/** Per class of the model, the catalogue ingredient it shows, or null. */
export function classIngredients(labels: readonly string[], catalogue: Catalogue): (string | null)[] {
  return labels.map((label) => {
    const name = IMAGENET_INGREDIENTS[label];
    return name && catalogue.byName(name) ? name : null;
  });
}

/**
 * A crop's score per ingredient, from the examples and the ImageNet classes. The classes speak only when the
 * memory is empty (an install without its starter memory): beside the examples they add more wrong items than
 * right ones (a lime as "lemon", a melon as "squash"; held out on grocery-dev, whole photo: 69.5 % right first
 * and 0.44 wrong items per produce photo with them, 71.0 % and 0.21 without).
 */
export function scoreCrop(
  crop: CropAnalysis,
  ingredientOfClass: readonly (string | null)[],
  memory: ExampleMemory,
  {
    classifier = memory.size === 0,
    embedding = "embedding",
  }: { classifier?: boolean; embedding?: "embedding" | "penultimate" } = {}
): Map<string, number> {
  const probabilities = classifier ? crop.probabilities : null;
  if (classifier && !probabilities) throw new Error("The crop was read without its class probabilities");
  return cropScores(
    probabilities ? classifierVotes(probabilities, ingredientOfClass) : new Map(),
    neighbourVotes(memory.nearest(crop[embedding], NEIGHBOURS))
  );
}

export interface Recognition {
  ingredients: ScoredIngredient[];
  /** per item, the next best guesses (alternativesOf) */
  alternatives: string[][];
  /** nothing was said, but the photo's best guesses are offered as choices, none chosen (unsureChoices) */
  unsure: { name: string; alternatives: string[] } | null;
  /** what the classifier saw in the whole photo (kept so that corrections teach) */
  whole: CropAnalysis;
  /** the whole photo's score per ingredient: with a head, its answers averaged over the views it reads */
  wholeScores: Map<string, number>;
  /** the quarters were read: the whole photo was not sure of one item, and they could change the answer */
  windowsRead: boolean;
  /** the centre was read a second time to confirm a yogurt (decision 071) */
  centreRead: boolean;
}

/**
 * The recogniser's steps that bench:vision turns off to measure the ones before them: the glance at the quarters
 * (decision 068), reading them until they settle the answer (its amendment), and the yogurt's lookalikes (071).
 */
export interface RecogniserSteps {
  glance?: boolean;
  settle?: boolean;
  lookalikes?: boolean;
  /** the trained head (decision 090): its answer beside the examples' for every crop; null for none */
  head?: LoadedHead | null;
  /** a photo nothing is said for offers its best guesses as choices (unsureChoices) */
  unsure?: boolean;

  thresholds?: DecisionThresholds;
}

/**
 * Recognises a photo: the whole photo first, with a glance at its quarters pooled from the same pass; only when
 * the whole photo is not sure of one item and the glance says the quarters may change the answer (a few items
 * on a shelf) are the quarters read in passes of their own, from the same decoded pixels, one at a time (those
 * whose glance names another item first) until they settle the answer (decisions 068 and 072). A yogurt said
 * after a plant milk is not said, and a yogurt the whole photo names is said only when a second look at the
 * photo's centre names it too (decision 071: juice and plant milk cartons look like yogurt ones). bench:vision
 * turns later steps off to measure the recognisers before them (RecogniserSteps).
 */
export async function recognisePhoto(
  classifier: Classifier,
  image: Sharp,
  memory: ExampleMemory,
  ingredientOfClass: readonly (string | null)[],
  {
    glance = true,
    settle = true,
    lookalikes = true,
    head = null,
    unsure = false,
    thresholds = DECISION_THRESHOLDS,
  }: RecogniserSteps = {}
): Promise<Recognition> {
  const photo = await classifier.decode(image);
  // the ImageNet classes speak only when neither a head nor a memory does: otherwise they are not computed
  const classes = memory.size === 0 && !head;
  const read: ReadCrops = (crops) => classifier.read(photo, crops, { classes });
  const scored: Map<string, number>[] = [];
  const score = (crop: CropAnalysis, views: readonly Float32Array[] = [crop.features]) => {
    const scores = head
      ? headCropScores(headScores(head, views), memory.nearest(crop.embedding, NEIGHBOURS))
      : scoreCrop(crop, ingredientOfClass, memory, { classifier: classes });
    scored.push(scores);
    return scores;
  };
  const wholeCrops = planCrops(photo, { ...RECOGNITION_PLAN, quarters: glance, mirrored: false });
  const [whole, ...views] = await read([...wholeCrops, ...testViewCrops(photo, head?.views.slice(1) ?? [])]);
  const wholeScores = score(
    whole,
    [whole, ...views].map((crop) => crop.features)
  );
  const { items, windowsRead } = await wholeAndQuarters(
    read,
    photo,
    whole,
    wholeScores,
    (crop) => ({ scores: score(crop), embedding: crop.embedding }),
    { glance, settle, thresholds }
  );
  const answer = (ingredients: ScoredIngredient[], centreRead: boolean): Recognition => ({
    ingredients,
    alternatives: alternativesOf(ingredients, [wholeScores, ...scored.slice(1)]),
    unsure: unsure ? unsureChoices(ingredients, wholeScores) : null,
    whole,
    wholeScores,
    windowsRead,
    centreRead,
  });
  if (!lookalikes) return answer(items, false);
  const said = withoutSiblingYogurt(items);
  if (!yogurtNeedsCentreLook(wholeScores, said, thresholds)) return answer(said, false);
  const [centre] = await read(windowCrops(photo, CENTRE_LOOK));
  return answer(afterCentreLook(said, score(centre)), true);
}

/** The views the head reads beside the whole photo (its mirror image, squares in its middle), at the model's side. */
function testViewCrops(photo: DecodedPhoto, views: readonly TestView[]): CropRequest[] {
  return views.map((view) => ({
    region: viewRegion(photo.width, photo.height, centredView(view)),
    side: MODEL_INPUT_SIZE,
    mirrored: view.mirrored,
  }));
}

/** Reads crops of the photo being recognised. */
type ReadCrops = (crops: readonly CropRequest[]) => Promise<CropAnalysis[]>;

/**
 * What the whole photo and, when they may change the answer, its quarters say (decisions 066 and 068): the
 * quarters read one at a time until they settle the answer, or all four without `settle`, or whenever the whole
 * photo is not sure without `glance`.
 */
async function wholeAndQuarters(
  read: ReadCrops,
  photo: DecodedPhoto,
  whole: CropAnalysis,
  wholeScores: Map<string, number>,
  reading: (crop: CropAnalysis) => WindowReading,
  { glance, settle, thresholds }: { glance: boolean; settle: boolean; thresholds: DecisionThresholds }
): Promise<{ items: ScoredIngredient[]; windowsRead: boolean }> {
  const alone = () => photoIngredients(wholeScores, null, thresholds);
  if (wholePhotoIsSure(wholeScores, thresholds)) return { items: alone(), windowsRead: false };
  const glanced = glance ? (whole.quarters ?? []).map(reading) : [];
  if (glance && !quartersMayChangeAnswer(wholeScores, glanced, thresholds))
    return { items: alone(), windowsRead: false };
  const quarters = windowCrops(photo, WINDOW_GRID);
  if (!glance || !settle) {
    const windows = (await read(quarters)).map(reading);
    return { items: photoIngredients(wholeScores, windows, thresholds), windowsRead: true };
  }
  const windows: WindowReading[] = [];
  for (const index of quarterReadingOrder(wholeScores, glanced)) {
    const [crop] = await read([quarters[index]]);
    windows[index] = reading(crop);
    if (quartersSettleAnswer(wholeScores, windows, glanced, thresholds)) return { items: alone(), windowsRead: true };
  }
  return { items: photoIngredients(wholeScores, windows, thresholds), windowsRead: true };
}

/**
 * The steps the recogniser takes with the trained head (decision 090), chosen on grocery-val: the quarters are
 * read whenever the whole photo is not sure (no glance: 2.17 of 4 items of a 2 × 2 collage against 1.77, the
 * same top-1 on single photos), and no second look before saying yogurt (it cost 6 yogurt photos, top-1 74.9 →
 * 76.6 %).
 */
export const HEAD_STEPS: RecogniserSteps = {
  glance: false,
  lookalikes: false,
  thresholds: HEAD_THRESHOLDS,
  unsure: true,
};

/** The steps with a trained head, its bar to choose an item for the cook the one chosen with it (decision 129). */
export function headSteps(head: LoadedHead): RecogniserSteps {
  return { ...HEAD_STEPS, head, thresholds: { ...HEAD_THRESHOLDS, whole: head.bar } };
}

export interface EmbeddedOptions {
  /** start from the committed starter memory (tests of learning turn it off to start empty) */
  starter?: boolean;
}

export function createEmbeddedProvider(
  modelDirectory: string,
  { starter = true }: EmbeddedOptions = {}
): VisionProvider {
  return {
    async recognize(image: Sharp) {
      const classifier = await loadClassifier(modelDirectory);
      const head = starter ? groceryHead(classifier.fingerprint) : null;
      const starterMemory = starter ? starterExamples(classifier.fingerprint) : [];
      const [catalogue, memory] = await Promise.all([
        loadCatalogue(),
        loadExampleMemory(classifier.fingerprint, starterMemory),
      ]);
      const recognition = await recognisePhoto(
        classifier,
        image,
        memory,
        classIngredients(classifier.labels, catalogue),
        head ? headSteps(head) : {}
      );
      const found = (name: string) => ({ name, type: catalogue.byName(name)!.type });
      const ingredients: RecognisedItem[] = recognition.ingredients.map(({ name }, index) => ({
        ...found(name),
        alternatives: recognition.alternatives[index].map(found),
      }));
      if (recognition.unsure)
        ingredients.push({
          ...found(recognition.unsure.name),
          alternatives: recognition.unsure.alternatives.map(found),
          unsure: true,
        });
      const captureId =
        ingredients.length > 0
          ? await saveCapture(
              classifier.fingerprint,
              recognition.whole.embedding,
              ingredients.map(({ name }) => name)
            )
          : null;
      return { ingredients, captureId };
    },
  };
}
