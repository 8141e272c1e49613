/**
 * The recogniser bench:vision compares the shipped one with: "old", main at 2344d98 (decision 157's mix of heads
 * over darknet-tiny, before decision 182 fine-tuned the network): darknet-tiny with that commit's head and starter
 * memory (read from git), with the steps this tree runs (headSteps).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import { ExampleMemory } from "~/domain/vision";
import { headSteps, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { groceryHead, HEAD_FILE, type HeadFile } from "~/services/vision/head.server";
import { starterExamples, STARTER_MEMORY_FILE } from "~/services/vision/memory.server";
import { loadClassifier } from "~/services/vision/model.server";

export const OLD_COMMIT = "2344d98";
export const OLD_MODEL_DIRECTORY = "models/darknet-tiny";

/** A file of OLD_COMMIT, or null when git or that commit is not at hand (a shallow clone). */
function oldFile(file: string): string | null {
  try {
    return execFileSync("git", ["show", `${OLD_COMMIT}:${file}`], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

/** OLD_COMMIT's head (over darknet-tiny), for the benches that compare with it; throws without git or that commit. */
export function oldHeadFile(): HeadFile {
  const text = oldFile(HEAD_FILE);
  if (text === null) throw new Error(`${HEAD_FILE} of ${OLD_COMMIT} is not in this clone`);
  return JSON.parse(text) as HeadFile;
}

export type OldRecogniser = (image: Sharp, ingredientOfClass: readonly (string | null)[]) => Promise<Recognition>;

/** The recogniser main shipped at OLD_COMMIT, or null (said) when git or that commit is not at hand. */
export async function oldRecogniser(): Promise<OldRecogniser | null> {
  const texts = { head: oldFile(HEAD_FILE), memory: oldFile(STARTER_MEMORY_FILE) };
  if (texts.head === null || texts.memory === null) {
    console.log(`The old recogniser (${OLD_COMMIT}) is not in this clone: only the new one is measured.`);
    return null;
  }
  const classifier = await loadClassifier(path.resolve(OLD_MODEL_DIRECTORY));
  // the head and memory readers take a path: the old files are written to a temporary folder, read, and removed
  const folder = mkdtempSync(path.join(tmpdir(), "old-vision-"));
  try {
    const files = { head: path.join(folder, "head.json"), memory: path.join(folder, "memory.json") };
    writeFileSync(files.head, texts.head);
    writeFileSync(files.memory, texts.memory);
    const head = groceryHead(classifier.fingerprint, files.head);
    if (!head) throw new Error(`The head of ${OLD_COMMIT} does not read ${OLD_MODEL_DIRECTORY}`);
    const memory = new ExampleMemory(starterExamples(classifier.fingerprint, files.memory));
    if (memory.size === 0) throw new Error(`The starter memory of ${OLD_COMMIT} does not read ${OLD_MODEL_DIRECTORY}`);
    return (image, ingredientOfClass) => recognisePhoto(classifier, image, memory, ingredientOfClass, headSteps(head));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
