/**
 * The recogniser's memory of labelled photos (VisionExample: a photo's embedding and the ingredient it shows,
 * or with `negative`, does not show), and the recent photos corrections can teach from (VisionCapture).
 * Stored in the database so it survives restarts and is shared by every process; each process keeps the
 * examples packed in memory and reloads them when the table changed.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CatalogueIngredient } from "~/domain/catalogue";
import type { PantryItem } from "~/domain/pantry";
import { storedStringList } from "~/domain/stored-list";
import { ExampleMemory, type LabelledEmbedding } from "~/domain/vision";
import { ingredientIdOf, loadCatalogue } from "~/services/catalogue.server";
import { prisma } from "~/services/db.server";

/** How long a photo's embedding is kept for corrections on ingredient preview. */
export const CAPTURE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** An ingredient added by hand counts as missed in a photo only this soon after it was taken. */
export const MISSED_ITEM_WINDOW_MS = 10 * 60 * 1000;
/** Corrections of one photo teach at most this many examples, so one photo cannot flood the memory. */
const MAX_EXAMPLES_PER_PHOTO = 12;

export type ExampleSource = "folder" | "correction";

export function embeddingToBytes(embedding: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(embedding.length * 4);
  const view = new DataView(bytes.buffer);
  embedding.forEach((value, index) => view.setFloat32(index * 4, value, true));
  return bytes;
}

export function embeddingFromBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, index) => view.getFloat32(index * 4, true));
}

/**
 * The memory a fresh install starts with: examples computed from the GroceryStoreDataset dev photos
 * (../shared/data/images/grocery-dev, MIT) by `npm run vision:starter`, committed beside the model.
 */
export const STARTER_MEMORY_FILE = "models/grocery-starter-memory/memory.json";

/** The starter memory file: which model made it, and per example its ingredient; the vectors as signed bytes. */
export interface StarterMemoryFile {
  source: string;
  /** modelFingerprint() of the model whose embeddings these are: another model's would be meaningless */
  model: string;
  dimensions: number;
  ingredients: string[];
  /** base64 of one Int8 row per example: the unit embedding times 127, rounded */
  vectors: string;
}

export function encodeStarterVectors(embeddings: readonly Float32Array[]): string {
  const bytes = Int8Array.from(
    embeddings.flatMap((embedding) => Array.from(embedding, (value) => Math.round(value * 127)))
  );
  return Buffer.from(bytes.buffer).toString("base64");
}

function decodeStarter(file: StarterMemoryFile): LabelledEmbedding[] {
  const bytes = new Int8Array(Buffer.from(file.vectors, "base64"));
  if (bytes.length !== file.ingredients.length * file.dimensions)
    throw new Error("the vectors do not match the ingredients");
  return file.ingredients.map((ingredient, row) => ({
    ingredient,
    negative: false,
    embedding: Float32Array.from(
      bytes.subarray(row * file.dimensions, (row + 1) * file.dimensions),
      (value) => value / 127
    ),
  }));
}

const starters = new Map<string, LabelledEmbedding[]>();

/**
 * The starter examples for the model with this fingerprint, read once per process; none (logged once) when
 * the file is missing, unreadable or made with another model, so recognition still runs on what was learned.
 */
export function starterExamples(model: string, file = STARTER_MEMORY_FILE): LabelledEmbedding[] {
  const key = `${model}:${path.resolve(file)}`;
  let examples = starters.get(key);
  if (examples) return examples;
  examples = [];
  try {
    if (!existsSync(file)) throw new Error("the file is missing");
    const starter = JSON.parse(readFileSync(file, "utf8")) as StarterMemoryFile;
    if (starter.model !== model) throw new Error("it was made with another recognition model (VISION_MODEL_DIR)");
    examples = decodeStarter(starter);
  } catch (error) {
    console.warn(`Photo recognition starts without its starter memory ${file}: ${(error as Error).message}`);
  }
  starters.set(key, examples);
  return examples;
}

let cached: { stamp: string; model: string; starter: readonly LabelledEmbedding[]; memory: ExampleMemory } | undefined;
let skippedUnusable = "";

/** Changes whenever an example is added or removed (a changed example is replaced by a new row). */
async function currentStamp(): Promise<string> {
  const { _count, _max } = await prisma.visionExample.aggregate({ _count: { _all: true }, _max: { id: true } });
  return `${_count._all}:${_max.id ?? 0}`;
}

/**
 * The starter examples and every example learned with the model of this fingerprint, packed for
 * nearest-neighbour search; the table is read again only when it changed. Examples of another model (decision
 * 183: darknet-tiny's, from before it was fine-tuned) or of another embedding length (stored before the
 * embedding changed) are left out, and said so once.
 */
export async function loadExampleMemory(
  model: string,
  starter: readonly LabelledEmbedding[] = []
): Promise<ExampleMemory> {
  const stamp = await currentStamp();
  if (cached?.stamp === stamp && cached.model === model && cached.starter === starter) return cached.memory;
  const [rows, otherModels] = await Promise.all([
    prisma.visionExample.findMany({
      where: { model },
      select: { embedding: true, negative: true, ingredient: { select: { name: true } } },
      orderBy: { id: "asc" },
    }),
    prisma.visionExample.count({ where: { model: { not: model } } }),
  ]);
  const learned = rows.map((row) => ({
    ingredient: row.ingredient.name,
    negative: row.negative,
    learned: true,
    embedding: embeddingFromBytes(row.embedding),
  }));
  const dimensions = starter[0]?.embedding.length ?? learned.at(-1)?.embedding.length;
  const usable = learned.filter((example) => example.embedding.length === dimensions);
  const left = learned.length - usable.length + otherModels;
  const skipped = `${left}:${stamp}`;
  if (left > 0 && skipped !== skippedUnusable) {
    skippedUnusable = skipped;
    console.warn(
      `Photo recognition leaves out ${left} learned examples of another recognition model or an older embedding`
    );
  }
  const memory = new ExampleMemory([...starter, ...usable]);
  cached = { stamp, model, starter, memory };
  return memory;
}

/**
 * Stores that a photo (its embedding by the model of fingerprint `model`) shows an ingredient, or does not
 * (`negative`). The same photo and ingredient are stored once: a second answer replaces the first. Returns false
 * when it was known already.
 */
export async function rememberExample(example: {
  ingredient: CatalogueIngredient;
  embedding: Float32Array;
  model: string;
  source: ExampleSource;
  negative: boolean;
}): Promise<boolean> {
  const ingredientId = ingredientIdOf(example.ingredient);
  if (ingredientId === null) throw new Error(`${example.ingredient.name} is not a stored catalogue ingredient`);
  const embedding = embeddingToBytes(example.embedding);
  return prisma.$transaction(async (tx) => {
    const same = await tx.visionExample.findFirst({
      where: { ingredientId, model: example.model, embedding: { equals: embedding } },
    });
    if (same?.negative === example.negative) return false;
    if (same) await tx.visionExample.delete({ where: { id: same.id } });
    await tx.visionExample.create({
      data: { ingredientId, embedding, model: example.model, source: example.source, negative: example.negative },
    });
    return true;
  });
}

/**
 * Keeps a photo's embedding (by the model of fingerprint `model`) and what was found in it, so that corrections
 * on ingredient preview can teach from it; photos older than CAPTURE_RETENTION_MS are dropped on the way. Returns
 * the capture id.
 */
export async function saveCapture(
  model: string,
  embedding: Float32Array,
  detected: readonly string[]
): Promise<string> {
  const id = randomBytes(16).toString("hex");
  await prisma.$transaction([
    prisma.visionCapture.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - CAPTURE_RETENTION_MS) } } }),
    prisma.visionCapture.create({
      data: { id, model, embedding: embeddingToBytes(embedding), detected: JSON.stringify(detected) },
    }),
  ]);
  return id;
}

/**
 * A change a user made on ingredient preview to what a photo gave: a found item renamed (both names), a found
 * item deleted (`correctedName` null) or an item the photo missed added by hand (`previousName` null).
 */
export interface VisionCorrection {
  captureId: string;
  previousName: string | null;
  correctedName: string | null;
}

/**
 * Teaches the memory from a correction: the photo does not show the found ingredient it was wrong about, and
 * does show the one the user named. Only catalogue ingredients teach; "not this" only for what the photo's
 * recognition actually said; a missed item only within MISSED_ITEM_WINDOW_MS of the photo. Returns how many
 * examples were stored (0 when the photo is no longer kept).
 */
export async function learnFromCorrection(correction: VisionCorrection): Promise<number> {
  const capture = await prisma.visionCapture.findUnique({ where: { id: correction.captureId } });
  if (!capture) return 0;
  const catalogue = await loadCatalogue();
  const detected = storedStringList(capture.detected);
  const wrong = correction.previousName ? catalogue.find(correction.previousName) : null;
  const right = correction.correctedName ? catalogue.find(correction.correctedName) : null;
  if (wrong && wrong === right) return 0;
  const lessons: { ingredient: CatalogueIngredient; negative: boolean }[] = [];
  if (wrong && detected.includes(wrong.name)) lessons.push({ ingredient: wrong, negative: true });
  const missedInTime = Date.now() - capture.createdAt.getTime() <= MISSED_ITEM_WINDOW_MS;
  if (right && (correction.previousName !== null || missedInTime)) lessons.push({ ingredient: right, negative: false });
  if (lessons.length === 0) return 0;

  const embedding = embeddingFromBytes(capture.embedding);
  const alreadyTaught = await prisma.visionExample.count({ where: { embedding: { equals: capture.embedding } } });
  let learned = 0;
  for (const lesson of lessons.slice(0, Math.max(0, MAX_EXAMPLES_PER_PHOTO - alreadyTaught))) {
    if (await rememberExample({ ...lesson, embedding, model: capture.model, source: "correction" })) learned++;
  }
  const corrected = detected
    .filter((name) => name !== wrong?.name)
    .concat(right && !detected.includes(right.name) ? [right.name] : []);
  await prisma.visionCapture.update({ where: { id: capture.id }, data: { detected: JSON.stringify(corrected) } });
  return learned;
}

/** For the ingredient list: a correction teaches, but a failure to learn never fails the user's change (it is logged). */
export async function noteCorrection(correction: VisionCorrection): Promise<void> {
  try {
    await learnFromCorrection(correction);
  } catch (error) {
    console.error("Could not learn from a correction of a photo's ingredients:", error);
  }
}

/**
 * Ingredients added by hand while the list holds a photo's items may be ones the photo missed: each teaches
 * the newest photo (if it was taken within MISSED_ITEM_WINDOW_MS).
 */
export async function noteMissedIngredients(
  existing: readonly PantryItem[],
  added: readonly PantryItem[]
): Promise<void> {
  const captureId = existing.findLast((item) => item.captureId)?.captureId;
  if (!captureId) return;
  for (const item of added) {
    if (item.source === "manual") await noteCorrection({ captureId, previousName: null, correctedName: item.name });
  }
}
