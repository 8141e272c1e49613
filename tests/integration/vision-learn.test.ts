import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { createEmbeddedProvider } from "~/services/vision/embedded.server";
import { seedIngredients } from "../../prisma/seed";
import { explainSkip, GROCERY_DIR, groceryPhoto, hasGroceryPhotos, MODEL_DIR } from "../support/vision";

const skip = explainSkip("the vision:learn tests", hasGroceryPhotos, "../shared/data/images/grocery-dev");
const folder = path.resolve(`tests/.tmp/vision-learn-${process.pid}`);

/** `npm run vision:learn -- <folder>` as a separate process on this test file's database. */
async function visionLearn(target: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["app/cli/vision-learn.server.ts", target],
      {
        env: { ...process.env, VISION_MODEL_DIR: MODEL_DIR },
      }
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const { code, stdout = "", stderr = "" } = error as { code: number; stdout?: string; stderr?: string };
    return { code, output: stdout + stderr };
  }
}

describe.skipIf(skip)("npm run vision:learn", () => {
  beforeAll(async () => {
    await seedIngredients();
    mkdirSync(path.join(folder, "Mango"), { recursive: true });
    mkdirSync(path.join(folder, "Juice"), { recursive: true });
    for (const file of ["Mango/Mango_001.jpg", "Mango/Mango_002.jpg", "Juice/Bravo-Apple-Juice_001.jpg"]) {
      copyFileSync(path.join(GROCERY_DIR, file), path.join(folder, file));
    }
    writeFileSync(
      path.join(folder, "labels.csv"),
      [
        "file,fine_class,coarse_class",
        "Mango/Mango_001.jpg,Mango,Mango",
        "Mango/Mango_002.jpg,Mango,Mango",
        "Juice/Bravo-Apple-Juice_001.jpg,Mystery-Juice,Juice",
        "Mango/Mango_009.jpg,Mango,Mango",
        "../labels.csv,Mango,Mango",
      ].join("\r\n")
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("stores each photo of a catalogue ingredient once, and reports what it could not use", async () => {
    // a brand's juice the catalogue cannot name is skipped; a known one is learned as its juice (unit tests)
    const first = await visionLearn(folder);
    expect(first.output).toContain("Learned: 2 photos of 1 ingredients");
    expect(first.output).toContain("+ mango: 2");
    expect(first.output).toContain("- Juice: 1 photos skipped");
    expect(first.output).toContain("! Mango/Mango_009.jpg: file not found");
    expect(first.output).toContain("! ../labels.csv: is outside the folder");
    expect(first.code).toBe(1);
    const examples = await prisma.visionExample.findMany({ include: { ingredient: true } });
    // each photo as it is and mirrored
    expect(examples.map((example) => [example.ingredient.name, example.source, example.negative])).toEqual(
      Array.from({ length: 4 }, () => ["mango", "folder", false])
    );

    const again = await visionLearn(folder);
    expect(again.output).toContain("Learned: 0 photos");
    expect(again.output).toContain("Already known: 2");
    expect(await prisma.visionExample.count()).toBe(4);
  }, 300_000);

  it("teaches the running recogniser: another mango photo is now a mango", async () => {
    const { ingredients } = await createEmbeddedProvider(MODEL_DIR).recognize(
      sharp(groceryPhoto("Mango/Mango_004.jpg"))
    );
    expect(ingredients.map((found) => found.name)).toContain("mango");
  });

  it("says what is missing when the folder has no labels.csv", async () => {
    const result = await visionLearn(path.join(folder, "Mango"));
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/has no readable labels\.csv \(file,fine_class,coarse_class\)/);
  }, 180_000);
});
