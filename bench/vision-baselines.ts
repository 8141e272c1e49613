/**
 * The recognisers bench:vision compares the shipped one with, on the same folds: "old" (before issue 17),
 * "25 Nov" (the first issue-17 recogniser: four 0.6 windows read at 160 px every time, and its thresholds) and
 * "066" (decision 066: the whole photo at 224 px, and four more passes over its quarters at 160 px whenever it is
 * not sure) and "068" (decision 068 and its amendment: the quarters read when the glance at them says they may
 * change the answer, until they settle it; main before decision 071).
 */
import type { Sharp } from "sharp";
import { MODEL_INPUT_SIZE, rankIngredients, type ExampleMemory, type ScoredIngredient } from "~/domain/vision";
import { recognisePhoto, type Recognition, type RecogniserSteps } from "~/services/vision/embedded.server";
import type { AnalysisPlan, Classifier } from "~/services/vision/model.server";

/** The shipped recogniser with some of its later steps turned off. */
function recogniserWithout(options: RecogniserSteps) {
  return (
    classifier: Classifier,
    image: Sharp,
    memory: ExampleMemory,
    ingredientOfClass: readonly (string | null)[]
  ): Promise<Recognition> => recognisePhoto(classifier, image, memory, ingredientOfClass, options);
}

/** Decision 066's recogniser: the whole photo at 224 px, and whenever it is not sure its quarters at 160 px. */
export const recognise066 = recogniserWithout({ glance: false, lookalikes: false });

/**
 * Decision 068 with its amendment (main before decision 071): the quarters read at 160 px one at a time, when the
 * glance says they may change the answer, until they settle it; no second look at a yogurt.
 */
export const recognise068 = recogniserWithout({ lookalikes: false });

/** The old recogniser's crops: the whole photo and four 2/3 windows, all at 224 px. */
export const OLD_PLAN: AnalysisPlan = {
  wholeSide: MODEL_INPUT_SIZE,
  mirrored: false,
  windows: { grid: 2, share: 2 / 3, side: MODEL_INPUT_SIZE },
};
export const OLD_THRESHOLDS = { whole: 0.5, window: 0.8 };

/** The 25 November recogniser's windows (read beside the whole photo at 224 px). */
export const NOVEMBER_WINDOWS = { grid: 2, share: 0.6, side: 160 };
export const NOVEMBER_THRESHOLDS = { whole: 0.4, window: 0.8 };

/**
 * The rule both used: what the whole photo (the first crop) reaches `whole` for, and what one of the windows
 * reaches `window` for, each once, best first.
 */
export function confidentIngredients(
  crops: readonly ReadonlyMap<string, number>[],
  thresholds: { whole: number; window: number }
): ScoredIngredient[] {
  const [whole, ...windows] = crops;
  const confident = (name: string) =>
    (whole?.get(name) ?? 0) >= thresholds.whole ||
    windows.some((scores) => (scores.get(name) ?? 0) >= thresholds.window);
  return rankIngredients(crops).filter(({ name }) => confident(name));
}
