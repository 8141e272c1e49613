/**
 * How the recogniser holds up on poor photos (decision 182's limits): the produce photos of grocery-val's report
 * half turned black and white, made dim (brightness 0.5), and as they are, each read by "old" (main at 2344d98,
 * bench/vision-baselines.ts) and "new" (the shipped recogniser) in turn, as a fresh install. Counts, of the photos:
 * right first, right among the choices offered for the first item, nothing offered.
 *
 *   npx tsx bench/vision-robustness.ts
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { getCatalogue } from "~/domain/catalogue-data";
import { ExampleMemory, SHIPPED_MODEL_DIRECTORY } from "~/domain/vision";
import { valHalves } from "~/domain/vision-head";
import { classIngredients, headSteps, recognisePhoto, type Recognition } from "~/services/vision/embedded.server";
import { groceryHead } from "~/services/vision/head.server";
import { starterExamples } from "~/services/vision/memory.server";
import { loadClassifier } from "~/services/vision/model.server";
import { isProduce, labelledFolder } from "~/services/vision/training-features.server";
import { OLD_COMMIT, oldRecogniser } from "./vision-baselines";

const VAL_DIR = path.join(path.resolve(process.env.SHARED_DIR ?? "../shared"), "data/images/grocery-val");
if (!existsSync(path.join(VAL_DIR, "labels.csv"))) {
  console.log(`Skipped: needs ${VAL_DIR}/labels.csv (from ../shared, or SHARED_DIR).`);
  process.exit(0);
}

const catalogue = getCatalogue();
const classifier = await loadClassifier(path.resolve(SHIPPED_MODEL_DIRECTORY));
const head = groceryHead(classifier.fingerprint);
if (!head) throw new Error("No trained head: run npm run vision:train first");
const memory = new ExampleMemory(starterExamples(classifier.fingerprint));
const ingredientOfClass = classIngredients(classifier.labels, catalogue);
const old = await oldRecogniser();
const recognisers: Record<string, (image: Sharp) => Promise<Recognition>> = {
  ...(old && { old: (image: Sharp) => old(image, ingredientOfClass) }),
  new: (image) => recognisePhoto(classifier, image, memory, ingredientOfClass, headSteps(head)),
};

const photos = valHalves(
  (await labelledFolder(VAL_DIR, catalogue)).filter((photo) => head.classes.includes(photo.ingredient))
).report.filter(isProduce);
/** The choices offered for the first item, sure or not, first one first (as bench:vision counts them). */
const offered = (recognition: Recognition) => {
  const [first] = recognition.ingredients;
  if (first) return [first.name, ...(recognition.alternatives[0] ?? [])];
  return recognition.unsure ? [recognition.unsure.name, ...recognition.unsure.alternatives] : [];
};
const conditions: [string, (image: Sharp) => Sharp][] = [
  ["black and white", (image) => image.greyscale()],
  ["dim (brightness 0.5)", (image) => image.modulate({ brightness: 0.5 })],
  ["as taken", (image) => image],
];

console.log(`grocery-val report half, produce: ${photos.length} photos; old: main at ${OLD_COMMIT}; new: this tree\n`);
console.log("| photos | recogniser | right first | right among those offered | nothing offered |");
console.log("|---|---|---|---|---|");
for (const [label, alter] of conditions) {
  const counts = new Map(Object.keys(recognisers).map((name) => [name, { first: 0, offered: 0, nothing: 0 }]));
  for (const [index, photo] of photos.entries()) {
    const bytes = await alter(sharp(readFileSync(path.join(VAL_DIR, photo.file))))
      .jpeg()
      .toBuffer();
    const names = Object.keys(recognisers);
    for (const name of index % 2 === 0 ? names : names.reverse()) {
      const choices = offered(await recognisers[name](sharp(bytes)));
      const count = counts.get(name)!;
      if (choices[0] === photo.ingredient) count.first++;
      if (choices.includes(photo.ingredient)) count.offered++;
      if (choices.length === 0) count.nothing++;
    }
  }
  for (const [name, { first, offered: among, nothing }] of counts)
    console.log(`| ${label} | ${name} | ${first} | ${among} | ${nothing} |`);
}
