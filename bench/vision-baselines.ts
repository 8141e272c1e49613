/**
 * The recogniser bench:vision compares the shipped one with: "old", main at 2344d98 (decision 157's mix of heads
 * over darknet-tiny, before decision 182 fine-tuned the network): darknet-tiny with that commit's head and starter
 * memory (read from git), with the steps this tree runs (headSteps).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import { ExampleMemory } from "~/domain/vision";
import { headSteps, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { groceryHead, HEAD_FILE } from "~/services/vision/head.server";
import { starterExamples, STARTER_MEMORY_FILE } from "~/services/vision/memory.server";
import { loadClassifier } from "~/services/vision/model.server";

export const OLD_COMMIT = "2344d98";
const OLD_MODEL_DIRECTORY = "models/darknet-tiny";

/** A file of OLD_COMMIT written to a temporary folder (the head and memory readers take a path). */
function oldFile(file: string, folder: string): string {
  const target = path.join(folder, path.basename(path.dirname(file)), path.basename(file));
  const text = execFileSync("git", ["show", `${OLD_COMMIT}:${file}`], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "ignore"],
  });
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  return target;
}

export type OldRecogniser = (image: Sharp, ingredientOfClass: readonly (string | null)[]) => Promise<Recognition>;

/** The recogniser main shipped at OLD_COMMIT, or null (said) when git or that commit is not at hand (a shallow clone). */
export async function oldRecogniser(): Promise<OldRecogniser | null> {
  const folder = mkdtempSync(path.join(tmpdir(), "old-vision-"));
  let files: { head: string; memory: string };
  try {
    files = { head: oldFile(HEAD_FILE, folder), memory: oldFile(STARTER_MEMORY_FILE, folder) };
  } catch {
    console.log(`The old recogniser (${OLD_COMMIT}) is not in this clone: only the new one is measured.`);
    return null;
  }
  const classifier = await loadClassifier(path.resolve(OLD_MODEL_DIRECTORY));
  const head = groceryHead(classifier.fingerprint, files.head);
  if (!head) throw new Error(`The head of ${OLD_COMMIT} does not read ${OLD_MODEL_DIRECTORY}`);
  const memory = new ExampleMemory(starterExamples(classifier.fingerprint, files.memory));
  return (image, ingredientOfClass) => recognisePhoto(classifier, image, memory, ingredientOfClass, headSteps(head));
}
