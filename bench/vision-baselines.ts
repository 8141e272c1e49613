/**
 * The recogniser bench:vision compares the shipped one with: "old", main at 301a993 (decision 090 as first
 * landed): its trained head (models/grocery-head/head.json of that commit, read from git), the photo read as it
 * is and mirrored, the quarters read whenever the whole photo is not sure, and a photo it was unsure of offered
 * nothing (the error popup).
 */
import { execFileSync } from "node:child_process";
import type { Sharp } from "sharp";
import { HEAD_THRESHOLDS, type ExampleMemory } from "~/domain/vision";
import { HEAD_STEPS, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { decodeHead, HEAD_FILE, type HeadFile, type LoadedHead } from "~/services/vision/head.server";
import type { Classifier } from "~/services/vision/model.server";

export const OLD_COMMIT = "301a993";

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
    thresholds: { ...HEAD_THRESHOLDS, whole: 0.4 },
    unsure: false,
    head: { ...head, centre: false },
  });
}
