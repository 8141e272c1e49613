/**
 * The recogniser bench:vision compares the shipped one with: "old", main at 8e171f0 (decision 104): its trained
 * head (models/grocery-head/head.json of that commit, read from git), the photo, its centre and their mirror
 * images read, the quarters read whenever the whole photo is not sure, the bar to choose for the cook 0.45, and a
 * photo it was unsure of offering its three best guesses, none chosen.
 */
import { execFileSync } from "node:child_process";
import type { Sharp } from "sharp";
import { DECISION_THRESHOLDS, type ExampleMemory } from "~/domain/vision";
import { HEAD_STEPS, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { decodeHead, HEAD_FILE, type HeadFile, type LoadedHead } from "~/services/vision/head.server";
import type { Classifier } from "~/services/vision/model.server";

export const OLD_COMMIT = "8e171f0";

/** The head main shipped at OLD_COMMIT, or null (said) when git or that commit is not at hand (a shallow clone). */
export function oldHead(): LoadedHead | null {
  try {
    const text = execFileSync("git", ["show", `${OLD_COMMIT}:${HEAD_FILE}`], {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return decodeHead(JSON.parse(text) as HeadFile);
  } catch {
    console.log(`The old head (${OLD_COMMIT}:${HEAD_FILE}) is not in this clone: only the new one is measured.`);
    return null;
  }
}

export function recogniseMain(
  classifier: Classifier,
  image: Sharp,
  starterMemory: ExampleMemory,
  ingredientOfClass: readonly (string | null)[],
  head: LoadedHead
): Promise<Recognition> {
  return recognisePhoto(classifier, image, starterMemory, ingredientOfClass, {
    ...HEAD_STEPS,
    thresholds: { ...DECISION_THRESHOLDS, sure: 0.9, whole: 0.45 },
    unsure: true,
    head: { ...head, bar: 0.45 },
  });
}
