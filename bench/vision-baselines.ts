/**
 * The recogniser bench:vision compares the shipped one with: "old", main at 3478ace (decision 129): its linear
 * head (models/grocery-head/head.json of that commit, read from git) read as that file says (the photo, its
 * mirror, its centre at 80 % and 60 %, bar 0.45), with the steps this tree runs (headSteps: the quarters read
 * whenever the whole photo is not sure, an unsure photo offering its three best guesses, none chosen).
 */
import { execFileSync } from "node:child_process";
import type { Sharp } from "sharp";
import type { ExampleMemory } from "~/domain/vision";
import { headSteps, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { decodeHead, HEAD_FILE, type HeadFile, type LoadedHead } from "~/services/vision/head.server";
import type { Classifier } from "~/services/vision/model.server";

export const OLD_COMMIT = "3478ace";

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
  return recognisePhoto(classifier, image, starterMemory, ingredientOfClass, headSteps(head));
}
