import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTER_MEMORY_FILE } from "~/services/vision/memory.server";
import { explainSkip, GROCERY_DIR, hasGroceryPhotos, IMAGENET_MODEL_DIR } from "../support/vision";

const skip = explainSkip("the vision:starter tests", hasGroceryPhotos, "../shared/data/images/grocery-dev");
const folder = path.resolve(`tests/.tmp/vision-starter-${process.pid}`);

describe.skipIf(skip)("npm run vision:starter", () => {
  beforeAll(() => {
    mkdirSync(path.join(folder, "Mango"), { recursive: true });
    copyFileSync(path.join(GROCERY_DIR, "Mango/Mango_001.jpg"), path.join(folder, "Mango/Mango_001.jpg"));
    writeFileSync(path.join(folder, "labels.csv"), "file,fine_class,coarse_class\nMango/Mango_001.jpg,Mango,Mango\n");
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("leaves the committed starter memory as it is when VISION_MODEL_DIR names another model", async () => {
    const before = readFileSync(STARTER_MEMORY_FILE);
    const run = promisify(execFile)(
      path.resolve("node_modules/.bin/tsx"),
      ["app/cli/vision-starter.server.ts", folder],
      {
        env: { ...process.env, VISION_MODEL_DIR: IMAGENET_MODEL_DIR },
      }
    );
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        `Nothing written: ${STARTER_MEMORY_FILE} is made over models/grocery-backbone only.`
      ),
    });
    expect(readFileSync(STARTER_MEMORY_FILE).equals(before)).toBe(true);
  });
});
