/**
 * The default recogniser: the embedded ImageNet classifier (its food classes mapped to catalogue
 * ingredients) together with the learned examples (nearest neighbours of the photo's embedding), over the
 * whole photo and, when it is not sure of one item, its four quarters. Each recognised photo is kept for a while so that corrections teach.
 */
import type { Sharp } from "sharp";
import type { Catalogue } from "~/domain/catalogue";
import {
  afterCentreLook,
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
  type ExampleMemory,
  type ScoredIngredient,
  type WindowReading,
} from "~/domain/vision";
import { IMAGENET_INGREDIENTS } from "~/domain/vision-labels";
import { loadCatalogue } from "~/services/catalogue.server";
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
import type { VisionProvider } from "./provider.server";

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
  /** what the classifier saw in the whole photo (kept so that corrections teach) */
  whole: CropAnalysis;
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
  { glance = true, settle = true, lookalikes = true }: RecogniserSteps = {}
): Promise<Recognition> {
  const photo = await classifier.decode(image);
  // the ImageNet classes speak only when the memory is empty: otherwise they are not computed
  const classes = memory.size === 0;
  const read: ReadCrops = (crops) => classifier.read(photo, crops, { classes });
  const score = (crop: CropAnalysis) => scoreCrop(crop, ingredientOfClass, memory, { classifier: classes });
  const [whole] = await read(planCrops(photo, { ...RECOGNITION_PLAN, quarters: glance }));
  const wholeScores = score(whole);
  const { items, windowsRead } = await wholeAndQuarters(
    read,
    photo,
    whole,
    wholeScores,
    (crop) => ({ scores: score(crop), embedding: crop.embedding }),
    { glance, settle }
  );
  if (!lookalikes) return { ingredients: items, whole, windowsRead, centreRead: false };
  const said = withoutSiblingYogurt(items);
  if (!yogurtNeedsCentreLook(wholeScores, said)) return { ingredients: said, whole, windowsRead, centreRead: false };
  const [centre] = await read(windowCrops(photo, CENTRE_LOOK));
  return { ingredients: afterCentreLook(said, score(centre)), whole, windowsRead, centreRead: true };
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
  { glance, settle }: { glance: boolean; settle: boolean }
): Promise<{ items: ScoredIngredient[]; windowsRead: boolean }> {
  if (wholePhotoIsSure(wholeScores)) return { items: photoIngredients(wholeScores, null), windowsRead: false };
  const glanced = glance ? (whole.quarters ?? []).map(reading) : [];
  if (glance && !quartersMayChangeAnswer(wholeScores, glanced)) {
    return { items: photoIngredients(wholeScores, null), windowsRead: false };
  }
  const quarters = windowCrops(photo, WINDOW_GRID);
  if (!glance || !settle) {
    const windows = (await read(quarters)).map(reading);
    return { items: photoIngredients(wholeScores, windows), windowsRead: true };
  }
  const windows: WindowReading[] = [];
  for (const index of quarterReadingOrder(wholeScores, glanced)) {
    const [crop] = await read([quarters[index]]);
    windows[index] = reading(crop);
    if (quartersSettleAnswer(wholeScores, windows, glanced)) {
      return { items: photoIngredients(wholeScores, null), windowsRead: true };
    }
  }
  return { items: photoIngredients(wholeScores, windows), windowsRead: true };
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
      const starterMemory = starter ? starterExamples(classifier.fingerprint) : [];
      const [catalogue, memory] = await Promise.all([loadCatalogue(), loadExampleMemory(starterMemory)]);
      const recognition = await recognisePhoto(
        classifier,
        image,
        memory,
        classIngredients(classifier.labels, catalogue)
      );
      const ingredients = recognition.ingredients.map(({ name }) => ({ name, type: catalogue.byName(name)!.type }));
      const captureId =
        ingredients.length > 0
          ? await saveCapture(
              recognition.whole.embedding,
              ingredients.map(({ name }) => name)
            )
          : null;
      return { ingredients, captureId };
    },
  };
}
